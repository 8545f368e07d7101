import { z } from 'zod/mini';
import { PAPER_VOUCHERS_MAX } from '../constants';
import { idField, isoDateField } from './fields';

/**
 * The courier's round on the phone (docs/product/team.md, docs/offline.md): a tour on a date, its
 * stops and bags as the server knows them, the events the phone records at each stop (sent later
 * when offline, applied once by their id), and the round's closing.
 *
 * GET  /api/staff/rounds?date=…             the date's rounds
 * GET  /api/staff/rounds/{tour}?date=…      one round
 * POST /api/staff/rounds/{tour}/events?date=…  {events} → one result per event
 * POST /api/staff/rounds/{tour}/close?date=…   settles the round
 */

export const ROUND_ERRORS = {
  closed: 'round_closed',
  notOnRound: 'not_on_round',
  orderCancelled: 'order_cancelled',
  undoUnknown: 'undo_unknown',
  noPaperVouchers: 'no_paper_vouchers',
  vouchersBeyondLimit: 'receipt_beyond_limit',
  containersBeyondLimit: 'receipt_beyond_limit',
  incomplete: 'round_incomplete',
  eventIdReused: 'event_id_reused',
  /** Another courier's round: only its courier, or an admin, records or closes on it. */
  notYours: 'round_not_yours',
  /** An undo of what an admin recorded: only an admin undoes it. */
  undoByAdmin: 'undo_by_admin',
  /** An "Arrivé" at a point that is not a stop of this round. */
  stopNotOnRound: 'stop_not_on_round',
  /** Closing before the tour's last cut-off of its day: orders may still come. */
  notOver: 'round_not_over',
  /**
   * Events recorded on the phone by another member than the one logged in: they wait on the phone
   * for their author's session (a courier's taps never go out under another name).
   */
  notAuthor: 'not_author',
} as const;

export const ROUND_MESSAGES = {
  closed: 'Cette tournée est déjà close : l’action n’a pas été prise en compte. Prévenez un administrateur.',
  notOnRound: 'Cette commande n’est pas sur cette tournée.',
  orderCancelled: 'Cette commande a été annulée entre-temps : ne la remettez pas.',
  undoUnknown: 'L’action à annuler est introuvable sur cette tournée.',
  noPaperVouchers: 'Cette commande ne se règle pas en titres-restaurant papier.',
  vouchersBeyondLimit: 'Au plus 25,00\u00a0€ de titres-restaurant papier par client et par jour (la loi), 20 titres au plus : vérifiez la saisie.',
  containersBeyondLimit: 'Ce client n’a pas autant de contenants consignés à rendre : vérifiez le nombre.',
  eventIdReused: 'Cet identifiant d’action est déjà celui d’une autre action : celle-ci n’a pas été prise en compte. Prévenez un administrateur.',
  notYours: 'Cette tournée est confiée à un autre livreur : l’action n’a pas été prise en compte.',
  undoByAdmin: 'Cette action a été enregistrée par un administrateur : lui seul peut l’annuler.',
  notAuthor: 'Ces actions ont été enregistrées par un autre membre de l’équipe : elles partiront quand il se reconnectera sur ce téléphone.',
  stopNotOnRound: 'Cet arrêt n’est pas sur cette tournée.',
} as const;

/**
 * What a bag cancelled or refunded after it was placed says, on the phone, the round sheet and the
 * labels: it stays on the round (it may be packed already), and is not to be handed over.
 */
export const NOT_TO_HAND_OVER: Readonly<Record<string, string>> = {
  cancelled: 'Annulée — ne pas remettre',
  refunded: 'Remboursée — ne pas remettre',
};

export const ROUND_EVENT_TYPES = ['handed_over', 'absent', 'vouchers_received', 'containers_returned', 'undo'] as const;
export type RoundEventType = (typeof ROUND_EVENT_TYPES)[number];

/** Why a customer did not get their bag: a short list, one tap. */
export const ABSENCE_REASONS = ['no_one', 'unreachable', 'refused', 'no_access'] as const;
export type AbsenceReason = (typeof ABSENCE_REASONS)[number];
export const ABSENCE_REASON_LABELS: Record<AbsenceReason, string> = {
  no_one: 'Personne au point',
  unreachable: 'Injoignable au téléphone',
  refused: 'Commande refusée',
  no_access: 'Accès impossible',
};

