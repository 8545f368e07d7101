import type { FastifyInstance } from 'fastify';
import { productListSchema } from '#shared/api/catalog';
import { publicReadOf, type PUBLIC_READS, type PublicReadName } from '#shared/api/public-reads';
import { settingsSchema, shopOpenSchema } from '#shared/api/state';
import { HOMEPAGE_PRODUCTS } from '#shared/constants';
import { AppError } from '../lib/errors';
import { serializeBody, type SerializedBody } from '../lib/http-cache';
import { catalogAnswers, shuffle } from '../modules/catalog/catalog.service';
import { locationsAnswer } from '../modules/delivery/delivery.service';
import { publicSettings, requestedDeliveryDate, shopOpen } from '../modules/shop/shop.service';

type Read = (app: FastifyInstance, date: string | null, param: string | undefined, query: URLSearchParams) => Promise<SerializedBody>;

/**
 * The public reads a page's loaders make (src/shared/api/public-reads.ts, those marked `page`),
 * answered by the same functions as the API routes (and the same in-process copies), with no HTTP.
 * Only these: a page the server renders holds nothing personal (the customer, the cart, the chosen
 * point come after hydration, from /api/state).
 */
const READS: { [name in PublicReadName as (typeof PUBLIC_READS)[name]['page'] extends true ? name : never]: Read } = {
  shopOpen: async (app) => serializeBody(shopOpenSchema, await shopOpen(app.db, app.clock.now())),
  settings: async (app) => serializeBody(settingsSchema, await publicSettings(app)),
  menus: (app, date) => catalogAnswers.menus(app.db, date),
  menu: (app, date, id) => catalogAnswers.menu(app.db, date, Number(id)),
  dayProducts: (app, date) => catalogAnswers.products(app.db, date),
  shuffle: async (app, date, _param, query) => serializeBody(productListSchema, await shuffle(app.db, date, Math.min(Number(query.get('number')) || HOMEPAGE_PRODUCTS, 20))),
  product: (app, date, idOrSlug) => catalogAnswers.product(app.db, date, decodeURIComponent(idOrSlug!)),
  deliveryLocations: (app, date) => locationsAnswer(app.db, date),
};

const json = (body: string, status: number, now: Date) =>
  new Response(body, { status, headers: { 'content-type': 'application/json; charset=utf-8', date: now.toUTCString() } });

/** The transport the server's page rendering gives its loaders (src/entry-server.tsx). */
export function pageReads(app: FastifyInstance) {
  return async (path: string, init: RequestInit): Promise<Response> => {
    const url = new URL(path, 'http://page.invalid');
    const found = publicReadOf(url.pathname);
    const answer = found ? (READS as Partial<Record<PublicReadName, Read>>)[found.name] : undefined;
    if ((init.method ?? 'GET') !== 'GET' || !found || !answer) throw new Error(`A server-rendered page may only read the public catalog, not ${init.method ?? 'GET'} ${url.pathname}`);
    const now = app.clock.now();
    const asked = url.searchParams.get('date');
    if (asked !== null && !/^\d{4}-\d{2}-\d{2}$/.test(asked)) return json(JSON.stringify({ message: 'La date doit être au format AAAA-MM-JJ.', code: 'validation_failed' }), 422, now);
    try {
      const date = await requestedDeliveryDate(app.db, now, asked ?? undefined);
      const body = await answer(app, date, found.param, url.searchParams);
      return json(body.json, 200, now);
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500) return json(JSON.stringify({ message: err.message, code: err.code }), err.statusCode, now);
      throw err;
    }
  };
}
