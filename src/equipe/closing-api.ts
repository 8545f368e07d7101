import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { closingSchema } from '../shared/api/staff-closing';

/** The day's closing (admin): its figures, and closing the day. Online only: it is money. */
export const closingQuery = (date: string) =>
  queryOptions({
    queryKey: ['staff', 'closing', date],
    queryFn: ({ signal }) => api(`/api/staff/closing?date=${date}`, { schema: closingSchema, signal }),
  });

export function useCloseDay(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(`/api/staff/closing/${date}/close`, { method: 'POST', schema: closingSchema }),
    onSuccess: (closing) => queryClient.setQueryData(closingQuery(date).queryKey, closing),
  });
}

/** The accountant's CSV of a day or a period (the browser downloads it). */
export const closingCsvHref = (range: { date: string } | { from: string; to: string }) =>
  `/api/staff/closing.csv?${new URLSearchParams('date' in range ? { date: range.date } : { from: range.from, to: range.to }).toString()}`;
