import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '#shared/api/errors';
import { MESSAGES } from '#shared/api/messages';
import { voletOf, type Volet } from '#shared/panels';
import { isServerPath, isTeamPath, SHELL_PATH, TEAM_SHELL_PATH } from '#shared/paths';
import type { ServerManifest } from '@tanstack/router-core';
import { compress, pickEncoding } from '../lib/content-encoding';
import { holdsEtag } from '../lib/http-cache';
import { carriesSecret } from '../lib/secret-urls';
import { builtStylesheets, inlineStylesheets } from '../ssr/inline-styles';
import { pageReads } from '../ssr/page-reads';
import { scriptsAfterPaint } from '../ssr/scripts-after-paint';
import { appEntryOf, lazyStylesheetsOf, serverManifestOf, tapChunksOf, type ViteManifest } from '../ssr/route-manifest';

/** What src/entry-server.tsx's renderPage takes (the server never imports the client's code, only loads its build). */
interface RenderOptions {
  request: Request;
  manifest: ServerManifest;
  nonce: string;
  transport: (path: string, init: RequestInit) => Promise<Response>;
  shell: boolean;
  /** An unknown page answers 404 with no body, undrawn (the not-found page kept here stands for it). */
  skipNotFound: boolean;
}
type Renderer = (options: RenderOptions) => Promise<Response>;

/** A page drawn, ready to send: its status, its HTML and the nonce its scripts carry. */
interface DrawnPage {
  status: number;
  html: string;
  nonce: string;
}

/**
 * Page answers per client address and minute (times RATE_LIMIT_FACTOR): a page costs tens of
 * milliseconds of CPU to draw, and a visitor's navigation happens in the browser after the first.
 * A whole office behind one address opening the site at noon stays far below.
 */
export const PAGES_PER_MINUTE = 120;

/**
 * A path no route matches: drawn once in a while, its page answers every unknown address. Under
 * /__, where the app has no page.
 */
const NOT_FOUND_PATH = '/__introuvable/page';
/** How long the kept not-found page serves: it shows the shop's state (open, closed) of its minute. */
const NOT_FOUND_KEPT_MS = 60_000;

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
 * personal is in it, so it is cacheable (short max-age, an ETag), except at an address holding a
 * secret (a reset link), which no shared cache may keep. Its scripts run under a nonce of that
 * answer; a 304 carries no new policy, so the copy the browser keeps runs under its own.
 *
 * Drawing a page costs tens of milliseconds of CPU: an unknown address is answered the kept
 * not-found page (matched and loaded, never drawn), and page answers are limited per client
 * address (PAGES_PER_MINUTE), so a flood of them cannot starve the API.
 * Without a build (API tests), unknown paths answer the JSON 404.
 */
