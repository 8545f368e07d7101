import type { FastifyInstance, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { RouteGenericInterface } from 'fastify/types/route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiRoute, HttpMethod, RouteSchemas } from '#shared/api/route-table';

type Part<S, K extends keyof RouteSchemas> = S extends Record<K, infer T> ? T : undefined;

/** A table route's Fastify schema: what the reference documents and the route validates with. */
interface TableSchema<S extends RouteSchemas> {
  summary: string;
  description?: string;
  params: Part<S, 'params'>;
  querystring: Part<S, 'query'>;
  body: Part<S, 'body'>;
  response: S extends Record<'answer', infer A> ? Record<200 | 201, A> : undefined;
}

/** Any instance: the handler's types come from the table's schemas, whatever the instance's provider. */
type AnyApp = Pick<FastifyInstance, 'route'>;
type Generic = RouteGenericInterface;

/**
 * The table's schema, with what the route adds or puts instead (a provider's own body). An answer
 * given here is not JSON of the table (a page, a PDF, a redirect, a stream): documented, not typed.
 */
type Merged<S extends RouteSchemas, X> = Omit<TableSchema<S>, keyof X> & Omit<X, 'response'>;

/** What a route adds to the table's part, as it would have beside it (config, hooks, limits). */
type TableRouteOptions<S extends RouteSchemas, X> = Omit<RouteShorthandOptions<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, Generic, unknown, Merged<S, X>, ZodTypeProvider>, 'schema'> & {
  /**
   * What only the server says: a schema of the full zod (a provider's notification, a redirect),
   * tags, another answer's status. The client knows the route by the table alone.
   */
  schema?: X;
};

type TableHandler<S extends RouteSchemas, X> = RouteHandlerMethod<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, Generic, unknown, Merged<S, X>, ZodTypeProvider>;

/** A table route's method, path and schemas as Fastify's route options. */
export async function fromTable<M extends HttpMethod, P extends string, S extends RouteSchemas>(entry: ApiRoute<M, P, S>): Promise<{ method: M; url: P; schema: TableSchema<S> }> {
  const schemas: RouteSchemas = entry.schemas ? await entry.schemas() : {};
  const schema: Record<string, unknown> = { summary: entry.summary };
  if (entry.description) schema.description = entry.description;
  if (schemas.params) schema.params = schemas.params;
  if (schemas.query) schema.querystring = schemas.query;
  if (schemas.body) schema.body = schemas.body;
  if (schemas.answer) schema.response = { [entry.status ?? 200]: schemas.answer };
  return { method: entry.method, url: entry.path, schema: schema as unknown as TableSchema<S> };
}

/**
 * Registers a route of the table (src/shared/api/routes/): its method, path and schemas from the
 * table, written once; the rest (config, hooks, limits, the handler) here, as beside `app.post`.
 * Fastify types the request's body, params and query and the handler's answer from the schemas.
 *
 *   await serve(app, CART.addProduct, { onRequest: limited }, async (request) => …);
 */
export async function serve<S extends RouteSchemas, X extends object = Record<never, never>>(app: AnyApp, entry: ApiRoute<HttpMethod, string, S>, options: TableRouteOptions<S, X>, handler: TableHandler<S, X>): Promise<void> {
  const base = await fromTable(entry);
  const schema = options.schema ? { ...base.schema, ...options.schema } : base.schema;
  app.route({ ...options, ...base, schema, handler } as Parameters<AnyApp['route']>[0]);
}
