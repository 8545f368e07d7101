/** Listens and shuts down gracefully; everything else is in app.ts. */
import { existsSync } from 'node:fs';
import { buildApp } from './app';
import { EnvError, loadEnv } from './env';
import { releaseExpiredCarts } from './modules/cart/cart.repo';

if (existsSync('.env')) process.loadEnvFile('.env');

let env;
try {
  env = loadEnv();
} catch (err) {
  if (err instanceof EnvError) {
    console.error(`Popote ne peut pas démarrer, la configuration est invalide :\n${err.problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  throw err;
}

const app = await buildApp({ env });

// Abandoned carts give their portions back even when nobody touches a cart (README, "The cart").
const sweep = setInterval(() => {
  releaseExpiredCarts(app.db, app.clock.now()).catch((err: unknown) => app.log.warn({ err }, 'cart sweep failed'));
}, 60_000);
sweep.unref();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  clearInterval(sweep);
  app.log.info({ signal }, 'shutting down: draining requests, closing the database');
  // Stop accepting, let in-flight requests finish, then close the database (onClose hook).
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out');
    process.exit(1);
  }, 10_000);
  timer.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info(`Popote sert ${env.PUBLIC_URL} (base ${app.database.kind}, sandbox ${env.SANDBOX ? 'active' : 'inactive'})`);
} catch (err) {
  app.log.error(err);
  await app.close();
  process.exit(1);
}
