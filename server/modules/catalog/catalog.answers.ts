import { deliveryLocationsSchema } from '#shared/api/delivery';
import { menuSchema, menusSchema, productDetailSchema, productListSchema } from '#shared/api/catalog';
import type { Db } from '../../db/client';
import { serializeBody, type SerializedBody } from '../../lib/http-cache';
import { cachedRead } from '../../lib/read-cache';
import { locationsOn } from '../delivery/delivery.service';
import { dayProducts, menuById, menusForDate, productDetail } from './catalog.service';

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
  product: (db: Db, date: string | null, idOrSlug: string): Promise<SerializedBody> =>
    cachedRead(db, `product:${date}:${idOrSlug}`, async () => serializeBody(productDetailSchema, await productDetail(db, date, idOrSlug))),
  locations: (db: Db, date: string | null): Promise<SerializedBody> =>
    cachedRead(db, `locations:${date}`, async () => serializeBody(deliveryLocationsSchema, await locationsOn(db, date))),
};
