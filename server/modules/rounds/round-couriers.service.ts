import type { FastifyInstance } from 'fastify';
import { ROUND_ERRORS, ROUND_MESSAGES, type RoundCourier } from '#shared/api/courier-round';
import { NOT_A_COURIER_MESSAGE, ROUNDS_ERRORS, WEEKDAY_LABELS, type TourCouriersBody } from '#shared/api/staff-rounds';
import { weekday } from '#shared/time';
import type { Db, Tx } from '../../db/client';
import { audit, type Actor } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { lockRound, setRoundCourierRow } from './courier-round.repo';
import { allTours, courierCandidate, lockTour, namedCouriers, setUsualCourier, usualCouriers } from './rounds.repo';

type Conn = Db | Tx;

/** 1 Monday … 7 Sunday (ISO), for a 'YYYY-MM-DD' date. */
export const isoWeekday = (date: string) => weekday(date) || 7;

/** Who acts on a round, as the team's guard knows them. */
export interface RoundMember {
  id: number;
  roles: readonly string[];
}

/**
 * The courier of each tour's round on a date: the one named for that day by an admin (or nobody,
 * when an admin cleared it), else the tour's usual courier of that weekday, else nobody.
 */
export async function couriersOn(db: Conn, date: string): Promise<Map<number, RoundCourier | null>> {
  const [tours, named, usual] = await Promise.all([allTours(db), namedCouriers(db, date), usualCouriers(db)]);
  const day = isoWeekday(date);
  return new Map(
    tours.map((tour) => {
      const set = named.find((n) => n.tourId === tour.id && n.courierSet);
      if (set) return [tour.id, set.id === null ? null : { id: set.id, name: set.name! }];
      const u = usual.find((x) => x.tourId === tour.id && x.weekday === day);
      return [tour.id, u ? { id: u.id, name: u.name } : null];
    }),
  );
}

export async function courierOf(db: Conn, tourId: number, date: string): Promise<RoundCourier | null> {
  return (await couriersOn(db, date)).get(tourId) ?? null;
}

/** Whether a member may read and act on a round: an admin any, a courier theirs or one nobody was named for. */
export function mayWorkOn(member: RoundMember, courier: RoundCourier | null): boolean {
  return member.roles.includes('admin') || courier === null || courier.id === member.id;
}

/** Refuses another courier's round: 403 with its own code (the round is someone else's). */
export function requireRound(member: RoundMember, courier: RoundCourier | null): void {
  if (!mayWorkOn(member, courier)) throw new AppError(403, ROUND_ERRORS.notYours, ROUND_MESSAGES.notYours);
}

/** An admin acting on a round that is not theirs: their audit line says so. */
export const actsAsAdmin = (member: RoundMember, courier: RoundCourier | null) => member.roles.includes('admin') && courier?.id !== member.id;

/**
 * Names a round's courier for its one day (admin): the usual courier of the tour no longer decides
 * it. What was recorded on the round stays (a hand-over mid-day): the events are the round's, not
 * the courier's. Refused once the round is closed. Audited with the courier before and after.
 */
export async function setRoundCourier(app: FastifyInstance, actor: Actor, tourId: number, date: string, staffId: number | null) {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const tour = await lockTour(tx, tourId);
    if (!tour) throw notFound('Cette tournée est introuvable.');
    const courier = staffId === null ? null : await courierCandidate(tx, staffId);
    if (staffId !== null && !courier) throw new AppError(422, ROUNDS_ERRORS.notACourier, NOT_A_COURIER_MESSAGE, { staff_id: [NOT_A_COURIER_MESSAGE] });
    const before = await courierOf(tx, tourId, date);
    const round = await lockRound(tx, tourId, date);
    if (round.closedAt) throw new AppError(409, ROUND_ERRORS.closed, 'Cette tournée est déjà close : son livreur ne change plus.');
    await setRoundCourierRow(tx, round.id, courier?.id ?? null);
    await audit(tx, actor, { action: 'round.courier', details: { tour: tour.name, tour_id: tourId, date, from: before, to: courier } }, now);
    return { tour_id: tourId, date, courier };
  });
}

/** The tours' usual couriers, by weekday (1 … 7), with their names. */
export async function usualCouriersByTour(db: Conn, tourId?: number): Promise<Map<number, { weekday: number; courier: RoundCourier | null }[]>> {
  const rows = await usualCouriers(db, tourId);
  const byTour = new Map<number, { weekday: number; courier: RoundCourier | null }[]>();
  for (const r of rows) byTour.set(r.tourId, [...(byTour.get(r.tourId) ?? []), { weekday: r.weekday, courier: { id: r.id, name: r.name } }]);
  return byTour;
}

/** All seven weekdays of a tour, nobody where none is named. */
export const weekOf = (named: { weekday: number; courier: RoundCourier | null }[] = []) =>
  WEEKDAY_LABELS.map((_label, i) => named.find((n) => n.weekday === i + 1) ?? { weekday: i + 1, courier: null });

/**
 * Sets a tour's usual courier of the weekdays listed (admin): the rounds of those weekdays ahead
 * follow it, but for a day an admin named someone by hand, and a closed round (it keeps its own).
 * Audited with each weekday's courier before and after.
 */
export async function setTourCouriers(app: FastifyInstance, actor: Actor, tourId: number, body: TourCouriersBody) {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const tour = await lockTour(tx, tourId);
    if (!tour) throw notFound('Cette tournée est introuvable.');
    const before = weekOf((await usualCouriersByTour(tx, tourId)).get(tourId));
    const changes: { weekday: string; from: RoundCourier | null; to: RoundCourier | null }[] = [];
    for (const [i, entry] of body.couriers.entries()) {
      const courier = entry.staff_id === null ? null : await courierCandidate(tx, entry.staff_id);
      if (entry.staff_id !== null && !courier) throw new AppError(422, ROUNDS_ERRORS.notACourier, NOT_A_COURIER_MESSAGE, { [`couriers.${i}.staff_id`]: [NOT_A_COURIER_MESSAGE] });
      const was = before.find((b) => b.weekday === entry.weekday)?.courier ?? null;
      if ((was?.id ?? null) === (courier?.id ?? null)) continue;
      await setUsualCourier(tx, tourId, entry.weekday, courier?.id ?? null);
      changes.push({ weekday: WEEKDAY_LABELS[entry.weekday - 1]!, from: was, to: courier });
    }
    if (changes.length) await audit(tx, actor, { action: 'tour.couriers', details: { tour: tour.name, tour_id: tourId, changes } }, now);
  });
}
