import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { isLoopback } from '../env';

const MISDIRECTED_MESSAGE = 'Cette adresse ne mène pas à la démo de Popote : ouvrez-la depuis ce poste, à l’adresse localhost.';

/** A Host header: a name or an address ([::1] in brackets), then a port or not; nothing else. */
const HOST_HEADER = /^(\[[\da-f:.]+\]|[\w.-]+)(?::\d{1,5})?$/i;

/** The name a Host header gives (lower case, without port, brackets or final dot); null if it is not one. */
function hostnameOf(host: string | undefined): string | null {
  const name = host === undefined ? undefined : HOST_HEADER.exec(host)?.[1];
  return name ? name.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '') : null;
}

/** Whether a Host header names this machine (localhost, 127.x.x.x, ::1, any port) or PUBLIC_URL's host. */
export function localHosts(publicUrl: string): (host: string | undefined) => boolean {
  const publicName = hostnameOf(new URL(publicUrl).host);
  return (host) => {
    const name = hostnameOf(host);
    return name !== null && (isLoopback(name) || name === publicName);
  };
}

function failed(error?: unknown) {
  if (error) throw error;
}

/** The headers a helmet middleware sets: they depend on its options only (no per-request nonce). */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, failed);
  return headers;
}

/**
 * Security headers. The CSP allows only this origin for scripts; styles may be inline because
 * React sets style attributes. Later features add the origins they need (map, providers) here.
 *
 * helmet's headers, worked out once at start: @fastify/helmet rebuilds helmet from its options on
 * every request (parsing the CSP directives each time), and helmet sets each header on the raw
 * response one by one; together a fifth of a cached catalog answer's time (bench/).
 */
export default fp(async function security(app: FastifyInstance) {
  const https = app.env.COOKIE_SECURE;
  const edenredWidget = app.env.EDENRED_WIDGET_ORIGIN ? [app.env.EDENRED_WIDGET_ORIGIN] : [];
  const securityHeaders = headersOf(helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...edenredWidget],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', app.env.MAP_ORIGIN],
        fontSrc: ["'self'"],
        // The browser geocodes delivery searches itself (api-adresse by default, Google with a key).
        // The map's style, sprites, glyphs and tiles come from its origin (fetched by its worker).
        connectSrc: ["'self'", app.env.GEOCODER_ORIGIN, app.env.MAP_ORIGIN, ...edenredWidget],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameSrc: ["'self'", ...edenredWidget],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only where the site is served over HTTPS.
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // The Edenred login popup must be able to tell this page how it went (window.opener).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  }));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  // The demo on this machine answers only to this machine's names: a page of any site whose name
  // an attacker points at 127.0.0.1 (DNS rebinding) would otherwise read the open mailbox (reset
  // links), the demo customer's account and the emulators, as a page of the same origin.
  if (app.env.SANDBOX && isLoopback(app.env.HOST)) {
    const allowed = localHosts(app.env.PUBLIC_URL);
    app.addHook('onRequest', async (request, reply) => {
      if (allowed(request.headers.host)) return;
      return reply.code(421).header('cache-control', 'no-store').send({ message: MISDIRECTED_MESSAGE, code: 'misdirected_request' });
    });
  }
  // A page the server renders carries scripts of its own (the router's hydration data): allowed by
  // the nonce of that one answer, never by 'unsafe-inline'.
  const csp = securityHeaders['content-security-policy']!;
  app.decorate('pageCsp', (nonce: string) => csp.replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`));
}, { name: 'security' });

declare module 'fastify' {
  interface FastifyInstance {
    /** The Content-Security-Policy of a server-rendered page whose scripts carry this nonce. */
    pageCsp(nonce: string): string;
  }
}
