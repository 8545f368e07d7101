import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequestHandler, renderRouterToStream, RouterServer } from '@tanstack/react-router/ssr/server';
import type { ServerManifest } from '@tanstack/router-core';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
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
}

export function renderPage({ request, manifest, nonce, transport, shell = false }: RenderOptions): Promise<Response> {
  return reads.run(transport, () => {
    const handler = createRequestHandler({
      request,
      createRouter: () => createAppRouter(createQueryClient(), { nonce, isShell: shell, origin: new URL(request.url).origin }),
      getRouterManifest: () => manifest,
    });
    return handler(({ request: req, responseHeaders, router }) =>
      renderRouterToStream({ request: req, responseHeaders, router, children: <RouterServer router={router} /> }),
    );
  });
}
