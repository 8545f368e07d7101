import type { FastifyInstance } from 'fastify';
import { CLOSING_ERRORS, CLOSING_RANGE_MAX_DAYS, closingSchema, type Closing } from '#shared/api/staff-closing';
import { addDays, frenchLongDate, parisDate, parisInstant } from '#shared/time';
import type { Db, Tx } from '../../db/client';
import { audit, type Actor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { closingFigures, type CreditNoteDoc, type InvoiceDoc } from './closing-figures';
import { dueOf, ledgerOpening, orderLedgers } from '../ledger/ledger.service';
import { settledOn, undeliveredOn, creditNotesBetween, dayClosing, firstInvoiceAt, insertDayClosing, invoicesBetween, linesOfOrders, refundsOfNotes } from './closing.repo';

type Conn = Db | Tx;

const dayStart = (date: string) => parisInstant(date, '00:00:00');
const fullName = (row: { firstname: string; lastname: string }) => `${row.firstname} ${row.lastname}`.trim();

/** The invoices and credit notes of the Paris days from `from` to `to`, both included, with what their sums need. */
export async function documentsOf(db: Conn, from: string, to: string): Promise<{ invoices: InvoiceDoc[]; notes: CreditNoteDoc[] }> {
  const [start, end] = [dayStart(from), dayStart(addDays(to, 1))];
  const [invoiceRows, noteRows] = await Promise.all([invoicesBetween(db, start, end), creditNotesBetween(db, start, end)]);
  const [lines, refunds] = await Promise.all([
    linesOfOrders(db, [...new Set([...invoiceRows.map((r) => r.order.id), ...noteRows.map((r) => r.order.id)])]),
    refundsOfNotes(
      db,
      noteRows.map((r) => r.note.id),
    ),
  ]);
  const linesOf = (orderId: number) => lines.filter((l) => l.orderId === orderId);
  return {
    invoices: invoiceRows.map((r) => ({ order: r.order, customer: fullName(r), lines: linesOf(r.order.id), depositsAdded: r.depositsAdded ?? 0, depositsReturned: r.depositsReturned ?? 0 })),
    notes: noteRows.map((r) => ({ note: r.note, order: r.order, customer: fullName(r), lines: linesOf(r.order.id), refunds: refunds.filter((x) => x.creditNoteId === r.note.id) })),
  };
}

async function liveFigures(db: Conn, date: string) {
  const [{ invoices, notes }, settled] = await Promise.all([documentsOf(db, date, date), settledOn(db, date)]);
  // Money, deposits, refunds and what is still owed are read from the ledger, beside the documents.
  const ids = [...new Set([...invoices.map((d) => d.order.id), ...notes.map((d) => d.order.id)])];
  const [ledger, dues, start] = await Promise.all([orderLedgers(db, ids), dueOf(db, settled.map((s) => s.order)), ledgerOpening(db)]);
  return closingFigures(
    date,
    invoices,
    notes,
    settled.filter((s) => (dues.get(s.order.id) ?? 0) > 0).map((s) => ({ order: s.order, customer: fullName(s), due: dues.get(s.order.id)! })),
    { orders: ledger, opening: start },
  );
}

/**
 * Figures frozen before the missing vouchers were counted apart (`paper_vouchers.missing`): what
 * they listed as not received is what was missing then.
 */
function withMissing(figures: unknown): Record<string, unknown> {
  const f = figures as Record<string, unknown> & { paper_vouchers?: { missing?: number; not_received?: { amount: number }[] } };
  if (!f.paper_vouchers || f.paper_vouchers.missing !== undefined) return f;
  const missing = (f.paper_vouchers.not_received ?? []).reduce((n, o) => n + o.amount, 0);
  return { ...f, paper_vouchers: { ...f.paper_vouchers, missing } };
}

/** The day's deliveries still to be made, as they stand now (never frozen with the figures). */
async function undeliveredOf(db: Conn, date: string): Promise<Closing['undelivered']> {
  return (await undeliveredOn(db, date)).map((r) => ({ order_id: r.order.id, invoice_number: r.order.invoiceNumber ?? `#${r.order.id}`, customer: fullName(r), state: r.order.state }));
}

/** A day's closing: its frozen figures once closed, else as the documents stand now. */
export async function closingOf(db: Db, date: string): Promise<Closing> {
  const [closed, undelivered] = await Promise.all([dayClosing(db, date), undeliveredOf(db, date)]);
  if (closed) return { ...closingSchema.parse({ ...withMissing(closed.figures), closed_at: null, closed_by: null, undelivered }), closed_at: closed.closedAt.toISOString(), closed_by: closed.closedBy };
  return { ...(await liveFigures(db, date)), undelivered, closed_at: null, closed_by: null };
}

/**
 * Closes a day (admin), once: its figures are frozen as they stand (a later refund or voucher
 * lands on the day it happens). Only a day that is over, from the shop's first sale on; while
 * some of its deliveries are not done, only once the admin confirms knowing it
 * (`confirmUndelivered`, audited with them). Audited with its totals.
 */
export async function closeDay(app: FastifyInstance, actor: Actor, date: string, confirmUndelivered = false): Promise<Closing> {
  const now = app.clock.now();
  if (date >= parisDate(now)) throw new AppError(409, CLOSING_ERRORS.notOver, 'Une journée se clôt une fois finie : à partir du lendemain.');
  // A day before the first sale is no shop day: closing it would freeze empty figures (a typo, or
  // 1970-01-01) that no later document could ever correct.
  const first = await firstInvoiceAt(app.db);
  if (!first || date < parisDate(first)) {
    const message = first
      ? `La boutique a vendu pour la première fois le ${frenchLongDate(parisDate(first), { year: true })} : aucune journée à clore avant.`
      : 'La boutique n’a encore rien vendu : aucune journée à clore.';
    throw new AppError(422, CLOSING_ERRORS.beforeFirstSale, message, { date: [message] });
  }
  return app.db.transaction(async (tx) => {
    const undelivered = await undeliveredOf(tx, date);
    // A day closed already says so first: there is nothing left to confirm.
    if (undelivered.length && !confirmUndelivered && !(await dayClosing(tx, date))) {
      const list = undelivered.map((o) => `${o.invoice_number} (${o.customer})`).join(', ');
      const message = undelivered.length > 1 ? `${undelivered.length} commandes de ce jour ne sont pas livrées : ${list}. Confirmez pour clore quand même.` : `Une commande de ce jour n’est pas livrée : ${list}. Confirmez pour clore quand même.`;
      throw new AppError(409, CLOSING_ERRORS.undelivered, message);
    }
    const figures = await liveFigures(tx, date);
    if (!(await insertDayClosing(tx, { date, closedAt: now, closedBy: actor.staffEmail, figures }))) {
      throw new AppError(409, CLOSING_ERRORS.closed, 'Cette journée est déjà close.');
    }
    await audit(
      tx,
      actor,
      { action: 'day.close', amountCents: figures.invoices.total, details: { date, invoices: figures.invoices, credit_notes: figures.credit_notes.total, check: figures.check, ...(undelivered.length ? { undelivered: undelivered.map((o) => o.order_id) } : {}) } },
      now,
    );
    return { ...figures, undelivered, closed_at: now.toISOString(), closed_by: actor.staffEmail };
  });
}

/** The days an export covers: one date, or a range of at most a year. */
export function exportRange(query: { date?: string; from?: string; to?: string }): { from: string; to: string } {
  const from = query.date ?? query.from;
  const to = query.date ?? query.to;
  const refuse = (message: string) => new AppError(422, CLOSING_ERRORS.range, message, { date: [message] });
  if (!from || !to) throw refuse('Indiquez une date, ou une période (du… au…).');
  if (from > to) throw refuse('La période doit commencer avant de finir.');
  if (addDays(from, CLOSING_RANGE_MAX_DAYS - 1) < to) throw refuse(`Une période couvre au plus ${CLOSING_RANGE_MAX_DAYS} jours.`);
  return { from, to };
}
