import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, NetworkError, api } from '../lib/api-client';
import { liveNewsOpen } from '../lib/live-news';
import { messageSchema } from '../shared/api/auth';
import {
  kitchenSheetSchema,
  auditSchema,
  catalogImportAnswerSchema,
  refundAnswerSchema,
  staffEnrolledSchema,
  staffEnrolmentSchema,
  staffInvitedSchema,
  staffLinkSchema,
  staffMeSchema,
  staffMemberSchema,
  staffMembersSchema,
  staffOrderSchema,
  staffOrdersSchema,
  staffStockSchema,
  type RefundBody,
  type StaffRoleName,
} from '../shared/api/staff';
import { roundCourierAnswerSchema, staffTourSchema, staffToursSchema, type TourCouriersBody } from '../shared/api/staff-rounds';
import { dueAnswerSchema } from '../shared/api/staff-ledger';
import type { VoucherIssuer } from '../shared/api/courier-round';
import { keepIdentity, keptIdentity } from './round/kept-identity';

/**
 * The team app's calls (/api/staff/…), through the shop's API client (it echoes the team's own
 * anti-forgery token). Nothing here is persisted offline but who is logged in (for the courier's
 * round, src/equipe/round/): the rest is the shop's and its customers' data, online only.
 */

/**
 * GET /api/staff/me: who is logged in; null without a team session (401). When the network fails
 * (offline, no answer), the member last confirmed on this device, so the courier's round opens
 * offline; never once the server has said nobody is (kept-identity.ts).
 */
export const staffMeQuery = queryOptions({
  queryKey: ['staff', 'me'],
  queryFn: async ({ signal }) => {
    try {
      const me = await api('/api/staff/me', { schema: staffMeSchema, signal });
      // A session still at its second factor's step is nobody yet, offline or not.
      keepIdentity(me.pending ? null : me);
      return me;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        keepIdentity(null);
        return null;
      }
      const kept = error instanceof NetworkError ? keptIdentity() : null;
      if (kept) return kept;
      throw error;
    }
  },
  staleTime: 60_000,
  retry: false,
});

/** How often an open board reads the day again while its news stream is cut: a new order shows within this. */
export const BOARD_REFRESH_MS = 20_000;
/** With the news stream open (team-news.ts), each change is told at once: this re-read only catches what no news tells. */
export const LIVE_REFRESH_MS = 5 * 60_000;
/** The board's re-reading: slow while news comes by itself, quicker while it does not. */
export const boardRefresh = () => (liveNewsOpen() ? LIVE_REFRESH_MS : BOARD_REFRESH_MS);

export const staffOrdersQuery = (date: string) =>
  queryOptions({
    queryKey: ['staff', 'orders', date],
    queryFn: ({ signal }) => api(`/api/staff/orders?date=${date}`, { schema: staffOrdersSchema, signal }),
    refetchInterval: boardRefresh,
  });

export const staffStockQuery = (date: string) =>
  queryOptions({
    queryKey: ['staff', 'stock', date],
    queryFn: ({ signal }) => api(`/api/staff/stock?date=${date}`, { schema: staffStockSchema, signal }),
    refetchInterval: boardRefresh,
  });

export const staffMembersQuery = queryOptions({
  queryKey: ['staff', 'members'],
  queryFn: ({ signal }) => api('/api/staff/members', { schema: staffMembersSchema, signal }),
});

export const staffAuditQuery = (date: string) =>
  queryOptions({
    queryKey: ['staff', 'audit', date],
    queryFn: ({ signal }) => api(`/api/staff/audit?date=${date}`, { schema: auditSchema, signal }),
  });

/** Logging in or out changes everything the team app shows: it is all read again. */
function useAfterSession() {
  const queryClient = useQueryClient();
  return () => queryClient.resetQueries({ queryKey: ['staff'] });
}

export function useStaffLogin() {
  const after = useAfterSession();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => api('/api/staff/login', { method: 'POST', body, schema: staffMeSchema }),
    onSuccess: after,
  });
}

