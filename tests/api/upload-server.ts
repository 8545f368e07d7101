import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/** A job application's fields as the contact form sends them; each test adds its files. */
export const APPLY = { mode: 'apply', message: 'Livreur à vélo depuis 3 ans, je candidate au poste de livreur.', recall: '0', firstname: 'Léa', lastname: 'Durand', email: 'lea.durand@example.fr', phone: '06 12 34 56 78' };

/**
 * The file's app listening on real HTTP (uploads as a browser sends them: multipart, in parallel,
 * through the upload check's processes), with a data folder of its own for the stored files.
 * Made before the file's tests and closed, folder removed, after them.
 */
export function uploadServer(env: Record<string, string> = {}) {
  let app: TestApp;
  let dataDir: string;
  let base: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'popote-uploads-'));
    app = await createTestApp({ env: { DATA_DIR: dataDir, ...env } });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return {
    get app() {
      return app;
    },
    /** The server's address, `http://127.0.0.1:{port}`. */
    get base() {
      return base;
    },
    get dataDir() {
      return dataDir;
    },
  };
}
