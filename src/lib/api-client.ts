import type { z } from 'zod/mini';
import { CSRF_STATUS, OVERLOADED, type ErrorEnvelope as ErrorBody } from '../shared/api/error-codes';
import { IDEMPOTENCY_HEADER } from '../shared/api/idempotency';
import { STAFF_API_PREFIX, STAFF_XSRF_COOKIE } from '../shared/api/staff-session';
import { PLATFORM } from '../shared/api/routes/platform';
import { deadlineSignal } from './deadline-signal';

/** A refused or failed API call, with the server's error envelope when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
  /** The first message of a field's errors (e.g. 'id' for the cart's refusals). */
  fieldMessage(field: string): string | undefined {
    return this.body.errors?.[field]?.[0];
  }
}

/**
 * The network itself failed (offline, connection dropped, or no answer in time): status 0.
 * `unsent`: the call itself never left (its anti-forgery token could not be fetched), so a change
 * certainly did not happen; otherwise it may have reached the server.
 */
export class NetworkError extends ApiError {
  constructor(
    message = 'Connexion impossible : vérifiez votre réseau puis réessayez.',
    code = 'network_error',
    readonly unsent = false,
  ) {
    super(0, { message, code });
  }
}

/**
 * How long a call may go unanswered. A phone on a stalled connection believes it is online: past
 * this, the app stops waiting and says so, as for no connection (a change may then be sent again
 * with its idempotency key, applied once). Files (a CV on 3G) get longer. Tests may shorten them.
 */
export const DEADLINES_MS = { read: 10_000, change: 20_000, upload: 120_000 };
const NO_ANSWER = 'La connexion ne répond pas : vérifiez votre réseau puis réessayez.';

/**
 * What the app wants to know of the calls (the connection notice): `waiting` when one leaves (it
 * returns what to call when it ends), `answered` when the server answered anything, `noAnswer`
 * when one got nothing in time. None while the server renders.
 */
export interface CallWatcher {
  waiting(): () => void;
  answered(): void;
  noAnswer(): void;
}
let watcher: CallWatcher | null = null;

export function setCallWatcher(next: CallWatcher | null): void {
  watcher = next;
}

/**
 * How a call reaches the API: fetch in the browser. While the server renders a page, its loaders'
 * reads are answered by the server's own data functions instead (set by the server entry), never
 * over HTTP to itself.
 */
export type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: () => Transport = () => (path, init) => fetch(path, init);

/** The server entry's hook: answers each read of the page being rendered. */
export function setTransport(resolve: () => Transport): void {
  transport = resolve;
}

/** The API's error envelope `{message, code?, errors?}`, checked by hand (no zod on the first screen). */
function isErrorBody(data: unknown): data is ErrorBody {
  if (!data || typeof data !== 'object') return false;
  const { message, code, errors } = data as Record<string, unknown>;
  const fieldErrors = errors === undefined || (typeof errors === 'object' && errors !== null && Object.values(errors).every((list) => Array.isArray(list) && list.every((m) => typeof m === 'string')));
  return typeof message === 'string' && (code === undefined || typeof code === 'string') && fieldErrors;
}

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/** Asks the server for a fresh anti-forgery cookie. */
export async function refreshCsrfToken(signal?: AbortSignal): Promise<void> {
  await fetch(PLATFORM.getCsrfCookie.path, { credentials: 'same-origin', signal });
}

/**
 * A response schema, or how to load it: the first screen's queries load theirs with the answer,
 * so zod is not part of the page's first JavaScript (their first data comes with the page anyway).
 */
export type Schema<T> = z.ZodMiniType<T> | (() => Promise<z.ZodMiniType<T> | undefined>);

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Parses (and so validates) the answer. */
  schema?: Schema<T>;
  signal?: AbortSignal;
  /** Sees the successful response (its headers) before its body is parsed. */
  onResponse?: (response: Response) => void;
  /** The key of a change sent again by its caller (a retry after an unclear failure); new otherwise. */
  idempotencyKey?: string;
  /**
   * Asks the server even when the browser keeps a copy it may still use (Cache-Control max-age):
   * news said the copy is out of date (src/lib/live-news.ts). The server answers 304 when it is not.
   */
  revalidate?: boolean;
}

