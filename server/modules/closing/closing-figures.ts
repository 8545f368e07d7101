import type { Closing, ClosingRate } from '#shared/api/staff-closing';
import { DEPOSIT_PER_MENU_CENTS } from '#shared/constants';
import { formatEuros } from '#shared/money';
import { receivedCents } from '#shared/round-outcome';
import type { creditNotes, orderProducts, orders, refunds } from '../../db/schema';
import { creditNoteRates } from '../../pdf/credit-note';
import { invoiceTotals, type VatRateTotal } from '../../pdf/invoice-totals';
import type { OrderLedger } from '../ledger/ledger.service';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderProducts.$inferSelect;

/** An invoice as the closing reads it: its order, its lines, the containers of its pre-order. */
export interface InvoiceDoc {
  order: OrderRow;
  customer: string;
  lines: LineRow[];
  depositsAdded: number;
  depositsReturned: number;
}

/** A credit note with the order it corrects, that order's lines and how its money went back. */
export interface CreditNoteDoc {
  note: typeof creditNotes.$inferSelect;
  order: OrderRow;
  customer: string;
  lines: LineRow[];
  refunds: (typeof refunds.$inferSelect)[];
}

/** One document's amounts, for the closing's sums and the CSV's lines (credit notes negative there). */
export interface DocAmounts {
  rates: VatRateTotal[];
  goods: number;
  depositsTaken: number;
  depositsReturned: number;
  discount: number;
  total: number;
}

export function invoiceAmounts(doc: InvoiceDoc): DocAmounts {
  const totals = invoiceTotals(doc.lines, doc.order.discountCents);
  return {
    rates: totals.rates,
    goods: totals.totalCents,
    depositsTaken: doc.depositsAdded * DEPOSIT_PER_MENU_CENTS,
    depositsReturned: doc.depositsReturned * DEPOSIT_PER_MENU_CENTS,
    discount: totals.discountCents,
    total: doc.order.amountTotalCents,
  };
}

export function creditNoteAmounts(doc: CreditNoteDoc): DocAmounts {
  const { rates, depositCents } = creditNoteRates({ order: doc.order, lines: doc.lines, note: doc.note });
  const goods = rates.reduce((n, r) => n + r.totalCents, 0);
  // A cancellation gives the net deposit back: containers taken are no longer charged, returned ones no longer credited.
  return { rates, goods, depositsTaken: Math.max(0, depositCents), depositsReturned: 0, discount: 0, total: doc.note.amountCents };
}

/** Adds rates up by rate, lowest first. */
function byRate(all: VatRateTotal[]): ClosingRate[] {
  const sums = new Map<number, ClosingRate>();
  for (const r of all) {
    const sum = sums.get(r.rateBp) ?? { rate_bp: r.rateBp, base: 0, vat: 0, total: 0 };
    sum.base += r.baseCents;
    sum.vat += r.vatCents;
    sum.total += r.totalCents;
    sums.set(r.rateBp, sum);
  }
  return [...sums.values()].sort((a, b) => a.rate_bp - b.rate_bp);
}

const sum = <T,>(items: T[], pick: (item: T, index: number) => number) => items.reduce((n, item, index) => n + pick(item, index), 0);

const MEANS = ['card', 'edenred', 'pool', 'paper_vouchers'] as const;
const GONE: OrderRow['state'][] = ['cancelled', 'refunded'];

/** The ledger's side of the day's documents (server/modules/ledger): orders placed before it opened have none. */
export interface DayLedger {
  orders: Map<number, OrderLedger>;
  opening: { ordersBefore: number; creditNotesBefore: number };
}

/**
 * A day's figures: sales by VAT rate from the invoices (as their PDFs compute them); deposits,
 * means of payment, paper vouchers received, refunds and balances due from the ledger; and the
 * check that the ledger and the documents agree to the cent (its French messages say what does
 * not). Documents made before the ledger opened are read from themselves.
 */