/** The paper meal vouchers' issuers, for the remittance of each batch. */
export const VOUCHER_ISSUERS = ['edenred', 'pluxee', 'up', 'bimpli', 'other'] as const;
export type VoucherIssuer = (typeof VOUCHER_ISSUERS)[number];
export const VOUCHER_ISSUER_LABELS: Record<VoucherIssuer, string> = {
  edenred: 'Edenred (Ticket Restaurant)',
  pluxee: 'Pluxee',
  up: 'Up Déjeuner',
  bimpli: 'Bimpli',
  other: 'Autre émetteur',
};

/** At most this many containers back from one order, and events in one sending. */
export const CONTAINERS_MAX = 50;
export const EVENTS_PER_SEND_MAX = 200;

const uuidField = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: 'Identifiant d’action invalide.' }));

/** What a phone's clock may say and the event still be taken: from 1900 to 2099. */
const PHONE_CLOCK_FLOOR = Date.parse('1900-01-01T00:00:00Z');
const PHONE_CLOCK_CEILING = Date.parse('2099-12-31T23:59:59.999Z');

/**
 * The phone's clock when the courier acted, with its offset. A wrong clock is no reason to refuse
 * the courier's action: a phone whose clock was reset says 1970 (1969 west of Greenwich), and the
 * server counts such a time within the round's day (docs/product/team.md, "The phone's time is
 * believed within bounds"). Only what no clock says, and PostgreSQL or the ISO format could not
 * hold (year 0000, 10000), is refused.
 */
const phoneClockField = z.iso
  .datetime({ offset: true, error: 'Heure de l’action invalide.', abort: true })
  .check(z.refine((value) => Date.parse(value) >= PHONE_CLOCK_FLOOR && Date.parse(value) <= PHONE_CLOCK_CEILING, { error: 'Heure de l’action invalide.' }));

/** A row of paper vouchers received: how many of a value, from which issuer. */
export const receivedVoucherRowSchema = z.object({
  issuer: z.enum(VOUCHER_ISSUERS, { error: 'Choisissez l’émetteur des titres.' }),
  count: z.int().check(z.minimum(1, { error: 'Au moins un titre par ligne.' }), z.maximum(PAPER_VOUCHERS_MAX, { error: `Au plus ${PAPER_VOUCHERS_MAX} titres.` })),
  unit_cents: z.int().check(z.minimum(1, { error: 'Saisissez la valeur d’un titre.' }), z.maximum(25_00, { error: 'Un titre vaut au plus 25\u00a0€.' })),
});
export type ReceivedVoucherRow = z.infer<typeof receivedVoucherRowSchema>;

/**
 * What the phone records at a stop. `id` is made on the phone (a UUID) and makes sending again
 * harmless; `at` is the phone's clock. Per type: `reason` (absent), `rows` (vouchers received,
 * empty when none), `count` (containers returned), `undoes` (the id of an earlier event).
 */
export const roundEventSchema = z
  .object({
    id: uuidField,
    type: z.enum(ROUND_EVENT_TYPES),
    order_id: idField('Commande invalide.'),
    at: phoneClockField,
    reason: z.optional(z.enum(ABSENCE_REASONS)),
    rows: z.optional(z.array(receivedVoucherRowSchema).check(z.maxLength(10))),
    count: z.optional(z.int().check(z.minimum(0), z.maximum(CONTAINERS_MAX))),
    undoes: z.optional(uuidField),
  })
  .check(
    z.refine(
      (e) =>
        (e.type !== 'absent' || e.reason !== undefined) &&
        (e.type !== 'vouchers_received' || e.rows !== undefined) &&
        (e.type !== 'containers_returned' || e.count !== undefined) &&
        (e.type !== 'undo' || e.undoes !== undefined),
      { error: 'Action incomplète.' },
    ),
  );
export type RoundEvent = z.infer<typeof roundEventSchema>;

/**
 * The courier's "Arrivé" at a stop (docs/product/notifications.md): once per stop and round; its
 * customers are told (a push, their open page). Sent more than 15 minutes after `at`, it is
 * recorded but tells nobody (stale news).
 */
export const arrivedEventSchema = z.object({
  id: uuidField,
  type: z.literal('arrived'),
  location_id: idField('Arrêt invalide.'),
  at: phoneClockField,
});
export type ArrivedEvent = z.infer<typeof arrivedEventSchema>;
/** Anything the phone sends: an order's event or a stop's "Arrivé". */
export type SentRoundEvent = RoundEvent | ArrivedEvent;

