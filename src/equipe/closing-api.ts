import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import type { VoucherIssuer } from '../shared/api/courier-round';
import { closingSchema } from '../shared/api/staff-closing';
import { remittanceSchema, remittancesSchema } from '../shared/api/staff-remittances';
import { decisionAnswerSchema, heldReceiptsSchema } from '../shared/api/staff-ledger';

/** The day's closing, the paper vouchers' remittances and the receipts held for review (admin). Online only: it is money. */
export const closingQuery = (date: string) =>
  queryOptions({
    queryKey: ['staff', 'closing', date],
    queryFn: ({ signal }) => api(`/api/staff/closing?date=${date}`, { schema: closingSchema, signal }),
  });

export function useCloseDay(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    /** `undelivered`: closing knowing some of the day's deliveries are not done (else refused, 409 day_undelivered). */
    mutationFn: ({ undelivered }: { undelivered: boolean }) => api(`/api/staff/closing/${date}/close${undelivered ? '?confirm=undelivered' : ''}`, { method: 'POST', schema: closingSchema }),
    onSuccess: (closing) => queryClient.setQueryData(closingQuery(date).queryKey, closing),
  });
}

/** The accountant's CSV of a day or a period (the browser downloads it). */
export const closingCsvHref = (range: { date: string } | { from: string; to: string }) =>
  `/api/staff/closing.csv?${new URLSearchParams('date' in range ? { date: range.date } : { from: range.from, to: range.to }).toString()}`;

/** Paper vouchers waiting per issuer, and the remittance batches (admin). */
export const remittancesQuery = queryOptions({
  queryKey: ['staff', 'remittances'],
  queryFn: ({ signal }) => api('/api/staff/remittances', { schema: remittancesSchema, signal }),
});

export function useRemittanceStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: { create: VoucherIssuer } | { sent: number } | { paid: number; amount: number }) =>
      'create' in step
        ? api('/api/staff/remittances', { method: 'POST', body: { issuer: step.create }, schema: remittanceSchema })
        : 'sent' in step
          ? api(`/api/staff/remittances/${step.sent}/sent`, { method: 'POST', schema: remittanceSchema })
          : api(`/api/staff/remittances/${step.paid}/paid`, { method: 'POST', body: { amount: step.amount }, schema: remittanceSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: remittancesQuery.queryKey }),
  });
}

/** What couriers received beyond the declarations, waiting for an admin (four eyes). */
export const heldReceiptsQuery = queryOptions({
  queryKey: ['staff', 'held-receipts'],
  queryFn: ({ signal }) => api('/api/staff/held-receipts', { schema: heldReceiptsSchema, signal }),
});

/** An admin's decision on a held receipt, with a note. */
export function useDecideHeld() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: number; decision: 'approve' | 'reject'; note: string }) => api(`/api/staff/held-receipts/${id}/${decision}`, { method: 'POST', body: { note }, schema: decisionAnswerSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: heldReceiptsQuery.queryKey }),
  });
}
