import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../lib/clock';

/**
 * Sandbox scopes: what a QA run or a browser test changes in the sandbox (the clock, a provider
 * failure to answer) holds for its own requests only, so that tests run side by side without
 * seeing each other's time. A request names its scope in the `popote_sandbox_scope` cookie or the
 * `x-popote-sandbox-scope` header; requests without one share the server's global state, as
 * before. Work a request starts (the emulators reached in process, a notification sent a moment
 * later) runs in its scope. Sandbox only: a production server never reads either.
 */
export const SANDBOX_SCOPE_COOKIE = 'popote_sandbox_scope';
export const SANDBOX_SCOPE_HEADER = 'x-popote-sandbox-scope';

export interface SandboxScope {
  /** The scope's frozen time; null follows the server's clock. */
  now: Date | null;
  /** Emulator switches of this scope (a failure to answer next, …), by emulator. */
  switches: Map<string, unknown>;
}

/** Enough for every test of a run; the oldest scope goes first beyond it. */
const MAX_SCOPES = 2000;
const SCOPE_PATTERN = /^[\w.-]{1,100}$/;

const current = new AsyncLocalStorage<SandboxScope>();

/**
 * An app's scopes, by name: its own (made with its clock, scopedClock), so that two apps in one
 * process (the API tests) never see each other's scopes and times.
 */
export type SandboxScopes = Map<string, SandboxScope>;

function scopeNamed(scopes: SandboxScopes, name: string): SandboxScope {
  let scope = scopes.get(name);
  if (!scope) {
    if (scopes.size >= MAX_SCOPES) scopes.delete(scopes.keys().next().value!);
    scope = { now: null, switches: new Map() };
    scopes.set(name, scope);
  }
  return scope;
}

/** The scope of the request being answered, or null (global). */
export function currentScope(): SandboxScope | null {
  return current.getStore() ?? null;
}

/** A switch of the current scope, or of the server when the request has none. */
export function scopedSwitch<T>(global: { value: T | null }, key: string) {
  return {
    get: (): T | null => {
      const scope = currentScope();
      return scope ? ((scope.switches.get(key) as T | undefined) ?? null) : global.value;
    },
    set: (value: T | null) => {
      const scope = currentScope();
      if (scope) scope.switches.set(key, value);
      else global.value = value;
    },
  };
}

/** The server's clock, read and set within the current scope when there is one, and the app's scopes it reads. */
export function scopedClock(base: Clock): { clock: Clock; scopes: SandboxScopes } {
  const scopes: SandboxScopes = new Map();
  const clock: Clock = {
    now: () => {
      const frozen = currentScope()?.now;
      return frozen ? new Date(frozen.getTime()) : base.now();
    },
    set: (instant) => {
      const scope = currentScope();
      if (scope) scope.now = instant;
      else base.set(instant);
    },
    shared: () => ![...scopes.values()].some((scope) => scope.now !== null),
  };
  return { clock, scopes };
}

/** Runs each request in the scope it names (a request without a name keeps the scope it is made in). */
export function registerSandboxScopes(app: FastifyInstance, scopes: SandboxScopes) {
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers[SANDBOX_SCOPE_HEADER];
    const name = (typeof header === 'string' ? header : undefined) ?? cookieValue(request.headers.cookie, SANDBOX_SCOPE_COOKIE);
    if (!name || !SCOPE_PATTERN.test(name)) return done();
    current.run(scopeNamed(scopes, name), done);
  });
}

/** One cookie's value, read before the cookie plugin has parsed them (this hook runs first). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}
