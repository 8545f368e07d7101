import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifyAuditChain } from '../lib/audit-chain';
import { checkLedger } from '../modules/ledger/ledger-check.service';

/**
 * Sandbox only: the ledger replayed against the documents and the audit trail's chain verified, on
 * the database this server holds (an in-memory one too, which no command can reach). The browser
 * tests ask it once the whole suite has run (tests/e2e/global-teardown.ts): everything every test
 * did must still agree to the cent.
 */
export const sandboxChecksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/__sandbox/checks', async () => {
    const [ledger, audit] = await Promise.all([checkLedger(app.db), verifyAuditChain(app.db)]);
    return { ledger: { transfers: ledger.transfers, orders: ledger.orders, credit_notes: ledger.creditNotes, problems: ledger.problems }, audit: { entries: audit.entries, breaks: audit.breaks } };
  });
};