/** The login's second step: a code of the member's app, or a recovery code. */
export function useSecondFactor() {
  const after = useAfterSession();
  return useMutation({
    mutationFn: (body: { code: string }) => api('/api/staff/second-factor/verify', { method: 'POST', body, schema: staffMeSchema }),
    onSuccess: after,
  });
}

/** A new secret to enrol (its QR code), for an admin without a second factor. */
export function useStartEnrolment() {
  return useMutation({
    mutationFn: () => api('/api/staff/second-factor/enrolment', { method: 'POST', schema: staffEnrolmentSchema }),
  });
}

/**
 * The enrolment confirmed: signed in, with the recovery codes to keep. The team's reads are asked
 * again only once the member has kept them (the caller's `after`), not at once.
 */
export function useConfirmEnrolment() {
  return useMutation({
    mutationFn: (body: { code: string }) => api('/api/staff/second-factor/enrolment/confirm', { method: 'POST', body, schema: staffEnrolledSchema }),
  });
}

/** What to call once the recovery codes are kept: everything the team app shows is read again. */
export const useSessionChanged = useAfterSession;

export function useStaffLogout() {
  const after = useAfterSession();
  return useMutation({
    mutationFn: () => api('/api/staff/logout', { method: 'POST', schema: messageSchema }),
    onSuccess: after,
  });
}

export function useStaffPassword() {
  const after = useAfterSession();
  return useMutation({
    mutationFn: (body: { token: string; password: string; password_confirmation: string }) => api('/api/staff/password', { method: 'POST', body, schema: staffMeSchema }),
    onSuccess: after,
  });
}

/** After a change of an order: the board (and the stock it gave back) read again. */
function useAfterOrderChange() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ['staff', 'orders'] }), queryClient.invalidateQueries({ queryKey: ['staff', 'stock'] })]);
}

export function useCancelOrder() {
  const after = useAfterOrderChange();
  return useMutation({
    mutationFn: ({ id, reason, key }: { id: number; reason: string; key: string }) =>
      api(`/api/staff/orders/${id}/cancel`, { method: 'POST', body: { reason }, schema: refundAnswerSchema, idempotencyKey: key }),
    onSettled: after,
  });
}

export function useRefundOrder() {
  const after = useAfterOrderChange();
  return useMutation({
    // The dialog's key: sent again after a lost answer, the refund is made once.
    mutationFn: ({ id, key, ...body }: { id: number; key: string } & RefundBody) => api(`/api/staff/orders/${id}/refund`, { method: 'POST', body, schema: refundAnswerSchema, idempotencyKey: key }),
    onSettled: after,
  });
}

/** A balance due received later by the team: paper vouchers (one row) or cash. */
export function useRecordDue() {
  const after = useAfterOrderChange();
  return useMutation({
    mutationFn: ({ id, key, ...body }: { id: number; key: string; means: 'paper_vouchers' | 'cash'; amount?: number; rows?: { issuer: VoucherIssuer; count: number; unit_cents: number }[]; note?: string }) =>
      api(`/api/staff/orders/${id}/balance`, { method: 'POST', body, schema: dueAnswerSchema, idempotencyKey: key }),
    onSettled: after,
  });
}

export function useRetryRefunds() {
  const after = useAfterOrderChange();
  return useMutation({
    mutationFn: (id: number) => api(`/api/staff/orders/${id}/refunds/retry`, { method: 'POST', schema: staffOrderSchema }),
    onSettled: after,
  });
}

/** A cap (null: none), or sold out / back on sale. */
export function useSetStock(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, body }: { productId: number; body: { quantity: number | null } | { sold_out: boolean } }) =>
      api(`/api/staff/stock/${date}/${productId}`, { method: 'PUT', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'stock', date] }),
  });
}

function useAfterMembers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['staff', 'members'] });
}

export function useInviteMember() {
  const after = useAfterMembers();
  return useMutation({
    mutationFn: (body: { email: string; name: string; roles: StaffRoleName[] }) => api('/api/staff/members', { method: 'POST', body, schema: staffInvitedSchema }),
    onSettled: after,
  });
}

