import { parse as parseQueryString } from 'node:querystring';
import type { FastifyInstance } from 'fastify';

/**
 * The bodies a provider emulator takes, in its own plugin only (the app's API takes JSON and
 * multipart): JSON, where an empty body is allowed as the providers allow it (auth, cancel), and
 * the form posts of its hosted pages. `invalidJson` is the provider's own error for a bad body.
 */
export function acceptProviderBodies(app: FastifyInstance, invalidJson: () => Error) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(invalidJson(), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, { ...parseQueryString(body as string) });
  });
}