export function closingFigures(date: string, invoices: InvoiceDoc[], notes: CreditNoteDoc[], balances: { order: OrderRow; customer: string; due: number }[], ledger: DayLedger): Omit<Closing, 'closed_at' | 'closed_by' | 'undelivered'> {
  const inLedger = (order: OrderRow) => order.id > ledger.opening.ordersBefore;
  const ledgerOf = (order: OrderRow) => (inLedger(order) ? ledger.orders.get(order.id) : undefined);
  const amounts = invoices.map(invoiceAmounts);
  const rates = byRate(amounts.flatMap((a) => a.rates));
  const invoicesTotal = sum(invoices, (d) => d.order.amountTotalCents);
  // Deposits and means as the ledger recorded them at placement (the documents' own for older orders).
  const taken = (d: InvoiceDoc, a: DocAmounts) => (inLedger(d.order) ? (ledgerOf(d.order)?.depositTaken ?? 0) : a.depositsTaken);
  const returned = (d: InvoiceDoc, a: DocAmounts) => (inLedger(d.order) ? (ledgerOf(d.order)?.depositReturned ?? 0) : a.depositsReturned);
  const deposits = { taken: sum(invoices, (d, i) => taken(d, amounts[i]!)), returned: sum(invoices, (d, i) => returned(d, amounts[i]!)), net: 0 };
  deposits.net = deposits.taken - deposits.returned;
  const paidBy = (d: InvoiceDoc, m: (typeof MEANS)[number]) =>
    inLedger(d.order) ? (ledgerOf(d.order)?.means.get(m) ?? 0) : sum(d.order.paymentMeans.filter((p) => p.means === m), (p) => p.amountCents);
  const means = MEANS.map((m) => ({ means: m, amount: sum(invoices, (d) => paidBy(d, m)) }));

  const noteAmounts = notes.map(creditNoteAmounts);
  const noteRates = byRate(noteAmounts.flatMap((a) => a.rates));
  const notesTotal = sum(notes, (d) => d.note.amountCents);
  const noteDeposits = sum(noteAmounts, (a) => a.depositsTaken);
  // Each refund's money as the ledger holds it (pending until its provider confirms); what was never
  // paid (vouchers not collected, a balance due cancelled) is no money: the credit note's row says it.
  const refundOf = (d: CreditNoteDoc, r: CreditNoteDoc['refunds'][number]) => {
    const held = inLedger(d.order) && r.means !== 'paper_vouchers' ? ledgerOf(d.order)?.refunds.get(r.id) : undefined;
    if (inLedger(d.order) && r.means !== 'paper_vouchers') return { means: r.means, amount: held?.amount ?? 0, pending: held && !held.done ? held.amount : 0 };
    return { means: r.means, amount: r.amountCents, pending: r.status !== 'done' ? r.amountCents : 0 };
  };
  const allRefunds = notes.flatMap((d) => d.refunds.map((r) => refundOf(d, r)));
  const refundsBy = MEANS.map((m) => {
    const rows = allRefunds.filter((r) => r.means === m);
    return { means: m, amount: sum(rows, (r) => r.amount), pending: sum(rows, (r) => r.pending) };
  }).filter((r) => r.amount > 0);

  const owed = (order: OrderRow, customer: string, amount: number) => ({ order_id: order.id, invoice_number: order.invoiceNumber ?? `#${order.id}`, customer, amount });
  const salesTotal = sum(rates, (r) => r.total);
  const messages: string[] = [];
  const expectEqual = (what: string, rows: number, documents: number) => {
    if (rows !== documents) messages.push(`${what} : ${formatEuros(rows)} au lieu de ${formatEuros(documents)} (écart ${formatEuros(rows - documents)}).`);
  };
  expectEqual('Ventes par taux et consignes', salesTotal + deposits.net, invoicesTotal);
  expectEqual('Moyens de paiement', sum(means, (m) => m.amount), invoicesTotal);
  expectEqual('Avoirs par taux et consignes', sum(noteRates, (r) => r.total) + noteDeposits, notesTotal);
  expectEqual('Remboursements', sum(allRefunds, (r) => r.amount), notesTotal);
  // The ledger against the documents, each invoice and credit note made since it opened.
  const ledgerInvoices = invoices.filter((d) => inLedger(d.order));
  expectEqual(
    'Grand livre, ventes des factures',
    sum(ledgerInvoices, (d) => (ledgerOf(d.order)?.sale ?? 0) + (ledgerOf(d.order)?.depositTaken ?? 0) - (ledgerOf(d.order)?.depositReturned ?? 0)),
    sum(ledgerInvoices, (d) => d.order.amountTotalCents),
  );
  const ledgerNotes = notes.filter((d) => d.note.id > ledger.opening.creditNotesBefore && inLedger(d.order));
  expectEqual(
    'Grand livre, avoirs',
    sum(ledgerNotes, (d) => ledgerOf(d.order)?.creditNotes.get(d.note.id) ?? 0),
    sum(ledgerNotes, (d) => d.note.amountCents),
  );

  /**
   * Declared against received, order by order, as the ledger posted them: an order whose courier
   * brought fewer vouchers than declared is missing the difference (its balance due), even once its
   * round is closed; what came beyond one order's declaration makes up for no other's.
   */
  function paperVouchers() {
    const receivedOn = (d: (typeof invoices)[number]) => (inLedger(d.order) ? (ledgerOf(d.order)?.vouchersReceived ?? 0) : vouchersReceivedOf(d.order));
    // A cancelled or refunded order's vouchers were dropped with it: nobody is to bring them.
    const live = invoices.filter((d) => d.order.paperVouchersCents > 0 && !GONE.includes(d.order.state));
    const short = live.flatMap((d) => {
      const missing = d.order.paperVouchersCents - receivedOn(d);
      return missing > 0 ? [owed(d.order, d.customer, missing)] : [];
    });
    return {
      declared: sum(invoices, (d) => d.order.paperVouchersCents),
      received: sum(invoices, receivedOn),
      missing: sum(short, (o) => o.amount),
      not_received: short,
    };
  }

  return {
    date,
    invoices: { count: invoices.length, total: invoicesTotal, free: invoices.filter((d) => d.order.amountTotalCents === 0).length },
    sales: { rates, base: sum(rates, (r) => r.base), vat: sum(rates, (r) => r.vat), total: salesTotal },
    discounts: sum(amounts, (a) => a.discount),
    deposits,
    means,
    paper_vouchers: paperVouchers(),
    credit_notes: { count: notes.length, total: notesTotal, rates: noteRates, deposits: noteDeposits },
    refunds: refundsBy,
    balances_due: balances.map((b) => owed(b.order, b.customer, b.due)),
    check: { ok: messages.length === 0, messages },
  };
}

/** Paper vouchers received on an order from before the ledger, by its own record. */
function vouchersReceivedOf(order: OrderRow): number {
  if (!order.paperVouchersConfirmedAt) return 0;
  return order.paperVouchersReceived ? receivedCents(order.paperVouchersReceived) : order.paperVouchersCents;
}
