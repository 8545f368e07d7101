import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, NetworkError } from '../lib/api-client';
import { liveNewsOpen } from '../lib/live-news';
import type { RefundBody, StaffRoleName } from '../shared/api/staff';
import type { TourCouriersBody } from '../shared/api/staff-rounds';
import type { VoucherIssuer } from '../shared/api/courier-round';
import { keepIdentity, keptIdentity } from './round/kept-identity';
import { call } from '../lib/api-call';
import { CATALOG } from '../shared/api/routes/catalog';
import { DAY_ORDERS } from '../shared/api/routes/day-orders';
import { KITCHEN_SHEET } from '../shared/api/routes/kitchen';
import { LEDGER } from '../shared/api/routes/ledger';
import { ROUNDS } from '../shared/api/routes/rounds';
import { STAFF } from '../shared/api/routes/staff';
import { STOCK } from '../shared/api/routes/stock';

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
      const me = await call(STAFF.getStaffMe, { signal });
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
    queryFn: ({ signal }) => call(DAY_ORDERS.getStaffOrders, { query: { date }, signal }),
    refetchInterval: boardRefresh,
  });

export const staffStockQuery = (date: string) =>
  queryOptions({
    queryKey: ['staff', 'stock', date],
    queryFn: ({ signal }) => call(STOCK.getStaffStock, { query: { date }, signal }),
    refetchInterval: boardRefresh,
  });

export const staffMembersQuery = queryOptions({
  queryKey: ['staff', 'members'],
  queryFn: ({ signal }) => call(STAFF.getStaffMembers, { signal }),
});

export const staffAuditQuery = (date: string) =>
  queryOptions({
    queryKey: ['staff', 'audit', date],
    queryFn: ({ signal }) => call(STAFF.getStaffAudit, { query: { date }, signal }),
  });

/** Logging in or out changes everything the team app shows: it is all read again. */
function useAfterSession() {
  const queryClient = useQueryClient();
  return () => queryClient.resetQueries({ queryKey: ['staff'] });
}

export function useStaffLogin() {
  const after = useAfterSession();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => call(STAFF.postStaffLogin, { body }),
    onSuccess: after,
  });
}

/** The login's second step: a code of the member's app, or a recovery code. */
export function useSecondFactor() {
  const after = useAfterSession();
  return useMutation({
    mutationFn: (body: { code: string }) => call(STAFF.postStaffSecondFactorVerify, { body }),
    onSuccess: after,
  });
}

/** A new secret to enrol (its QR code), for an admin without a second factor. */
export function useStartEnrolment() {
  return useMutation({
    mutationFn: () => call(STAFF.postStaffSecondFactorEnrolment),
  });
}

/**
 * The enrolment confirmed: signed in, with the recovery codes to keep. The team's reads are asked
 * again only once the member has kept them (the caller's `after`), not at once.
 */
export function useConfirmEnrolment() {
  return useMutation({
    mutationFn: (body: { code: string }) => call(STAFF.postStaffSecondFactorEnrolmentConfirm, { body }),
  });
}

/** What to call once the recovery codes are kept: everything the team app shows is read again. */
export const useSessionChanged = useAfterSession;

export function useStaffLogout() {
  const after = useAfterSession();
  return useMutation({
    mutationFn: () => call(STAFF.postStaffLogout),
    onSuccess: after,
  });
}

export function useStaffPassword() {
  const after = useAfterSession();
  return useMutation({
    mutationFn: (body: { token: string; password: string; password_confirmation: string }) => call(STAFF.postStaffPassword, { body }),
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
      call(DAY_ORDERS.postStaffOrdersByIdCancel, { params: { id }, body: { reason }, idempotencyKey: key }),
    onSettled: after,
  });
}

export function useRefundOrder() {
  const after = useAfterOrderChange();
  return useMutation({
    // The dialog's key: sent again after a lost answer, the refund is made once.
    mutationFn: ({ id, key, ...body }: { id: number; key: string } & RefundBody) => call(DAY_ORDERS.postStaffOrdersByIdRefund, { params: { id }, body, idempotencyKey: key }),
    onSettled: after,
  });
}

