import { z } from 'zod/mini';
import { isoDateField } from './fields';
import { ORDER_STATES } from './staff';

/**
 * The day's closing (docs/product/closing.md), for an admin: what the day's invoices and credit
 * notes add up to, by VAT rate and means of payment, the deposits outside VAT, what paper vouchers
 * and balances are still owed; frozen once the day is closed. Every amount in cents.
 *
 * GET  /api/staff/closing?date=…                the day's figures (frozen ones once closed)
 * GET  /api/staff/closing.csv?date=… | ?from=…&to=…  one line per invoice and credit note
 * POST /api/staff/closing/{date}/close          closes the day (409 `day_undelivered` while some of its
 *                                               deliveries are not done, unless `?confirm=undelivered`)
 */

export const CLOSING_ERRORS = { closed: 'day_closed', notOver: 'day_not_over', range: 'closing_range', beforeFirstSale: 'day_before_first_sale', undelivered: 'day_undelivered' } as const;
export const CLOSING_RANGE_MAX_DAYS = 366;

export const closingRateSchema = z.object({ rate_bp: z.int(), base: z.int(), vat: z.int(), total: z.int() });
export type ClosingRate = z.infer<typeof closingRateSchema>;

const CLOSING_MEANS = ['card', 'edenred', 'pool', 'paper_vouchers'] as const;
export const CLOSING_MEANS_LABELS: Record<(typeof CLOSING_MEANS)[number], string> = {
  card: 'Carte bancaire',
  edenred: 'Edenred',
  pool: 'Cagnotte',
  paper_vouchers: 'Titres-restaurant papier',
};

const owedSchema = z.object({ order_id: z.int(), invoice_number: z.string(), customer: z.string(), amount: z.int() });

export const closingSchema = z.object({
  date: z.string(),
  closed_at: z.nullable(z.string()),
  closed_by: z.nullable(z.string()),
  invoices: z.object({ count: z.int(), total: z.int(), free: z.int() }),
  /** Meals sold, VAT included, after discounts, per rate. */
  sales: z.object({ rates: z.array(closingRateSchema), base: z.int(), vat: z.int(), total: z.int() }),
  discounts: z.int(),
  /** Containers: deposits taken and returned on the day's invoices, outside VAT. */
  deposits: z.object({ taken: z.int(), returned: z.int(), net: z.int() }),
  /** How the day's invoices were paid, as placed. */
  means: z.array(z.object({ means: z.enum(CLOSING_MEANS), amount: z.int() })),
  /** Declared (face value), received by the couriers (the ledger's), and what is missing order by order (declared, not or not all received), with those orders. */
  paper_vouchers: z.object({ declared: z.int(), received: z.int(), missing: z.int(), not_received: z.array(owedSchema) }),
  credit_notes: z.object({ count: z.int(), total: z.int(), rates: z.array(closingRateSchema), deposits: z.int() }),
  /** Money given back that day, per means; `pending` not yet confirmed by its provider. */
  refunds: z.array(z.object({ means: z.enum(CLOSING_MEANS), amount: z.int(), pending: z.int() })),
  balances_due: z.array(owedSchema),
  /**
   * The day's deliveries not yet delivered, absent nor cancelled (as they stand now, never frozen):
   * closing asks to confirm while there are some.
   */
  undelivered: z.array(z.object({ order_id: z.int(), invoice_number: z.string(), customer: z.string(), state: z.enum(ORDER_STATES) })),
  /** The rows add up to the documents, to the cent. */
  check: z.object({ ok: z.boolean(), messages: z.array(z.string()) }),
});
export type Closing = z.infer<typeof closingSchema>;

export const closingQuerySchema = z.object({ date: isoDateField });
export const closingCsvQuerySchema = z.object({ date: z.optional(isoDateField), from: z.optional(isoDateField), to: z.optional(isoDateField) });
export const closingParamsSchema = z.object({ date: isoDateField });
/** `confirm=undelivered`: the admin closes knowing some of the day's deliveries are not done. */
export const closeQuerySchema = z.object({ confirm: z.optional(z.enum(['undelivered'])) });
