import { parisDate } from '#shared/time';
import { formatRate } from '#shared/vat-rate';
import { creditNoteAmounts, invoiceAmounts, type CreditNoteDoc, type DocAmounts, type InvoiceDoc } from './closing-figures';

/*
 * The accountant's export: one line per invoice and credit note, semicolon-separated, French
 * decimals, UTF-8 with a byte-order mark so that a spreadsheet opens the accents right. A credit
 * note's amounts are negative: a column's sum is the period's net.
 */

const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/**
 * A text as a spreadsheet reads it: never a formula (a name starting with '=' is kept as text),
 * quoted when it holds a separator, a quote or a line break. Amounts go as they are.
 */
function text(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const MEANS = ['card', 'edenred', 'pool', 'paper_vouchers'] as const;
const MEANS_HEADERS = ['Carte', 'Edenred', 'Cagnotte', 'Titres papier'];

export function closingCsv(invoices: InvoiceDoc[], notes: CreditNoteDoc[]): string {
  const lines = [
    ...invoices.map((doc) => ({ kind: 'Facture', number: doc.order.invoiceNumber!, ref: '', at: doc.order.createdAt, customer: doc.customer, sign: 1, amounts: invoiceAmounts(doc), means: doc.order.paymentMeans })),
    ...notes.map((doc) => ({
      kind: 'Avoir',
      number: doc.note.number,
      ref: doc.order.invoiceNumber ?? '',
      at: doc.note.createdAt,
      customer: doc.customer,
      sign: -1,
      amounts: creditNoteAmounts(doc),
      means: doc.refunds.map((r) => ({ means: r.means, amountCents: r.amountCents })),
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime() || a.number.localeCompare(b.number));
  const rates = [...new Set(lines.flatMap((l) => l.amounts.rates.map((r) => r.rateBp)))].sort((a, b) => a - b);
  const header = [
    'Type',
    'Numéro',
    'Facture d’origine',
    'Date',
    'Client',
    ...rates.flatMap((r) => [`HT ${formatRate(r)}`, `TVA ${formatRate(r)}`]),
    'Total HT',
    'Total TVA',
    'Consignes (hors TVA)',
    'Remise TTC',
    'Total TTC',
    ...MEANS_HEADERS,
  ];
  const rows = lines.map((l) => {
    const a: DocAmounts = l.amounts;
    const rate = (bp: number) => a.rates.find((r) => r.rateBp === bp);
    const means = (m: (typeof MEANS)[number]) => l.means.filter((x) => x.means === m).reduce((n, x) => n + x.amountCents, 0);
    const cells = [
      ...[l.kind, l.number, l.ref, parisDate(l.at), l.customer].map(text),
      ...rates.flatMap((bp) => [euros(l.sign * (rate(bp)?.baseCents ?? 0)), euros(l.sign * (rate(bp)?.vatCents ?? 0))]),
      euros(l.sign * a.rates.reduce((n, r) => n + r.baseCents, 0)),
      euros(l.sign * a.rates.reduce((n, r) => n + r.vatCents, 0)),
      euros(l.sign * (a.depositsTaken - a.depositsReturned)),
      euros(l.sign * a.discount),
      euros(l.sign * a.total),
      ...MEANS.map((m) => euros(l.sign * means(m))),
    ];
    return cells.join(';');
  });
  return `\uFEFF${[header.map(text).join(';'), ...rows].join('\r\n')}\r\n`;
}
