/**
 * The real server over another copy of the build (E2E_DIST_DIR): the update tests publish a "new
 * build" there without touching dist/. Run with `node --import tsx`.
 */
import { buildApp } from '../../server/app.ts';
import { loadEnv } from '../../server/env.ts';

const env = loadEnv();
const app = await buildApp({ env, distDir: process.env.E2E_DIST_DIR });
await app.listen({ host: env.HOST, port: env.PORT });
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