export function useChangeMember() {
  const after = useAfterMembers();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; roles?: StaffRoleName[]; active?: boolean }) => api(`/api/staff/members/${id}`, { method: 'PATCH', body, schema: staffMemberSchema }),
    onSettled: after,
  });
}

export function useResendLink() {
  return useMutation({
    mutationFn: (id: number) => api(`/api/staff/members/${id}/link`, { method: 'POST', schema: staffLinkSchema }),
  });
}

/** A member's second factor removed (a lost phone): they enrol again at their next login. */
export function useResetSecondFactor() {
  const after = useAfterMembers();
  return useMutation({
    mutationFn: (id: number) => api(`/api/staff/members/${id}/second-factor/reset`, { method: 'POST', schema: staffMemberSchema }),
    onSettled: after,
  });
}

/** The day's catalog file and its photos; `preview`: what it would change, changing nothing. */
export function useCatalogImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ catalog, photos, preview }: { catalog: File; photos: File[]; preview: boolean }) => {
      const form = new FormData();
      form.set('catalog', catalog);
      for (const photo of photos) form.append('photos', photo, photo.name);
      return api(`/api/staff/catalog-import${preview ? '?preview=1' : ''}`, { method: 'POST', body: form, schema: catalogImportAnswerSchema });
    },
    onSuccess: (answer) => (answer.applied ? queryClient.invalidateQueries({ queryKey: ['staff', 'stock'] }) : undefined),
  });
}

/* ------------------------------------------------------------------ rounds */

export const staffToursQuery = queryOptions({
  queryKey: ['staff', 'tours'],
  queryFn: ({ signal }) => api('/api/staff/tours', { schema: staffToursSchema, signal }),
});

/** Sets a tour's stops in this order; the list shows it at once and goes back if the server refuses. */
export function useSetTourStops() {
  const queryClient = useQueryClient();
  const key = staffToursQuery.queryKey;
  return useMutation({
    mutationFn: ({ tourId, locationIds }: { tourId: number; locationIds: number[] }) =>
      api(`/api/staff/tours/${tourId}/stops`, { method: 'PUT', body: { location_ids: locationIds }, schema: staffTourSchema }),
    onMutate: async ({ tourId, locationIds }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (data) =>
        data
          ? {
              tours: data.tours.map((tour) =>
                tour.id === tourId ? { ...tour, stops: locationIds.map((id, i) => ({ ...tour.stops.find((s) => s.location_id === id)!, rank: i + 1 })) } : tour,
              ),
            }
          : data,
      );
      return { before };
    },
    onError: (_error, _vars, context) => queryClient.setQueryData(key, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** A tour's usual courier of some weekdays (admin): the days ahead follow. */
export function useSetTourCouriers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tourId, couriers }: { tourId: number; couriers: TourCouriersBody['couriers'] }) =>
      api(`/api/staff/tours/${tourId}/couriers`, { method: 'PUT', body: { couriers }, schema: staffTourSchema }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: staffToursQuery.queryKey }), queryClient.invalidateQueries({ queryKey: ['staff', 'rounds'] })]),
  });
}

/** One day's courier of a round (admin), in place of the tour's usual one. */
export function useSetRoundCourier(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tourId, staffId }: { tourId: number; staffId: number | null }) =>
      api(`/api/staff/rounds/${tourId}/courier?date=${date}`, { method: 'PUT', body: { staff_id: staffId }, schema: roundCourierAnswerSchema }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['staff', 'rounds', date] }), queryClient.invalidateQueries({ queryKey: ['staff', 'round'] })]),
  });
}

export const kitchenSheetQuery = (date: string) =>
  queryOptions({
    queryKey: ['staff', 'kitchen-sheet', date],
    queryFn: ({ signal }) => api(`/api/staff/kitchen-sheet?date=${date}`, { schema: kitchenSheetSchema, signal }),
    refetchInterval: boardRefresh,
  });

/** This member prints the day's sheet now: what changes after shows as such. */
export function useSheetPrinted(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/staff/kitchen-sheet/printed', { method: 'POST', body: { date }, schema: messageSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'kitchen-sheet', date] }),
  });
}