/**
 * One sending: the events, and `author`, the id of the member who tapped them on the phone (the
 * phone sends each member's events apart). Given, it must be the member logged in (403
 * `not_author`); absent (actions kept by an older app), they count as the logged-in member's.
 */
export const roundEventsBodySchema = z.object({
  author: z.optional(idField('Auteur invalide.')),
  events: z.array(z.discriminatedUnion('type', [arrivedEventSchema, roundEventSchema])).check(z.minLength(1), z.maxLength(EVENTS_PER_SEND_MAX)),
});

/** Each event's fate: applied, already seen (nothing done), or refused with a code and a French message. */
export const roundEventResultSchema = z.object({
  id: z.string(),
  status: z.enum(['applied', 'duplicate', 'rejected']),
  code: z.optional(z.string()),
  message: z.optional(z.string()),
});
export type RoundEventResult = z.infer<typeof roundEventResultSchema>;
export const roundEventsAnswerSchema = z.object({ results: z.array(roundEventResultSchema) });

export const roundQuerySchema = z.object({ date: isoDateField });
export const roundParamsSchema = z.object({ id: z.pipe(z.coerce.number(), idField('Tournée invalide.')) });

/** An order on the round, with what was declared and what the round recorded so far. */
export const roundOrderSchema = z.object({
  order_id: z.int(),
  invoice_number: z.string(),
  customer: z.string(),
  phone: z.string(),
  /**
   * The order's state as the server knows it. A bag cancelled (or refunded) after it was packed
   * stays on the round as `cancelled` / `refunded`: the courier must see it, and not hand it over.
   */
  state: z.string(),
  lines: z.array(z.string()),
  /** The paper vouchers declared: total and rows by value; null without any. */
  vouchers_declared: z.nullable(z.object({ total_cents: z.int(), rows: z.array(z.object({ count: z.int(), unit_cents: z.int() })) })),
  containers_declared: z.int(),
  outcome: z.nullable(z.enum(['handed_over', 'absent'])),
  absence_reason: z.nullable(z.enum(ABSENCE_REASONS)),
  vouchers_received: z.nullable(z.array(receivedVoucherRowSchema)),
  containers_received: z.nullable(z.int()),
  /** Left to pay after the closing (vouchers or containers missing), in cents. */
  balance_due: z.int(),
});
export type RoundOrder = z.infer<typeof roundOrderSchema>;

export const roundStopSchema = z.object({
  rank: z.int(),
  location_id: z.int(),
  name: z.string(),
  address: z.string(),
  lat: z.nullable(z.number()),
  lng: z.nullable(z.number()),
  start: z.nullable(z.string()),
  end: z.nullable(z.string()),
  /** When the courier said "Arrivé" there (the phone's time), null before. */
  arrived_at: z.nullable(z.string()),
  orders: z.array(roundOrderSchema),
});
export type RoundStop = z.infer<typeof roundStopSchema>;

/** Expected against received, for the end of the round. */
export const roundTotalsSchema = z.object({
  /** Bags to hand over (a cancelled one is counted apart). */
  bags: z.int(),
  cancelled: z.int(),
  handed_over: z.int(),
  absent: z.int(),
  pending: z.int(),
  vouchers_expected: z.object({ count: z.int(), cents: z.int() }),
  vouchers_received: z.object({ count: z.int(), cents: z.int() }),
  containers_expected: z.int(),
  containers_received: z.int(),
});

/** A team member named on a round: its courier. */
export const roundCourierSchema = z.object({ id: z.int(), name: z.string() });
export type RoundCourier = z.infer<typeof roundCourierSchema>;

export const roundSchema = z.object({
  tour_id: z.int(),
  name: z.string(),
  date: z.string(),
  /** Who does the round that day (named for the day, else the tour's usual courier of that weekday); null: nobody named. */
  courier: z.nullable(roundCourierSchema),
  closed_at: z.nullable(z.string()),
  closed_by: z.nullable(z.string()),
  stops: z.array(roundStopSchema),
  totals: roundTotalsSchema,
});
export type Round = z.infer<typeof roundSchema>;

export const roundSummarySchema = z.object({
  tour_id: z.int(),
  name: z.string(),
  stops: z.int(),
  /** Bags to hand over; `cancelled`: those cancelled or refunded since, still on the round. */
  bags: z.int(),
  cancelled: z.int(),
  closed_at: z.nullable(z.string()),
  courier: z.nullable(roundCourierSchema),
});
export const roundsAnswerSchema = z.object({ date: z.string(), rounds: z.array(roundSummarySchema) });
