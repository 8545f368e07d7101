import { z } from 'zod';
import { CSRF_STATUS, ERROR_CODES, errorBodySchema } from '#shared/api/errors';
import { STAFF_ERRORS } from '#shared/api/staff';
import { STAFF_API_PREFIX, STAFF_SESSION_COOKIE, STAFF_XSRF_COOKIE } from '#shared/api/staff-session';
import { SESSION_COOKIE, UNAUTHENTICATED, XSRF_COOKIE } from './session';

/*
 * What the API reference says about authorisation and refusals, derived in one place from each
 * route's method, path and config (server/plugins/api-reference.ts applies it to every operation):
 * a new route is documented by the rules that guard it, never by hand.
 */

/** The refusal statuses a route may answer, each with the error codes it may carry. */
export type Refusals = Partial<Record<400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 419 | 422 | 429 | 503, readonly string[]>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Refusals the handler itself answers (a customer-only route's 401…), for the API reference
     * only: those the guards answer (anti-forgery, team session and roles, validation, rate
     * limits) are derived and need not be listed.
     */
    refusals?: Refusals;
  }
}

/** A route for a logged-in customer only (it calls requireCustomerId). */
export const CUSTOMER_ONLY: Refusals = { 401: [UNAUTHENTICATED] };
/** A route that opens a session when the visitor has none: new sessions per address are counted. */
export const OPENS_A_SESSION: Refusals = { 429: [ERROR_CODES.rateLimited] };
/** A login: its attempts are throttled, failure by failure (server/lib/login-throttle.ts). */
export const THROTTLED_LOGIN: Refusals = { 429: [ERROR_CODES.rateLimited] };

/** Several sets of refusals as one (the codes of a status together). */
export function mergeRefusals(...sets: (Refusals | undefined)[]): Refusals {
  const merged: Record<number, string[]> = {};
  for (const set of sets) {
    for (const [status, codes] of Object.entries(set ?? {})) merged[Number(status)] = [...new Set([...(merged[Number(status)] ?? []), ...(codes ?? [])])];
  }
  return merged as Refusals;
}

/** Whatever a route's config says that the reference reads. */
export interface RouteRules {
  csrf?: boolean;
  session?: boolean;
  staff?: unknown;
  refusals?: Refusals;
}

export const SECURITY_SCHEMES = {
  customerSession: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: `The customer's session (anonymous or logged in), set by GET /api/csrf-cookie, POST /api/login and any answer that opens a session. HttpOnly; the ${XSRF_COOKIE} cookie comes with it.`,
  },
  customerXsrf: {
    type: 'apiKey',
    in: 'header',
    name: 'X-XSRF-TOKEN',
    description: `The anti-forgery token of the customer's session: the value of the readable ${XSRF_COOKIE} cookie, echoed on every change (any method but GET); 419 when missing or different. Login and logout rotate it: read the cookie again after them.`,
  },
  staffSession: {
    type: 'apiKey',
    in: 'cookie',
    name: STAFF_SESSION_COOKIE,
    description: `A team member's session, set by POST /api/staff/login (HttpOnly, SameSite=Strict), with the readable ${STAFF_XSRF_COOKIE} cookie. A customer's session is never one.`,
  },
  staffXsrf: {
    type: 'apiKey',
    in: 'header',
    name: 'X-XSRF-TOKEN',
    description: `The anti-forgery token of the team member's session: the value of the ${STAFF_XSRF_COOKIE} cookie, echoed on every change under /api/staff/; 419 when missing or different.`,
  },
} as const;

type SchemeName = keyof typeof SECURITY_SCHEMES;
type SecurityRequirement = Partial<Record<SchemeName, string[]>>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const isStaffPath = (url: string) => url.startsWith(STAFF_API_PREFIX);
/** Who may call a team route: 'public', 'pending' (any session), 'any' member signed in, or roles (admin only when unset). */
const staffRule = (rules: RouteRules) => rules.staff ?? ['admin'];

/**
 * The operation's security requirements: none for what needs no session (public reads, the team's
 * login, a provider's notification), the session optional for a read that looks at it, the session
 * and its anti-forgery header for a change.
 */
export function securityOf(method: string, url: string, rules: RouteRules): SecurityRequirement[] {
  const safe = SAFE_METHODS.has(method);
  if (isStaffPath(url)) {
    if (staffRule(rules) === 'public') return [];
    return [safe ? { staffSession: [] } : { staffSession: [], staffXsrf: [] }];
  }
  if (rules.session === false) return [];
  if (safe) return [{}, { customerSession: [] }];
  if (rules.csrf === false) return [];
  return [{ customerSession: [], customerXsrf: [] }];
}

/** `POST /api/cart/products` → `postCartProducts`, `GET /api/menus/:id` → `getMenusById`: stable while the path is. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^[:{]([A-Za-z0-9_]+)}?$/.exec(segment);
      return param ? ['by', param[1]!] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** The route schema's parts the refusals depend on. */
export interface InputSchemas {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
}

