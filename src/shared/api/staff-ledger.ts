import { z } from 'zod/mini';
import { receivedVoucherRowSchema } from './courier-round';
import { idField, textField } from './fields';

/**
 * The ledger's doors for people (docs/product/money.md): what a courier received beyond what was
 * declared waits for an admin's decision (four eyes), and a balance due is settled, by the customer
 * or recorded by the team. Amounts in cents.
 *
 * GET  /api/staff/held-receipts               what waits for an admin (admin)
 * POST /api/staff/held-receipts/{id}/approve  credited, with a note (admin, not who recorded it)
 * POST /api/staff/held-receipts/{id}/reject   not credited, with a note
 * POST /api/staff/orders/{id}/balance         a balance due settled in paper vouchers or cash (admin)
 * POST /api/orders/{id}/balance               the customer settles a balance due from their pool
 */

export const LEDGER_ERRORS = {
  heldUnknown: 'review_unknown',
  ownReceipt: 'review_own_receipt',
  nothingDue: 'nothing_due',
  dueExceeded: 'due_exceeded',
  poolShort: 'pool_short',
  alreadyResolved: 'already_resolved',
} as const;

export const heldReceiptSchema = z.object({
  id: z.int(),
  order_id: z.nullable(z.int()),
  invoice_number: z.nullable(z.string()),
  customer: z.nullable(z.string()),
  /** Paper vouchers received beyond the declaration, or containers beyond it (4 € each to the pool). */
  kind: z.enum(['vouchers', 'containers']),
  /** What approval credits to the customer's pool. */
  amount: z.int(),
  containers: z.int(),
  /** The vouchers the order declared (total), for comparison. */
  declared: z.int(),
  /** The rows the courier recorded, for vouchers. */
  rows: z.nullable(z.array(receivedVoucherRowSchema)),
  recorded_by: z.nullable(z.string()),
  recorded_at: z.string(),
});
export type HeldReceipt = z.infer<typeof heldReceiptSchema>;
export const heldReceiptsSchema = z.object({ receipts: z.array(heldReceiptSchema) });

export const heldReceiptParamsSchema = z.object({ id: z.pipe(z.coerce.number(), idField('Réception invalide.')) });
/** Why the admin decides so: kept with the decision. */
export const decisionBodySchema = z.object({ note: textField('note', 300) });
export const decisionAnswerSchema = z.object({ id: z.int(), decision: z.enum(['approve', 'reject']), amount: z.int() });

const VOUCHERS_TOTAL_MAX = 100_000;
/** A balance due recorded by the team: paper vouchers (their rows) or cash received later. */
export const staffDueBodySchema = z
  .object({
    means: z.enum(['paper_vouchers', 'cash'], { error: 'Choisissez des titres-restaurant papier ou des espèces.' }),
    amount: z.optional(z.int({ error: 'Le montant doit être en centimes.' }).check(z.positive({ error: 'Le montant doit être positif.' }), z.maximum(VOUCHERS_TOTAL_MAX))),
    rows: z.optional(z.array(receivedVoucherRowSchema).check(z.minLength(1), z.maxLength(10))),
    note: z.optional(textField('note', 300)),
  })
  .check(
    z.refine((b) => (b.means === 'paper_vouchers' ? b.rows !== undefined : b.amount !== undefined), {
      error: 'Indiquez les titres reçus (émetteur, nombre, valeur), ou le montant en espèces.',
    }),
  );
export const dueAnswerSchema = z.object({ order_id: z.int(), settled: z.int(), due: z.int() });
