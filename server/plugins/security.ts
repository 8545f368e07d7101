import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

function failed(error?: unknown) {
  if (error) throw error;
}

/**
 * Security headers. The CSP allows only this origin for scripts; styles may be inline because
 * React sets style attributes. Later features add the origins they need (map, providers) here.
 *
 * helmet itself, built once: @fastify/helmet rebuilds helmet from its options on every request
 * (parsing the CSP directives each time), a tenth of a cached catalog answer's time (bench/).
 */
export default fp(async function security(app: FastifyInstance) {
  const https = app.env.COOKIE_SECURE;
  const edenredWidget = app.env.EDENRED_WIDGET_ORIGIN ? [app.env.EDENRED_WIDGET_ORIGIN] : [];
  const setHeaders = helmet({
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
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, failed);
    done();
  });
});
