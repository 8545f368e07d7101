import { z } from 'zod/mini';
import { PAYMENT_ORDER_ID_PATTERN } from './checkout';
import { idField } from './fields';

/*
 * The customer settles a balance due (docs/product/money.md#settling-a-balance-due): from their
 * pool, or by card through PayGreen's hosted page, as the basket is paid. Amounts in cents.
 *
 * POST /api/orders/{id}/balance                     from the pool, as much as it holds
 * POST /api/orders/{id}/balance/card                a card payment of what is due: the hosted page
 * GET  /api/orders/{id}/balance/card/{po_id}        what the card payment came to (asked of PayGreen)
 * POST /api/orders/{id}/balance/card/{po_id}/cancel the buyer gave up: canceled at PayGreen
 */

export const dueParamsSchema = z.object({ id: z.pipe(z.coerce.number(), idField('Identifiant invalide.')) });
export const dueCardParamsSchema = z.object({
  id: z.pipe(z.coerce.number(), idField('Identifiant invalide.')),
  po: z.string().check(z.regex(PAYMENT_ORDER_ID_PATTERN, { error: 'Paiement inconnu.' })),
});

/** How much of the due to pay by card: all of it when not said (`{}`), never more. */
export const dueCardBodySchema = z.object({
  amount: z.optional(z.int({ error: 'Le montant doit être en centimes.' }).check(z.positive({ error: 'Le montant doit être positif.' }), z.maximum(100_000))),
});

/**
 * What a card payment of a balance due came to: `success` (credited to the order, once), `pending`
 * (PayGreen has not decided), `refused` (refused, or given back: the due stays as it was) or
 * `canceled` (the buyer gave up). `settled`: what this payment settled; `due`: what is still owed.
 */
export const DUE_CARD_STATUSES = ['success', 'pending', 'refused', 'canceled'] as const;
export const dueCardAnswerSchema = z.object({ order_id: z.int(), status: z.enum(DUE_CARD_STATUSES), settled: z.int(), due: z.int() });
export type DueCardAnswer = z.infer<typeof dueCardAnswerSchema>;

/**
 * Where PayGreen sends the buyer back (it adds `po_id`): the account panel over the home page,
 * which asks the server what the payment came to. `reste_carte`: back from paying (`retour`) or from
 * "Annuler et revenir" (`annule`); `commande`: the order.
 */
export const DUE_CARD_PARAM = 'reste_carte';
export const DUE_ORDER_PARAM = 'commande';
export const dueCardReturnPath = (orderId: number) => `/?volet=compte&${DUE_CARD_PARAM}=retour&${DUE_ORDER_PARAM}=${orderId}`;
export const dueCardCancelPath = (orderId: number) => `/?volet=compte&${DUE_CARD_PARAM}=annule&${DUE_ORDER_PARAM}=${orderId}`;

/** The return's parameters, read from a page's search (null: not a return from a due's card payment). */
export function readDueCardReturn(search: string): { orderId: number; poId: string; canceled: boolean } | null {
  const params = new URLSearchParams(search);
  const way = params.get(DUE_CARD_PARAM);
  const orderId = Number(params.get(DUE_ORDER_PARAM));
  const poId = params.get('po_id');
  if ((way !== 'retour' && way !== 'annule') || !Number.isInteger(orderId) || orderId <= 0 || !poId || !PAYMENT_ORDER_ID_PATTERN.test(poId)) return null;
  return { orderId, poId, canceled: way === 'annule' };
}

/** The page's search without the return's parameters (the panel stays open). */
export function withoutDueCardReturn(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of [DUE_CARD_PARAM, DUE_ORDER_PARAM, 'po_id']) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