/** A balance due received later by the team: paper vouchers (one row) or cash. */
export function useRecordDue() {
  const after = useAfterOrderChange();
  return useMutation({
    mutationFn: ({ id, key, ...body }: { id: number; key: string; means: 'paper_vouchers' | 'cash'; amount?: number; rows?: { issuer: VoucherIssuer; count: number; unit_cents: number }[]; note?: string }) =>
      call(LEDGER.postStaffOrdersByIdBalance, { params: { id }, body, idempotencyKey: key }),
    onSettled: after,
  });
}

export function useRetryRefunds() {
  const after = useAfterOrderChange();
  return useMutation({
    mutationFn: (id: number) => call(DAY_ORDERS.postStaffOrdersByIdRefundsRetry, { params: { id } }),
    onSettled: after,
  });
}

/** A cap (null: none), or sold out / back on sale. */
export function useSetStock(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, body }: { productId: number; body: { quantity: number | null } | { sold_out: boolean } }) =>
      call(STOCK.putStaffStockByDateByProductId, { params: { date, productId }, body }),
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
    mutationFn: (body: { email: string; name: string; roles: StaffRoleName[] }) => call(STAFF.postStaffMembers, { body }),
    onSettled: after,
  });
}

export function useChangeMember() {
  const after = useAfterMembers();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; roles?: StaffRoleName[]; active?: boolean }) => call(STAFF.patchStaffMembersById, { params: { id }, body }),
    onSettled: after,
  });
}

export function useResendLink() {
  return useMutation({
    mutationFn: (id: number) => call(STAFF.postStaffMembersByIdLink, { params: { id } }),
  });
}

/** A member's second factor removed (a lost phone): they enrol again at their next login. */
export function useResetSecondFactor() {
  const after = useAfterMembers();
  return useMutation({
    mutationFn: (id: number) => call(STAFF.postStaffMembersByIdSecondFactorReset, { params: { id } }),
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
      return call(CATALOG.postStaffCatalogImport, { query: { preview: preview ? '1' : undefined }, body: form });
    },
    onSuccess: (answer) => (answer.applied ? queryClient.invalidateQueries({ queryKey: ['staff', 'stock'] }) : undefined),
  });
}

/* ------------------------------------------------------------------ rounds */

export const staffToursQuery = queryOptions({
  queryKey: ['staff', 'tours'],
  queryFn: ({ signal }) => call(ROUNDS.getStaffTours, { signal }),
});

/** Sets a tour's stops in this order; the list shows it at once and goes back if the server refuses. */
export function useSetTourStops() {
  const queryClient = useQueryClient();
  const key = staffToursQuery.queryKey;
  return useMutation({
    mutationFn: ({ tourId, locationIds }: { tourId: number; locationIds: number[] }) =>
      call(ROUNDS.putStaffToursByIdStops, { params: { id: tourId }, body: { location_ids: locationIds } }),
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
      call(ROUNDS.putStaffToursByIdCouriers, { params: { id: tourId }, body: { couriers } }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: staffToursQuery.queryKey }), queryClient.invalidateQueries({ queryKey: ['staff', 'rounds'] })]),
  });
}

/** One day's courier of a round (admin), in place of the tour's usual one. */
export function useSetRoundCourier(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tourId, staffId }: { tourId: number; staffId: number | null }) =>
      call(ROUNDS.putStaffRoundsByIdCourier, { params: { id: tourId }, query: { date }, body: { staff_id: staffId } }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['staff', 'rounds', date] }), queryClient.invalidateQueries({ queryKey: ['staff', 'round'] })]),
  });
}

export const kitchenSheetQuery = (date: string) =>
  queryOptions({
    queryKey: ['staff', 'kitchen-sheet', date],
    queryFn: ({ signal }) => call(KITCHEN_SHEET.getStaffKitchenSheet, { query: { date }, signal }),
    refetchInterval: boardRefresh,
  });

/** This member prints the day's sheet now: what changes after shows as such. */
export function useSheetPrinted(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(KITCHEN_SHEET.postStaffKitchenSheetPrinted, { body: { date } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'kitchen-sheet', date] }),
  });
}
