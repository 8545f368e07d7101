import { menuSchema, menusSchema, productDetailSchema, productListSchema } from '#shared/api/catalog';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { serializeBody, type SerializedBody } from '../../lib/http-cache';
import { cachedRead } from '../../lib/read-cache';
import { locationsAnswer } from '../delivery/delivery.service';
import { dayProducts, menuById, menusForDate, productDetail, UNKNOWN_DISH } from './catalog.service';

/** How findProduct reads an id or a slug: digits are an id (leading zeros or not), a slug in lower case. */
const productKey = (idOrSlug: string) => (/^\d+$/.test(idOrSlug) ? String(Number(idOrSlug)) : idOrSlug.toLowerCase());

/** Every dish's id and slug, whatever its dates (a dish page shows one that is not served too). */
const productKeys = (db: Db): Promise<Set<string>> =>
  cachedRead(db, 'product-keys', async () => new Set((await db.select({ id: products.id, slug: products.slug }).from(products)).flatMap((row) => [String(row.id), row.slug.toLowerCase()])));

/**
 * The public catalog's answers for a delivery date, serialized once and kept in the in-process copy
 * (server/lib/read-cache.ts, dropped on any catalog change): the API routes send them, and the
 * server's page rendering reads the very same.
 */
export const catalogAnswers = {
  menus: (db: Db, date: string | null): Promise<SerializedBody> =>
    cachedRead(db, `menus:${date}`, async () => serializeBody(menusSchema, await menusForDate(db, date))),
  menu: (db: Db, date: string | null, id: number): Promise<SerializedBody> =>
    cachedRead(db, `menu:${date}:${id}`, async () => serializeBody(menuSchema, await menuById(db, date, id))),
  products: (db: Db, date: string | null): Promise<SerializedBody> =>
    cachedRead(db, `products:${date}`, async () => serializeBody(productListSchema, await dayProducts(db, date))),
  product: async (db: Db, date: string | null, idOrSlug: string): Promise<SerializedBody> => {
    // An invented address costs no query: a flood of them (a page each) would cost one apiece.
    if (!(await productKeys(db)).has(productKey(idOrSlug))) throw notFound(UNKNOWN_DISH);
    return cachedRead(db, `product:${date}:${idOrSlug}`, async () => serializeBody(productDetailSchema, await productDetail(db, date, idOrSlug)));
  },
  /** The delivery module's own answer (the points are the delivery's), for the pages' reads. */
  locations: locationsAnswer,
};
