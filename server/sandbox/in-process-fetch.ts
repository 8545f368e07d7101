import type { FastifyInstance } from 'fastify';

/**
 * How the server reaches its own provider emulators: handed to the app in process (app.inject),
 * never over the network. PUBLIC_URL may be a name this machine cannot resolve (behind a reverse
 * proxy), and a loopback call would depend on HOST; in process, neither matters. Only the
 * emulators' paths under this shop's own address are reachable this way: a URL anywhere else is a
 * programming error, not a request to make.
 */
export function inProcessFetch(target: () => FastifyInstance, publicUrl: string): typeof fetch {
  const origin = new URL(publicUrl).origin;
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== origin || !url.pathname.startsWith('/__sandbox/')) {
      throw new TypeError(`The sandbox adapters only reach this shop's own emulators, not ${url.origin}${url.pathname}`);
    }
    const res = await target().inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      payload: (init.body as string | undefined) ?? undefined,
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    const nullBody = [101, 204, 205, 304].includes(res.statusCode);
    return new Response(nullBody ? null : res.rawPayload, { status: res.statusCode, headers });
  }) as typeof fetch;
}
