import { and, asc, gt, inArray, isNotNull } from 'drizzle-orm';
import { DEPOSIT_PER_MENU_CENTS } from '#shared/constants';
import { formatEuros } from '#shared/money';
import type { Db, Tx } from '../../db/client';
import { creditNotes, orders, refunds } from '../../db/schema';
import { allAccounts, allTransfers, opening, type AccountRow, type TransferRow } from './ledger.repo';
import { orderLedgers } from './ledger.service';

type Conn = Db | Tx;

/** What a check found: where (a transfer, an account, a document) and what does not agree. */
export interface LedgerProblem {
  where: string;
  problem: string;
}

export interface LedgerReport {
  transfers: number;
  accounts: number;
  orders: number;
  creditNotes: number;
  problems: LedgerProblem[];
}

interface Sums {
  debitsPosted: number;
  creditsPosted: number;
  debitsPending: number;
  creditsPending: number;
}

/**
 * Replays the whole ledger, transfer by transfer, as if it were applied anew: each one balanced and
 * well-formed, each post or void naming an earlier pending transfer between the same accounts, no
 * pool or containers count ever below zero at any point; then compares it with the documents made
 * since it opened: every invoice's sale, deposits and means of payment, every credit note, every
 * refund and its state. Nothing is written.
 */
export async function checkLedger(conn: Conn): Promise<LedgerReport> {
  const [accounts, transfers, start] = await Promise.all([allAccounts(conn), allTransfers(conn), opening(conn)]);
  const problems: LedgerProblem[] = [];
  replay(accounts, transfers, problems);
  const documents = await compareWithDocuments(conn, start, problems);
  return { transfers: transfers.length, accounts: accounts.length, ...documents, problems };
}

function replay(accounts: AccountRow[], transfers: TransferRow[], problems: LedgerProblem[]) {
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const sums = new Map<number, Sums>();
  const of = (id: number) => sums.get(id) ?? sums.set(id, { debitsPosted: 0, creditsPosted: 0, debitsPending: 0, creditsPending: 0 }).get(id)!;
  const pending = new Map<number, TransferRow>();
  const resolved = new Set<number>();
  for (const t of transfers) {
    const where = `transfert ${t.id} (${t.code})`;
    const debit = byId.get(t.debitAccountId);
    const credit = byId.get(t.creditAccountId);
    if (!debit || !credit) problems.push({ where, problem: 'un de ses comptes n’existe pas' });
    if (t.amount <= 0 || !Number.isInteger(t.amount)) problems.push({ where, problem: `montant ${t.amount} : un transfert porte un entier positif` });
    if (t.debitAccountId === t.creditAccountId) problems.push({ where, problem: 'débite et crédite le même compte' });
    if (debit && credit && (debit.unit !== t.unit || credit.unit !== t.unit)) problems.push({ where, problem: `unité ${t.unit} différente de celle de ses comptes` });
    if (t.kind === 'pending') pending.set(t.id, t);
    if (t.kind === 'post' || t.kind === 'void') {
      const held = t.pendingId === null ? undefined : pending.get(t.pendingId);
      if (!held) problems.push({ where, problem: `résout le transfert ${t.pendingId}, qui n’est pas un transfert en attente antérieur` });
      else {
        if (resolved.has(held.id)) problems.push({ where, problem: `résout une seconde fois le transfert ${held.id}` });
        if (held.debitAccountId !== t.debitAccountId || held.creditAccountId !== t.creditAccountId) problems.push({ where, problem: `ne porte pas sur les comptes du transfert ${held.id}` });
        if (t.kind === 'post' && t.amount > held.amount) problems.push({ where, problem: `valide ${t.amount}, plus que les ${held.amount} en attente` });
        if (t.kind === 'void' && t.amount !== held.amount) problems.push({ where, problem: `annule ${t.amount} au lieu des ${held.amount} en attente` });
        if (!resolved.has(held.id)) {
          of(held.debitAccountId).debitsPending -= held.amount;
          of(held.creditAccountId).creditsPending -= held.amount;
        }
        resolved.add(held.id);
      }
    }
    if (t.kind === 'posted' || t.kind === 'post') {
      of(t.debitAccountId).debitsPosted += t.amount;
      of(t.creditAccountId).creditsPosted += t.amount;
    } else if (t.kind === 'pending') {
      of(t.debitAccountId).debitsPending += t.amount;
      of(t.creditAccountId).creditsPending += t.amount;
    }
    // The limits, after each transfer: what the database enforces as they arrive.
    for (const account of [debit, credit]) {
      if (!account?.flag) continue;
      const s = of(account.id);
      const spent = account.flag === 'debits_must_not_exceed_credits' ? s.debitsPosted + s.debitsPending - s.creditsPosted : s.creditsPosted + s.creditsPending - s.debitsPosted;
      if (spent > 0) problems.push({ where, problem: `le compte ${account.code} passe sous zéro (${spent})` });
    }
  }
}

