import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

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
  // A page the server renders carries scripts of its own (the router's hydration data): allowed by
  // the nonce of that one answer, never by 'unsafe-inline'.
  const csp = securityHeaders['content-security-policy']!;
  app.decorate('pageCsp', (nonce: string) => csp.replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`));
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The Content-Security-Policy of a server-rendered page whose scripts carry this nonce. */
    pageCsp(nonce: string): string;
  }
}