/** A response read whole, or the caller's abort, or a NetworkError (no network, or no answer in time). */
async function send(path: string, method: string, body: unknown, signal: AbortSignal | undefined, key: string | undefined, revalidate = false): Promise<{ response: Response; text: string }> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const deadline = deadlineSignal(isForm ? DEADLINES_MS.upload : method === 'GET' ? DEADLINES_MS.read : DEADLINES_MS.change);
  const combined = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (key) headers[IDEMPOTENCY_HEADER] = key;
  const ended = watcher?.waiting();
  let sent = method === 'GET';
  try {
    if (!sent) {
      // The team's calls echo their own session's token (set at their login); the shop's, the
      // visitor's, fetched when missing. One browser may hold both sessions.
      if (path.startsWith(STAFF_API_PREFIX)) {
        headers['x-xsrf-token'] = readCookie(STAFF_XSRF_COOKIE) ?? '';
      } else {
        if (!readCookie('XSRF-TOKEN')) await refreshCsrfToken(combined);
        headers['x-xsrf-token'] = readCookie('XSRF-TOKEN') ?? '';
      }
      sent = true;
    }
    const response = await transport()(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: combined,
      ...(revalidate ? { cache: 'no-cache' as const } : {}),
    });
    // The body may stall after the headers: it is under the same deadline.
    const text = await response.text();
    watcher?.answered();
    return { response, text };
  } catch (err) {
    if (signal?.aborted) throw err;
    if (deadline.signal.aborted) {
      watcher?.noAnswer();
      throw new NetworkError(NO_ANSWER, 'network_timeout', !sent);
    }
    throw new NetworkError(undefined, undefined, !sent);
  } finally {
    // The answer is read whole (or given up): its deadline has nothing left to end.
    deadline.clear();
    ended?.();
  }
}

/** The longest wait before the one retry of an overloaded call, whatever Retry-After says. */
export const OVERLOAD_RETRY_MAX_MS = 5_000;

let busyNotice: ((message: string) => void) | null = null;

/** The app's way to show that a call waits because the server is busy (a snackbar); none by default. */
export function setBusyNotice(show: ((message: string) => void) | null): void {
  busyNotice = show;
}

/** The error envelope of an answer, when it is one. */
function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Waits `ms`, or rejects with the caller's abort. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason as Error)), { once: true });
  });
}

/** How long an overloaded answer asks to wait (Retry-After in seconds), bounded. */
function retryDelayMs(response: Response): number {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, OVERLOAD_RETRY_MAX_MS) : 1000;
}

const isOverloaded = (response: Response, text: string) => {
  if (response.status !== 503) return false;
  const data = parseBody(text);
  return isErrorBody(data) && data.code === OVERLOADED.code;
};

/** A fresh idempotency key (the same for every repeat of one change: a form keeps one while it is open). */
export const newIdempotencyKey = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);

/**
 * The one way the client calls /api: JSON in and out, the XSRF-TOKEN echoed on every change, one
 * token refresh and retry on 419, and errors as ApiError carrying `{message, code, errors}`. Every
 * change carries an idempotency key, the same on its retry: applied once however often it is sent.
 */
export async function api<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const key = method === 'GET' ? undefined : (options.idempotencyKey ?? newIdempotencyKey());
  let { response, text } = await send(path, method, options.body, options.signal, key, options.revalidate);
  if (response.status === CSRF_STATUS && method !== 'GET') {
    await refreshCsrfToken(options.signal).catch(() => undefined);
    ({ response, text } = await send(path, method, options.body, options.signal, key));
  }
  // A saturated server refused before doing anything (a change keeps its key): say so, wait what
  // it asks, and try once more. A second refusal is an error like any other, with its message.
  if (isOverloaded(response, text)) {
    busyNotice?.(OVERLOADED.waiting);
    await pause(retryDelayMs(response), options.signal);
    ({ response, text } = await send(path, method, options.body, options.signal, key, options.revalidate));
  }
  const data = parseBody(text);
  if (!response.ok) {
    throw new ApiError(response.status, isErrorBody(data) ? data : { message: `Le serveur a répondu avec le code ${response.status}.` });
  }
  options.onResponse?.(response);
  const schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  // An answer of another shape (a newer server, a proxy's page): said in words, not zod's dump.
  if (!parsed.success) throw new ApiError(response.status, { message: 'La réponse du serveur est inattendue : rechargez la page puis réessayez.', code: 'unexpected_answer' });
  return parsed.data;
}
