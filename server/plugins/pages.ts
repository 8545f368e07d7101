import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '#shared/api/errors';
import { MESSAGES } from '#shared/api/messages';
import { voletOf, type Volet } from '#shared/panels';
import { isServerPath, SHELL_PATH } from '#shared/paths';
import type { ServerManifest } from '@tanstack/router-core';
import { compress, pickEncoding } from '../lib/content-encoding';
import { holdsEtag } from '../lib/http-cache';
import { builtStylesheets, inlineStylesheets } from '../ssr/inline-styles';
import { pageReads } from '../ssr/page-reads';
import { scriptsAfterPaint } from '../ssr/scripts-after-paint';
import { appEntryOf, lazyStylesheetsOf, serverManifestOf, type ViteManifest } from '../ssr/route-manifest';

/** What src/entry-server.tsx's renderPage takes (the server never imports the client's code, only loads its build). */
interface RenderOptions {
  request: Request;
  manifest: ServerManifest;
  nonce: string;
  transport: (path: string, init: RequestInit) => Promise<Response>;
  shell: boolean;
}
type Renderer = (options: RenderOptions) => Promise<Response>;

/**
 * The ETag of a page: its markup, without its scripts (the router's data in them carries when each
 * answer was read, different at every render) and its nonce, then the encoding it is sent in. The
 * same content in the same encoding gives the same tag.
 */
const etagOf = (html: string, nonce: string, encoding: string | null) =>
  `"${createHash('sha1')
    .update(html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').split(nonce).join(''))
    .digest('base64url')}${encoding ? `-${encoding}` : ''}"`;

/**
 * Pages are rendered by the server with the components the browser then hydrates
 * (src/entry-server.tsx, built into dist-server/ssr/), with their public data (the catalog, the
 * delivery points) read straight from the services. The HTML is the same for everyone: nothing
 * personal is in it, so it is cacheable (short max-age, an ETag). Its scripts run under a nonce of
 * that answer; a 304 carries no new policy, so the copy the browser keeps runs under its own.
 * Without a build (API tests), unknown paths answer the JSON 404.
 */
export default fp(async function pages(app: FastifyInstance, opts: { distDir: string; ssrEntry: string }) {
  const manifestFile = join(opts.distDir, '.vite', 'manifest.json');
  let render: Renderer | null = null;
  let manifest: ServerManifest | null = null;
  let lazyStyles: (volet: Volet | null) => string[] = () => [];
  let appEntry = '';
  if (existsSync(manifestFile) && existsSync(opts.ssrEntry)) {
    const vite = JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest;
    manifest = serverManifestOf(vite);
    lazyStyles = lazyStylesheetsOf(vite);
    appEntry = appEntryOf(vite);
    render = ((await import(pathToFileURL(opts.ssrEntry).href)) as { renderPage: Renderer }).renderPage;
  }
  const reads = pageReads(app);
  const stylesheets = builtStylesheets(opts.distDir);
  const origin = new URL(app.env.PUBLIC_URL).origin;

  async function sendPage(request: FastifyRequest, reply: FastifyReply, shell: boolean) {
    const nonce = randomBytes(16).toString('base64');
    const url = new URL(request.url, origin);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
    const response = await render!({
      request: new Request(url, { headers }),
      manifest: manifest!,
      nonce,
      transport: reads,
      shell,
    });
    if (response.status >= 300 && response.status < 400) return reply.redirect(response.headers.get('location') ?? '/', response.status);
    // The offline shell says so on its root element: the browser draws the route into it (main.tsx).
    const drawn = await response.text();
    const styled = inlineStylesheets(shell ? drawn.replace(/<html\b/, '<html data-shell') : drawn, stylesheets, lazyStyles(voletOf(url.search)));
    const html = scriptsAfterPaint(styled, appEntry);
    // Compressed when the browser accepts it: a page carries its data for hydration (90 KiB of
    // HTML for the home page), a quarter of a second on a slow phone connection before it paints.
    // Each encoding is its own representation, with its own tag.
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const etag = etagOf(html, nonce, encoding);
    reply.header('cache-control', 'public, max-age=60').header('etag', etag).header('vary', 'accept-encoding');
    if (response.status === 200 && holdsEtag(request, etag)) {
      reply.removeHeader('content-security-policy');
      return reply.code(304).send();
    }
    reply.code(response.status).header('content-security-policy', app.pageCsp(nonce)).type('text/html; charset=utf-8');
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(await compress(html, encoding));
  }

  if (render) app.get(SHELL_PATH, { config: { session: false } }, (request, reply) => sendPage(request, reply, true));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(path) && !/\.[a-z0-9]+$/i.test(path);
    if (render && wantsPage) return sendPage(request, reply, false);
    return reply.code(404).send({ message: MESSAGES.notFound, code: ERROR_CODES.notFound });
  });
});