/** The documents made since the ledger opened, each against its transfers. */
async function compareWithDocuments(conn: Conn, start: { ordersBefore: number; creditNotesBefore: number }, problems: LedgerProblem[]) {
  // The invoices: every placed order has its number (a row without one is no document).
  const orderRows = await conn.select().from(orders).where(and(gt(orders.id, start.ordersBefore), isNotNull(orders.invoiceNumber))).orderBy(asc(orders.id));
  const noteRows = await conn.select().from(creditNotes).where(gt(creditNotes.id, start.creditNotesBefore)).orderBy(asc(creditNotes.id));
  const refundRows = noteRows.length
    ? await conn
        .select()
        .from(refunds)
        .where(
          inArray(
            refunds.creditNoteId,
            noteRows.map((n) => n.id),
          ),
        )
    : [];
  const ledgers = await orderLedgers(conn, [...new Set([...orderRows.map((o) => o.id), ...noteRows.map((n) => n.orderId)])]);
  const expect = (where: string, what: string, ledger: number, document: number) => {
    if (ledger !== document) problems.push({ where, problem: `${what} : ${formatEuros(ledger)} au grand livre, ${formatEuros(document)} sur le document` });
  };
  for (const order of orderRows) {
    const where = `facture ${order.invoiceNumber ?? `#${order.id}`}`;
    const l = ledgers.get(order.id);
    if (!l) {
      // A free order moves nothing: no money, no container.
      if (order.amountTotalCents !== 0 || order.depositChargedCents !== 0 || order.depositRefundedCents !== 0) problems.push({ where, problem: 'aucun transfert au grand livre' });
      continue;
    }
    expect(where, 'vente', l.sale, order.amountTotalCents - order.depositCents);
    expect(where, 'consignes prises', l.depositTaken, order.depositChargedCents);
    expect(where, 'consignes rendues', l.depositReturned, order.depositRefundedCents);
    if (order.depositChargedCents - order.depositRefundedCents !== order.depositCents) problems.push({ where, problem: `consignes ${order.depositCents} au lieu de ${order.depositChargedCents} − ${order.depositRefundedCents}` });
    if ((order.depositChargedCents % DEPOSIT_PER_MENU_CENTS) + (order.depositRefundedCents % DEPOSIT_PER_MENU_CENTS)) problems.push({ where, problem: 'une consigne qui n’est pas un multiple de 4\u00a0€' });
    for (const means of ['card', 'edenred', 'pool', 'paper_vouchers'] as const) {
      const planned = order.paymentMeans.filter((m) => m.means === means).reduce((n, m) => n + m.amountCents, 0);
      expect(where, `moyen de paiement ${means}`, l.means.get(means) ?? 0, planned);
    }
  }
  for (const note of noteRows) {
    const where = `avoir ${note.number}`;
    const l = ledgers.get(note.orderId);
    expect(where, 'montant', l?.creditNotes.get(note.id) ?? 0, note.amountCents);
    for (const refund of refundRows.filter((r) => r.creditNoteId === note.id)) {
      // Never paid (vouchers not collected, a balance due cancelled): no money moves, nothing to find.
      if (refund.means === 'paper_vouchers') continue;
      const held = l?.refunds.get(refund.id);
      const rwhere = `${where}, remboursement ${refund.id} (${refund.means})`;
      if (!held) {
        problems.push({ where: rwhere, problem: 'aucun transfert au grand livre' });
        continue;
      }
      expect(rwhere, 'montant', held.amount, refund.amountCents);
      if (held.done !== (refund.status === 'done')) problems.push({ where: rwhere, problem: held.done ? 'validé au grand livre, pas chez le prestataire' : 'fait chez le prestataire, encore en attente au grand livre' });
    }
  }
  return { orders: orderRows.length, creditNotes: noteRows.length };
}

/** The report in French, as the command prints it. */
export function reportText(report: LedgerReport): string {
  const head = `Grand livre : ${report.transfers} transferts sur ${report.accounts} comptes ; ${report.orders} factures et ${report.creditNotes} avoirs comparés.`;
  if (!report.problems.length) return `${head}\nTout concorde, au centime.`;
  return [head, `${report.problems.length} ${report.problems.length > 1 ? 'écarts' : 'écart'} :`, ...report.problems.map((p) => `  - ${p.where} : ${p.problem}`)].join('\n');
}
