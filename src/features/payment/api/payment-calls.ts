import { api } from '../../../lib/api-client';
import { preOrderSchema, validatedOrderSchema, type LunchVoucherRow } from '../../../shared/api/checkout';
import { z } from 'zod';

const post = { method: 'POST' } as const;

export const validateCart = () => api('/api/cart/validate', { ...post, schema: preOrderSchema });
export const fetchPreOrder = () => api('/api/pending-order', { ...post, schema: preOrderSchema });
export const saveLunchVouchers = (lunch_vouchers: LunchVoucherRow[]) =>
  api('/api/pending-order/lunch-vouchers', { ...post, body: { lunch_vouchers }, schema: preOrderSchema });
export const applyPool = () => api('/api/pending-order/pool', { ...post, schema: preOrderSchema });
/** Pays a pre-order whose remaining price is 0 (pool, vouchers). */
export const payWithoutCard = () => api('/api/payment', { ...post, schema: validatedOrderSchema });
export const orderFreeCart = () => api('/api/cart/order', { ...post, schema: validatedOrderSchema });
export const startCardPayment = () => api('/api/payment/paygreen', { ...post, schema: z.object({ hosted_payment_url: z.string() }) });
export const fetchCardOrder = (poId: string) => api(`/api/payment/paygreen/${encodeURIComponent(poId)}/order`, { schema: validatedOrderSchema });
