import type { z } from 'zod/mini';
import { pathOf, type AnswerOf, type ApiRoute, type BodyOf, type PathParams, type QueryOf } from '../shared/api/route-table';
import { api, type RequestOptions } from './api-client';

type Params<R extends ApiRoute> = [keyof PathParams<R['path']>] extends [never] ? { params?: undefined } : { params: PathParams<R['path']> };
/** A body of the route's schema; any (a FormData) when the table has none (a multipart upload). */
type Body<R extends ApiRoute> = [BodyOf<R>] extends [undefined] ? { body?: unknown } : undefined extends BodyOf<R> ? { body?: BodyOf<R> } : { body: BodyOf<R> };
/** The query its schema says; any when the table has none (the server alone checks it). */
type Query<R extends ApiRoute> = [QueryOf<R>] extends [undefined] ? { query?: Record<string, string | number | boolean | null | undefined> } : { query: QueryOf<R> };

/** What a call of a route is given: its path's parameters, its query and body as its schemas say, and the client's options. */
export type CallInput<R extends ApiRoute> = Params<R> & Body<R> & Query<R> & Pick<RequestOptions<unknown>, 'signal' | 'onResponse' | 'idempotencyKey' | 'revalidate'>;

type Optional<R extends ApiRoute> = object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/**
 * Calls a route of the table (src/shared/api/routes/) through the API client (src/lib/api-client.ts:
 * its errors, idempotency keys, deadlines and anti-forgery token): the path from the table and the
 * parameters, the answer parsed by the route's schema, loaded with the first answer (no zod on the
 * first screen) and typed by it.
 *
 *   const cart = await call(CART.postCartProducts, { body: { id } });
 */
export function call<R extends ApiRoute>(route: R, ...[input]: Optional<R>): Promise<AnswerOf<R>> {
  const { params, query, body, ...options } = (input ?? {}) as { params?: Record<string, string | number>; query?: object; body?: unknown } & RequestOptions<unknown>;
  const schemas = route.schemas;
  return api<AnswerOf<R>>(pathOf(route, params as never, query), {
    ...options,
    method: route.method,
    body,
    schema: schemas && (async () => (await schemas()).answer as z.ZodMiniType<AnswerOf<R>> | undefined),
  });
}
