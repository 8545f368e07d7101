import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequestHandler, RouterServer } from '@tanstack/react-router/ssr/server';
import type { AnyRouter, ServerManifest } from '@tanstack/router-core';
import { createSsrStreamResponse, getSsrStatus, transformReadableStreamWithRouter } from '@tanstack/router-core/ssr/server';
import { renderToReadableStream } from 'react-dom/server';
import { createQueryClient } from './app/query-client';
import { holdEarlyTaps } from './app/first-paint';
import { createAppRouter } from './app/router';
import { isUnknownAddress } from './app/unknown-address';
import { setTransport, type Transport } from './lib/api-client';

/**
 * The server's entry (built by `vite build --ssr` into dist-server/ssr/, loaded by the Fastify
 * server): renders a page with the same components the browser hydrates. Each page's reads go to
 * the transport the server hands it (its own data functions), through an async context: pages
 * rendered at the same time never see each other's.
 */
const reads = new AsyncLocalStorage<Transport>();
setTransport(() => {
  const transport = reads.getStore();
  if (!transport) throw new Error('A page read happened outside of a page render.');
  return transport;
});

/**
 * The page's inline script, first in its head (server/plugins/pages.ts): holds a tap made before
 * the app has taken the page over, from the first moment the page can be tapped.
 */
export const earlyScript = `(${holdEarlyTaps.toString()})(window);`;

export interface RenderOptions {
  request: Request;
  /** The build's assets per route: entry script, styles, the route's chunks to preload. */
  manifest: ServerManifest;
  /** Allowed by this answer's Content-Security-Policy, and by it only. */
  nonce: string;
  /** Answers the page's API reads (GET only) without HTTP. */
  transport: Transport;
  /** The offline shell: the root only, the route rendered by the browser. */
  shell?: boolean;
  /**
   * An unknown page answers 404 with no body, undrawn (and unloaded when its address tells:
   * app/unknown-address.ts): the server answers the not-found page it keeps
   * (server/plugins/pages.ts), the same for every unknown address, so a flood of them costs no
   * rendering.
   */
  skipNotFound?: boolean;
}

export async function renderPage({ request, manifest, nonce, transport, shell = false, skipNotFound = false }: RenderOptions): Promise<Response> {
  if (skipNotFound && (await isUnknownAddress(new URL(request.url).pathname, transport))) return new Response(null, { status: 404 });
  return reads.run(transport, () => {
    const handler = createRequestHandler({
      request,
      createRouter: () => createAppRouter(createQueryClient(), { nonce, isShell: shell, origin: new URL(request.url).origin }),
      getRouterManifest: () => manifest,
    });
    return handler(({ request: req, responseHeaders, router }) =>
      skipNotFound && getSsrStatus(router) === 404 ? new Response(null, { status: 404 }) : renderComplete(req, router, responseHeaders),
    );
  });
}

/**
 * The whole page, its lazy parts included (a panel's form, the newsletter): the server sends a page
 * only once it is complete (for its ETag and its compression), so streaming the parts that load
 * later would only put them behind a script, where a reader without JavaScript never sees them.
 */
async function renderComplete(request: Request, router: AnyRouter, headers: Headers) {
  const stream = await renderToReadableStream(<RouterServer router={router} />, {
    signal: request.signal,
    nonce: router.options.ssr?.nonce,
    // Never outline a large finished part behind a script either.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      if (!request.signal.aborted) console.error('Page render error:', error);
    },
  });
  await stream.allReady;
  const body = transformReadableStreamWithRouter(router, stream, { rendererSafePoint: 'script-close', signal: request.signal });
  return createSsrStreamResponse(router, new Response(body, { status: getSsrStatus(router), headers }));
}
