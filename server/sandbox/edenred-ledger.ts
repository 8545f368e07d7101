import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parisDate } from '#shared/time';
import type { Db, Tx } from '../db/client';
import { sandboxEdenredAccounts, sandboxEdenredTransactions } from '../db/schema';
import { isUniqueViolation } from '../lib/errors';
import type { Account, EdenredAccounts } from './edenred-accounts';
import { newId } from './edenred-tokens';
import { DirectPaymentError, spentBy } from './edenred-wire';

type App = Parameters<FastifyPluginAsyncZod>[0];
export type Transaction = typeof sandboxEdenredTransactions.$inferSelect;

/** French law caps meal-voucher payments at 25 € a day. */
const DAILY_CAP_CENTS = 2500;

/**
 * The Edenred emulator's money: Direct Payment's transactions taken, held, captured, cancelled or
 * refunded against an account's balance and the daily cap, each in a database transaction with
 * its rows locked. Direct Payment's routes and the widget both pay through it.
 */
export function edenredLedger(app: App, { ensureDemoAccounts }: Pick<EdenredAccounts, 'ensureDemoAccounts'>) {
  /** The refusal a payment of `amount` meets today: no money, or over the 25 € daily cap. */
  async function spendRefusal(db: Db | Tx, account: Account, amount: number, day: string): Promise<DirectPaymentError | null> {
    if (amount > account.balanceCents) return new DirectPaymentError(400, 'INSUFFICIENT_FUNDS', 'The available amount is lower than the transaction amount.');
    const today = await db
      .select()
      .from(sandboxEdenredTransactions)
      .where(and(eq(sandboxEdenredTransactions.username, account.username), eq(sandboxEdenredTransactions.day, day)));
    const spent = today.reduce((sum, row) => sum + spentBy(row), 0);
    if (spent + amount > DAILY_CAP_CENTS) {
      return new DirectPaymentError(400, 'LIMIT_EXCEEDED', `The daily limit of ${DAILY_CAP_CENTS} cents would be exceeded (${spent} already spent today).`);
    }
    return null;
  }

  /**
   * Takes (auto capture) or holds (manual) `amount` from the account, in one database transaction
   * with the account row locked: two payments at once cannot both pass the balance or the cap.
   */
  async function createTransaction(input: { username: string; mid: string; orderRef: string; amount: number; capture: 'auto' | 'manual' }): Promise<Transaction> {
    await ensureDemoAccounts();
    const now = app.clock.now();
    const day = parisDate(now);
    try {
      return await app.db.transaction(async (tx) => {
        const [account] = await tx.select().from(sandboxEdenredAccounts).where(eq(sandboxEdenredAccounts.username, input.username)).for('update');
        if (!account) throw new DirectPaymentError(404, 'USER_NOT_FOUND', 'Unknown user.');
        const [duplicate] = await tx
          .select({ id: sandboxEdenredTransactions.id })
          .from(sandboxEdenredTransactions)
          .where(and(eq(sandboxEdenredTransactions.mid, input.mid), eq(sandboxEdenredTransactions.orderRef, input.orderRef)));
        if (duplicate) throw new DirectPaymentError(409, 'TRANSACTION_DUPLICATED', 'A transaction already exists for this order_ref.');
        const refusal = await spendRefusal(tx, account, input.amount, day);
        if (refusal) throw refusal;
        const auto = input.capture === 'auto';
        const [row] = await tx
          .insert(sandboxEdenredTransactions)
          .values({
            id: newId('auth'),
            username: account.username,
            mid: input.mid,
            orderRef: input.orderRef,
            amount: input.amount,
            capturedAmount: auto ? input.amount : 0,
            status: auto ? 'captured' : 'authorized',
            day,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        // Held money leaves the balance at authorization, and comes back if cancelled.
        await tx
          .update(sandboxEdenredAccounts)
          .set({ balanceCents: account.balanceCents - input.amount })
          .where(eq(sandboxEdenredAccounts.username, account.username));
        return row!;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new DirectPaymentError(409, 'TRANSACTION_DUPLICATED', 'A transaction already exists for this order_ref.');
      throw err;
    }
  }

  /**
   * Changes a transaction and gives money back to its account, in one database transaction with
   * the transaction row locked. `change` sees the current row and answers the update, or throws.
   */
  async function settle(id: string, change: (row: Transaction) => { set: Partial<Transaction>; giveBack: number }): Promise<Transaction> {
    return app.db.transaction(async (tx) => {
      const [row] = await tx.select().from(sandboxEdenredTransactions).where(eq(sandboxEdenredTransactions.id, id)).for('update');
      if (!row) throw new DirectPaymentError(404, 'TRANSACTION_NOT_FOUND', 'Unknown authorization_id.');
      const { set, giveBack } = change(row);
      const [updated] = await tx
        .update(sandboxEdenredTransactions)
        .set({ ...set, updatedAt: app.clock.now() })
        .where(eq(sandboxEdenredTransactions.id, id))
        .returning();
      if (giveBack > 0) {
        const [account] = await tx.select().from(sandboxEdenredAccounts).where(eq(sandboxEdenredAccounts.username, row.username)).for('update');
        if (account) {
          await tx
            .update(sandboxEdenredAccounts)
            .set({ balanceCents: account.balanceCents + giveBack })
            .where(eq(sandboxEdenredAccounts.username, row.username));
        }
      }
      return updated!;
    });
  }

  const wrongStatus = (row: Transaction, action: string) =>
    new DirectPaymentError(409, 'INVALID_TRANSACTION_STATUS', `A transaction in status ${row.status} cannot be ${action}.`);

  /** Capturing less than held gives the rest back. */
  const capture = (id: string, amount: number | undefined) =>
    settle(id, (row) => {
      if (row.status !== 'authorized') throw wrongStatus(row, 'captured');
      const taken = amount ?? row.amount;
      if (taken > row.amount) throw new DirectPaymentError(400, 'INVALID_AMOUNT', `At most ${row.amount} can be captured.`);
      return { set: { status: 'captured', capturedAmount: taken }, giveBack: row.amount - taken };
    });

  const cancel = (id: string) =>
    settle(id, (row) => {
      if (row.status !== 'authorized') throw wrongStatus(row, 'cancelled');
      return { set: { status: 'cancelled' }, giveBack: row.amount };
    });

  const refund = (id: string, amount: number | undefined) =>
    settle(id, (row) => {
      if (row.status !== 'captured') throw wrongStatus(row, 'refunded');
      const refundable = row.capturedAmount - row.refundedAmount;
      const given = amount ?? refundable;
      if (given > refundable) throw new DirectPaymentError(400, 'INVALID_AMOUNT', `At most ${refundable} can be refunded.`);
      const refunded = row.refundedAmount + given;
      return { set: { status: refunded >= row.capturedAmount ? 'refunded' : 'captured', refundedAmount: refunded }, giveBack: given };
    });

  return { spendRefusal, createTransaction, capture, cancel, refund };
}

export type EdenredLedger = ReturnType<typeof edenredLedger>;