function add(into: Map<number, Set<string>>, status: number, ...codes: readonly string[]) {
  const set = into.get(status) ?? new Set<string>();
  for (const code of codes) set.add(code);
  into.set(status, set);
}

/**
 * The refusals an operation may answer: those of its guards (anti-forgery, the team's session and
 * roles, validation, a rate limit, two changes crossing) and those its config lists.
 */
export function refusalsOf(method: string, url: string, rules: RouteRules, input: InputSchemas & { rateLimited?: boolean }): Map<number, Set<string>> {
  const refusals = new Map<number, Set<string>>();
  const safe = SAFE_METHODS.has(method);
  if (input.body) {
    add(refusals, 400, ERROR_CODES.badRequest);
    add(refusals, 413, ERROR_CODES.tooLarge);
    add(refusals, 415, ERROR_CODES.unsupportedMedia);
  }
  if (input.body || input.querystring || input.params) add(refusals, 422, ERROR_CODES.validation);
  if (input.params) add(refusals, 404, ERROR_CODES.notFound);
  if (isStaffPath(url)) {
    const rule = staffRule(rules);
    if (rule !== 'public') add(refusals, 401, STAFF_ERRORS.unauthenticated);
    // A session still at its second factor's step opens only the routes of that step.
    if (rule !== 'public' && rule !== 'pending') add(refusals, 401, STAFF_ERRORS.secondFactorPending);
    if (rule !== 'public' && rule !== 'any' && rule !== 'pending') add(refusals, 403, STAFF_ERRORS.forbidden);
    if (!safe) add(refusals, CSRF_STATUS, ERROR_CODES.csrf);
  } else if (!safe && rules.csrf !== false && rules.session !== false) {
    add(refusals, CSRF_STATUS, ERROR_CODES.csrf);
  }
  if (!safe) add(refusals, 409, ERROR_CODES.conflict);
  if (input.rateLimited) add(refusals, 429, ERROR_CODES.rateLimited);
  for (const [status, codes] of Object.entries(rules.refusals ?? {})) add(refusals, Number(status), ...(codes ?? []));
  return refusals;
}

const REFUSAL_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is malformed (its JSON, its encoding).',
  401: 'No session, or not logged in.',
  402: 'The payment was refused, or the balance does not cover it.',
  403: 'The member’s roles do not allow this.',
  404: 'Nothing matches the path.',
  409: 'The change conflicts with the current state, or crossed another one: read again, then retry.',
  410: 'The link is no longer valid.',
  413: 'The body is too large.',
  415: 'The body’s content type is not accepted.',
  [CSRF_STATUS]: 'The anti-forgery token is missing or does not match the session’s.',
  422: 'The input is invalid: `errors` gives the messages of each field.',
  429: 'Too many requests: retry after the Retry-After header’s seconds.',
};

export const ERROR_SCHEMA_NAME = 'ApiError';
/** The extension each operation carries from the route transform to the document's, then dropped. */
export const REFUSALS_EXTENSION = 'x-popote-refusals';

/** The error envelope as a JSON schema, from the zod schema the client parses errors with. */
function errorComponent(): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(errorBodySchema, { io: 'output' }) as Record<string, unknown>;
  return { ...schema, description: 'Every error the API answers. `code` is machine-readable; `message` is French, to show as is; `errors` maps each invalid field to its messages.' };
}

/** An OpenAPI response for a refusal: the error envelope, its code narrowed to those it may carry. */
function refusalResponse(status: number, codes: string[]) {
  const ref = { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` };
  const schema = codes.length ? { allOf: [ref, { type: 'object', properties: { code: { type: 'string', enum: codes } } }] } : ref;
  const description = REFUSAL_DESCRIPTIONS[status] ?? 'Refused.';
  return { description: codes.length ? `${description} Codes: ${codes.join(', ')}.` : description, content: { 'application/json': { schema } } };
}

interface Operation {
  responses?: Record<string, unknown>;
  [REFUSALS_EXTENSION]?: Record<string, string[]>;
  [key: string]: unknown;
}

interface Document {
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  paths?: Record<string, Record<string, Operation>>;
  [key: string]: unknown;
}

/** The whole document's part: the error schema, each operation's refusals as responses referencing it. */
export function completeDocument<T extends object>(served: T): T {
  const document = served as Document;
  document.components = { ...document.components, schemas: { ...document.components?.schemas, [ERROR_SCHEMA_NAME]: errorComponent() } };
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const refusals = operation[REFUSALS_EXTENSION];
      delete operation[REFUSALS_EXTENSION];
      if (!refusals) continue;
      const responses = { ...operation.responses };
      for (const [status, codes] of Object.entries(refusals).sort(([a], [b]) => Number(a) - Number(b))) {
        responses[status] ??= refusalResponse(Number(status), codes);
      }
      operation.responses = responses;
    }
  }
  return served;
}

/** The refusals map as the extension carries it (JSON: status → sorted codes). */
export function refusalsExtension(refusals: Map<number, Set<string>>): Record<string, string[]> {
  return Object.fromEntries([...refusals].map(([status, codes]) => [String(status), [...codes].sort()]));
}
