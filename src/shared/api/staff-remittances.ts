import { z } from 'zod/mini';
import { VOUCHER_ISSUERS } from './courier-round';
import { idField } from './fields';

/**
 * Paper meal vouchers sent back to their issuers (docs/product/closing.md): what the couriers
 * received and is not in a batch yet, per issuer; the batches, prepared, sent, then paid.
 *
 * GET  /api/staff/remittances                  waiting vouchers per issuer, and the batches
 * POST /api/staff/remittances {issuer}         a batch of all of that issuer's waiting vouchers
 * GET  /api/staff/remittances/{id}/slip.pdf    the slip sent with them
 * POST /api/staff/remittances/{id}/sent        marked sent
 * POST /api/staff/remittances/{id}/paid {amount}  marked paid with what the issuer paid
 */

export const REMITTANCE_ERRORS = { nothing: 'nothing_to_remit', state: 'remittance_state' } as const;
export const REMITTANCE_STATES = ['prepared', 'sent', 'paid'] as const;
export const REMITTANCE_STATE_LABELS: Record<(typeof REMITTANCE_STATES)[number], string> = { prepared: 'Préparée', sent: 'Envoyée', paid: 'Payée' };

const remittedOrderSchema = z.object({ order_id: z.int(), invoice_number: z.string(), customer: z.string(), delivery_date: z.nullable(z.string()), count: z.int(), total: z.int() });

export const waitingVouchersSchema = z.object({
  issuer: z.enum(VOUCHER_ISSUERS),
  count: z.int(),
  total: z.int(),
  orders: z.int(),
  /** The last day to present the oldest of them. */
  deadline: z.string(),
});

export const remittanceSchema = z.object({
  id: z.int(),
  issuer: z.enum(VOUCHER_ISSUERS),
  state: z.enum(REMITTANCE_STATES),
  count: z.int(),
  total: z.int(),
  deadline: z.string(),
  created_at: z.string(),
  created_by: z.nullable(z.string()),
  sent_at: z.nullable(z.string()),
  paid_at: z.nullable(z.string()),
  /** What the issuer paid; the difference with the total is its commission or a dispute. */
  paid: z.nullable(z.int()),
  difference: z.nullable(z.int()),
  orders: z.array(remittedOrderSchema),
  /** The vouchers by face value, highest first: what the issuer counts (count × unit = total). */
  faces: z.array(z.object({ unit: z.int(), count: z.int(), total: z.int() })),
});
export type Remittance = z.infer<typeof remittanceSchema>;

export const remittancesSchema = z.object({ waiting: z.array(waitingVouchersSchema), batches: z.array(remittanceSchema) });
export type Remittances = z.infer<typeof remittancesSchema>;

export const newRemittanceBodySchema = z.object({ issuer: z.enum(VOUCHER_ISSUERS, { error: 'Choisissez l’émetteur.' }) });
export const remittancePaidBodySchema = z.object({
  amount: z.int({ error: 'Le montant doit être en centimes.' }).check(z.minimum(0, { error: 'Le montant ne peut pas être négatif.' }), z.maximum(10_000_000)),
});
export const remittanceParamsSchema = z.object({ id: z.pipe(z.coerce.number(), idField('Remise invalide.')) });
