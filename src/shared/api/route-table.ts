import type { z } from 'zod/mini';

/*
 * The API's routes written once (decision 17): each entry of the table (./routes/) says a route's
 * method, path, summary and zod schemas. The server registers and documents its routes from it
 * (server/lib/table-route.ts), the client calls them through it (src/lib/api-call.ts).
 *
 * Plain data, like public-reads.ts: the table loads on the first screen, where zod does not. So a
 * route's schemas are a loader (a dynamic import of the schemas' module), awaited by the server
 * once when it registers the route and by the client with its first answer.
 */

/** Where the API lives: every path of the table starts so. */
export const API_PREFIX = '/api/';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every schema of src/shared/api is zod/mini's (decision 7). */
type Schema = z.ZodMiniType;

/** A route's schemas, each where the route has one. */
export interface RouteSchemas {
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** The success answer (at `status`), which the server serializes and the client parses. */
  answer?: Schema;
}

export interface ApiRoute<M extends HttpMethod = HttpMethod, P extends string = string, S extends RouteSchemas = RouteSchemas> {
  method: M;
  /** Fastify's form: `:name` for a parameter. */
  path: P;
  /** The API reference's one line. */
  summary: string;
  /** The API reference's longer word, when a line is not enough. */
  description?: string;
  /** The success status, when not 200 (201 for a creation). */
  status?: 200 | 201 | 202 | 204;
  schemas?: () => Promise<S>;
}

/** A table entry, its types kept (the method and path as literals, the schemas' own types). */
export function route<M extends HttpMethod, P extends string, S extends RouteSchemas = Record<never, never>>(entry: ApiRoute<M, P, S>): ApiRoute<M, P, S> {
  return entry;
}

/** The names of a path's parameters: `/api/staff/members/:id/link` → `'id'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;

/** The values of a path's parameters, by name; none when it has none. */
export type PathParams<P extends string> = [ParamNames<P>] extends [never] ? Record<never, never> : Record<ParamNames<P>, string | number>;

type SchemasOf<R extends ApiRoute> = R extends ApiRoute<HttpMethod, string, infer S> ? S : never;
type InputOf<S, K extends keyof RouteSchemas> = S extends Record<K, infer T extends Schema> ? z.input<T> : undefined;

/** What the route answers once parsed (unknown when it has no answer schema). */
export type AnswerOf<R extends ApiRoute> = SchemasOf<R> extends { answer: infer T extends Schema } ? z.output<T> : unknown;
export type BodyOf<R extends ApiRoute> = InputOf<SchemasOf<R>, 'body'>;
export type QueryOf<R extends ApiRoute> = InputOf<SchemasOf<R>, 'query'>;

type QueryValue = string | number | boolean | null | undefined;

/**
 * The address of a route: its parameters encoded into the path, then its query (empty values left
 * out). For calls, and for what is not a fetch: a PDF's link, a CSV's, a service worker's check.
 */
export function pathOf<P extends string>(entry: { path: P }, params?: PathParams<P> | null, query?: Record<string, QueryValue> | object): string {
  const values = (params ?? {}) as Record<string, string | number>;
  const path = entry.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${entry.path}: the parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  const pairs = Object.entries((query ?? {}) as Record<string, QueryValue>).filter((pair): pair is [string, string | number | boolean] => pair[1] !== null && pair[1] !== undefined && pair[1] !== '');
  return pairs.length ? `${path}?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&')}` : path;
}
