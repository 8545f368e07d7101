/** Listens and shuts down gracefully; everything else is in app.ts. */
import { existsSync } from 'node:fs';
import { buildApp } from './app';
import { DatabaseModeError } from './db/database-mode';
import { EnvError, loadEnv } from './env';
import { deliverDueMail, mailTransport } from './mail/sender';
import { purgeExpired } from './lib/purge';
import { sweepExpiredCarts } from './modules/cart/cart.service';
import { retryPendingRefunds } from './modules/day-orders/refunds.service';
import { checkLedger } from './modules/ledger/ledger-check.service';
import { tellLateCustomers } from './modules/rounds/late-notices.service';
import { setLedgerProblems } from './lib/metrics';

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

const app = await buildApp({ env }).catch((err: unknown) => {
  // A database that served the other mode: the operator reads what to do, not a stack trace.
  if (err instanceof DatabaseModeError) {
    console.error(`Popote ne peut pas démarrer.\n${err.message}`);
    process.exit(1);
  }
  throw err;
});
let closing = false;

// Abandoned carts give their portions back even when nobody touches a cart (docs/product/cart.md, "Expiry").
const sweep = setInterval(() => {
  if (!app.clock.shared()) return;
  sweepExpiredCarts(app.db, app.clock.now()).catch((err: unknown) => app.log.warn({ err }, 'cart sweep failed'));
}, 60_000);
sweep.unref();

// Expired sessions, ended counters and used reset links are deleted in bounded batches (server/lib/purge.ts).
const purge = setInterval(() => {
  if (!app.clock.shared()) return;
  purgeExpired(app.db, app.clock.now())
    .then((purged) => {
      if (Object.values(purged).some((n) => n > 0)) app.log.info({ purged }, 'purged expired rows');
    })
    .catch((err: unknown) => app.log.warn({ err }, 'purge failed'));
}, 10 * 60_000);
purge.unref();

// Refunds a provider failed stay pending and are tried again (docs/product/team.md).
let refundRun: Promise<void> | null = null;
const refundRetry = setInterval(() => {
  if (refundRun || closing) return;
  refundRun = retryPendingRefunds(app)
    .catch((err: unknown) => app.log.warn({ err }, 'refund retry failed'))
    .finally(() => {
      refundRun = null;
    });
}, 5 * 60_000);
refundRetry.unref();

// Once a day (and a minute after start), the whole ledger is replayed and compared with the
// invoices, credit notes and refunds: a difference is logged as an error, and the metric
// popote_ledger_problems says how many (docs/operations.md, "The ledger").
let ledgerRun: Promise<void> | null = null;
function checkTheLedger() {
  if (ledgerRun || closing) return;
  ledgerRun = checkLedger(app.db)
    .then((report) => {
      setLedgerProblems(report.problems.length);
      if (report.problems.length) app.log.error({ problems: report.problems.slice(0, 50) }, 'the ledger does not agree with the documents');
      else app.log.info({ transfers: report.transfers }, 'ledger checked: it agrees with the documents');
    })
    .catch((err: unknown) => app.log.warn({ err }, 'ledger check failed'))
    .finally(() => {
      ledgerRun = null;
    });
}
const ledgerDaily = setInterval(checkTheLedger, 24 * 3600_000);
ledgerDaily.unref();
const ledgerFirst = setTimeout(checkTheLedger, 60_000);
ledgerFirst.unref();

// The outbox is delivered in the background; a failed mail stays queued and is retried (server/mail/sender.ts).
const transport = mailTransport(env);
if (!transport) app.log.warn('SMTP_URL is unset and the sandbox is off: mail stays queued in the outbox until SMTP_URL is set');
let mailRun: Promise<void> | null = null;
function sendMail() {
  if (!transport || mailRun || closing) return;
  mailRun = deliverDueMail(app.db, transport, app.clock.now(), { log: app.log })
    .then(() => undefined)
    .catch((err: unknown) => app.log.warn({ err }, 'mail sender failed'))
    .finally(() => {
      mailRun = null;
    });
}
const mailer = setInterval(sendMail, env.MAIL_SEND_INTERVAL_MS);
mailer.unref();
const firstMail = setTimeout(sendMail, Math.min(1_000, env.MAIL_SEND_INTERVAL_MS));
firstMail.unref();

// The push outbox is sent in the background too (server/modules/push/push-sender.ts): a request
// that queued pushes asks for a run at once; this timer takes the retries and another server's leftovers.
const pusher = setInterval(() => {
  if (!closing) app.push.kick();
}, 5_000);
pusher.unref();

// Once a minute, the stops whose window started (5 minutes' grace) without the tricycle tell their
// subscribed customers it is late, once (server/modules/rounds/late-notices.service.ts; two servers
// tell once). By everyone's clock only, as the cart sweep.
let lateRun: Promise<void> | null = null;
const lateCheck = setInterval(() => {
  if (lateRun || closing || !app.clock.shared()) return;
  lateRun = tellLateCustomers(app)
    .then((told) => {
      if (told) app.log.info({ told }, 'late notices queued');
    })
    .catch((err: unknown) => app.log.warn({ err }, 'late check failed'))
    .finally(() => {
      lateRun = null;
    });
}, 60_000);
lateCheck.unref();

async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  clearInterval(sweep);
  clearInterval(purge);
  clearInterval(mailer);
  clearInterval(pusher);
  clearInterval(lateCheck);
  clearInterval(refundRetry);
  clearInterval(ledgerDaily);
  clearTimeout(firstMail);
  clearTimeout(ledgerFirst);
  app.log.info({ signal }, 'shutting down: draining requests, closing the database');
  // Stop accepting, let in-flight requests finish, then close the database (onClose hook).
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out');
    process.exit(1);
  }, 10_000);
  timer.unref();
  // A run in progress may finish its mails before the database closes; one stuck on a slow SMTP server
  // is left: its claim expires and those mails are sent by the next start.
  await Promise.race([mailRun, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  transport?.close?.();
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
