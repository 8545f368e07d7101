import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoucherIssuer } from '../shared/api/courier-round';
import { call } from '../lib/api-call';
import { CLOSING } from '../shared/api/routes/closing';
import { LEDGER } from '../shared/api/routes/ledger';
import { pathOf } from '../shared/api/route-table';

/** The day's closing, the paper vouchers' remittances and the receipts held for review (admin). Online only: it is money. */
export const closingQuery = (date: string) =>
  queryOptions({
    queryKey: ['staff', 'closing', date],
    queryFn: ({ signal }) => call(CLOSING.getStaffClosing, { query: { date }, signal }),
  });

export function useCloseDay(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    /** `undelivered`: closing knowing some of the day's deliveries are not done (else refused, 409 day_undelivered). */
    mutationFn: ({ undelivered }: { undelivered: boolean }) => call(CLOSING.postStaffClosingByDateClose, { params: { date }, query: { confirm: undelivered ? 'undelivered' : undefined } }),
    onSuccess: (closing) => queryClient.setQueryData(closingQuery(date).queryKey, closing),
  });
}

/** The accountant's CSV of a day or a period (the browser downloads it). */
export const closingCsvHref = (range: { date: string } | { from: string; to: string }) =>
  pathOf(CLOSING.getStaffClosingCsv, null, 'date' in range ? { date: range.date } : { from: range.from, to: range.to });

/** Paper vouchers waiting per issuer, and the remittance batches (admin). */
export const remittancesQuery = queryOptions({
  queryKey: ['staff', 'remittances'],
  queryFn: ({ signal }) => call(CLOSING.getStaffRemittances, { signal }),
});

export function useRemittanceStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: { create: VoucherIssuer } | { sent: number } | { paid: number; amount: number }) =>
      'create' in step
        ? call(CLOSING.postStaffRemittances, { body: { issuer: step.create } })
        : 'sent' in step
          ? call(CLOSING.postStaffRemittancesByIdSent, { params: { id: step.sent } })
          : call(CLOSING.postStaffRemittancesByIdPaid, { params: { id: step.paid }, body: { amount: step.amount } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: remittancesQuery.queryKey }),
  });
}

/** What couriers received beyond the declarations, waiting for an admin (four eyes). */
export const heldReceiptsQuery = queryOptions({
  queryKey: ['staff', 'held-receipts'],
  queryFn: ({ signal }) => call(LEDGER.getStaffHeldReceipts, { signal }),
});

/** An admin's decision on a held receipt, with a note. */
export function useDecideHeld() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: number; decision: 'approve' | 'reject'; note: string }) => call(decision === 'approve' ? LEDGER.postStaffHeldReceiptsByIdApprove : LEDGER.postStaffHeldReceiptsByIdReject, { params: { id }, body: { note } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: heldReceiptsQuery.queryKey }),
  });
}