export default fp(async function pages(app: FastifyInstance, opts: { distDir: string; ssrEntry: string }) {
  const manifestFile = join(opts.distDir, '.vite', 'manifest.json');
  let render: Renderer | null = null;
  /** The inline script first in every page's head (src/entry-server.tsx's earlyScript). */
  let earlyScript = '';
  let manifest: ServerManifest | null = null;
  let lazyStyles: (volet: Volet | null) => string[] = () => [];
  let appEntry = '';
  let tapChunks: string[] = [];
  if (existsSync(manifestFile) && existsSync(opts.ssrEntry)) {
    const vite = JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest;
    manifest = serverManifestOf(vite);
    lazyStyles = lazyStylesheetsOf(vite);
    appEntry = appEntryOf(vite);
    tapChunks = tapChunksOf(vite);
    const entry = (await import(pathToFileURL(opts.ssrEntry).href)) as { renderPage: Renderer; earlyScript: string };
    render = entry.renderPage;
    earlyScript = entry.earlyScript;
  }
  const reads = pageReads(app);
  const stylesheets = builtStylesheets(opts.distDir);
  const origin = new URL(app.env.PUBLIC_URL).origin;
  // Counted in this process's memory: what it guards is this process's CPU.
  const pageLimit = app.rateLimit({ max: PAGES_PER_MINUTE * app.env.RATE_LIMIT_FACTOR, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => request.ip });

  /** Draws a page; null when it is unknown and `skipNotFound` asked for no drawing. */
  async function draw(request: FastifyRequest, path: string, options: { shell: boolean; skipNotFound: boolean }): Promise<DrawnPage | { redirect: string; status: number } | null> {
    const nonce = randomBytes(16).toString('base64');
    const url = new URL(path, origin);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
    const response = await render!({ request: new Request(url, { headers }), manifest: manifest!, nonce, transport: reads, ...options });
    if (response.status >= 300 && response.status < 400) return { redirect: response.headers.get('location') ?? '/', status: response.status };
    if (options.skipNotFound && response.status === 404 && !response.body) return null;
    // The offline shell says so on its root element: the browser draws the route into it (main.tsx).
    const drawn = await response.text();
    const styled = inlineStylesheets(options.shell ? drawn.replace(/<html\b/, '<html data-shell') : drawn, stylesheets, lazyStyles(voletOf(url.search)));
    // First in the head: a tap is held from the moment the page can be tapped, whatever its scripts' delay.
    const early = styled.replace(/<head>/, () => `<head><script nonce="${nonce}">${earlyScript}</script>`);
    return { status: response.status, html: scriptsAfterPaint(early, appEntry, tapChunks), nonce };
  }

  /**
   * The not-found page, drawn once a minute (by the clock of the request: a sandbox scope has its
   * own) and answered to every unknown address with a nonce of its own. It holds nothing personal,
   * and nothing of the address asked: the router's data in it is the root's, which the browser
   * hydrates at any unknown address. Null if NOT_FOUND_PATH ever became a page.
   */
  const keptNotFound = new Map<number, Promise<DrawnPage | null>>();
  function notFoundPage(request: FastifyRequest): Promise<DrawnPage | null> {
    const minute = Math.floor(app.clock.now().getTime() / NOT_FOUND_KEPT_MS);
    let kept = keptNotFound.get(minute);
    if (!kept) {
      if (keptNotFound.size >= 8) keptNotFound.clear();
      kept = draw(request, NOT_FOUND_PATH, { shell: false, skipNotFound: false }).then((page) => (page && 'html' in page && page.status === 404 ? page : null));
      keptNotFound.set(minute, kept);
      kept.catch(() => keptNotFound.delete(minute));
    }
    return kept;
  }

  /** `drawn`: the address drawn, when not the one asked (a shell takes its app's head from it). */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, shell: boolean, drawn = request.url) {
    await pageLimit.call(app, request, reply);
    let page = await draw(request, drawn, { shell, skipNotFound: !shell });
    if (page === null) {
      const kept = await notFoundPage(request);
      const nonce = randomBytes(16).toString('base64');
      page = kept ? { status: 404, html: kept.html.split(kept.nonce).join(nonce), nonce } : await draw(request, request.url, { shell, skipNotFound: false });
    }
    if (page === null) throw new Error('The renderer answered no page');
    if ('redirect' in page) return reply.redirect(page.redirect, page.status);
    const { status, html, nonce } = page;
    // An address holding a secret (a reset link's token) is this visitor's: no shared cache keeps it.
    // Nor the team's pages: they are the shop's own, and never indexed.
    const team = isTeamPath(request.url.split('?')[0]!);
    const secret = team || carriesSecret(request.url);
    if (team) reply.header('x-robots-tag', 'noindex, nofollow');
    // Compressed when the browser accepts it: a page carries its data for hydration (90 KiB of
    // HTML for the home page), a quarter of a second on a slow phone connection before it paints.
    // Each encoding is its own representation, with its own tag.
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    if (secret) reply.header('cache-control', 'private, no-store');
    else {
      const etag = etagOf(html, nonce, encoding);
      reply.header('cache-control', 'public, max-age=60').header('etag', etag);
      if (status === 200 && holdsEtag(request, etag)) {
        reply.removeHeader('content-security-policy');
        return reply.code(304).send();
      }
    }
    reply.code(status).header('content-security-policy', app.pageCsp(nonce)).type('text/html; charset=utf-8');
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(await compress(html, encoding));
  }

  // Two shells, one per app: the head of each is its layout's (manifest, icons), the rest the browser's.
  // Two shells, one per app: each has its layout's head (manifest, icons, title), drawn from an
  // address of that app (the team's from its home page, whose frame the browser then draws).
  if (render) {
    app.get(SHELL_PATH, { config: { session: false } }, (request, reply) => sendPage(request, reply, true));
    app.get(TEAM_SHELL_PATH, { config: { session: false } }, (request, reply) => sendPage(request, reply, true, '/equipe'));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(path) && !/\.[a-z0-9]+$/i.test(path);
    if (render && wantsPage) return sendPage(request, reply, false);
    return reply.code(404).send({ message: MESSAGES.notFound, code: ERROR_CODES.notFound });
  });
}, { name: 'pages', dependencies: ['db', 'security', '@fastify/rate-limit'] });
