import { describe, expect, it } from 'vitest';
import type { RoundOrder } from '#shared/api/courier-round';
import { Outbox, memoryStorage } from '../../src/equipe/round/outbox';
import type { KeptEvent } from '../../src/equipe/round/outbox-rules';
import { directionsUrl, handOverEvents, lastTap, shownOrder, tallyOf, tapLabel } from '../../src/equipe/round/round-display';

const ROUND = { tour_id: 2, date: '2026-11-27' };

const order = (over: Partial<RoundOrder> = {}): RoundOrder => ({
  order_id: 11,
  invoice_number: 'F2026-000011',
  customer: 'Léa D.',
  phone: '06 12 34 56 78',
  state: 'out',
  lines: ['Formule Classique'],
  vouchers_declared: { total_cents: 1850, rows: [{ count: 2, unit_cents: 925 }] },
  containers_declared: 2,
  outcome: null,
  absence_reason: null,
  vouchers_received: null,
  containers_received: null,
  balance_due: 0,
  ...over,
});

async function tapped(...taps: Parameters<Outbox['record']>[1][]) {
  const outbox = new Outbox(memoryStorage());
  for (const events of taps) await outbox.record(ROUND, events);
  return outbox;
}

const sent = (entries: readonly KeptEvent[], at: number): KeptEvent[] => entries.map((entry) => ({ ...entry, status: 'sent', sent_at: at }));

describe('the round as shown on the phone', () => {
  it('"Remis" hands the bag over with the vouchers and containers declared', () => {
    const events = handOverEvents({ ...order(), local: false }, 'pluxee');
    expect(events).toEqual([
      { type: 'handed_over', order_id: 11 },
      { type: 'vouchers_received', order_id: 11, rows: [{ issuer: 'pluxee', count: 2, unit_cents: 925 }] },
      { type: 'containers_returned', order_id: 11, count: 2 },
    ]);
    expect(handOverEvents({ ...order({ vouchers_declared: null, containers_declared: 0 }), local: false }, 'edenred')).toEqual([{ type: 'handed_over', order_id: 11 }]);
  });

  it('lays the pending actions over the server’s view, corrections winning', async () => {
    const outbox = await tapped(handOverEvents({ ...order(), local: false }, 'edenred'), [
      { type: 'vouchers_received', order_id: 11, rows: [{ issuer: 'edenred', count: 1, unit_cents: 925 }] },
    ]);
    const shown = shownOrder(order(), outbox.snapshot(), 0);
    expect(shown).toMatchObject({ local: true, outcome: 'handed_over', containers_received: 2, vouchers_received: [{ issuer: 'edenred', count: 1, unit_cents: 925 }] });
  });

  it('shows the server’s view once the round was read after the events were sent', async () => {
    const outbox = await tapped([{ type: 'absent', order_id: 11, reason: 'no_one' }]);
    const entries = sent(outbox.snapshot(), 1_000);
    expect(shownOrder(order(), entries, 500)).toMatchObject({ local: true, outcome: 'absent', absence_reason: 'no_one' });
    // Another phone handed it over since: the server's view, read after, is shown.
    expect(shownOrder(order({ outcome: 'handed_over' }), entries, 2_000)).toMatchObject({ local: false, outcome: 'handed_over' });
  });

  it('"Annuler" takes back the whole last tap, even once sent', async () => {
    const outbox = await tapped([{ type: 'absent', order_id: 11, reason: 'no_one' }], handOverEvents({ ...order(), local: false }, 'edenred'));
    const last = lastTap(outbox.snapshot(), 11);
    expect(tapLabel(last)).toBe('Remis');
    expect(last.map((entry) => entry.event.type)).toEqual(['handed_over', 'vouchers_received', 'containers_returned']);
    // The server holds the hand-over; the phone's undo is pending.
    const entries = sent(outbox.snapshot(), 1_000);
    const server = order({ outcome: 'handed_over', vouchers_received: [{ issuer: 'edenred', count: 2, unit_cents: 925 }], containers_received: 2 });
    await outbox.update(entries);
    await outbox.record(ROUND, last.map((entry) => ({ type: 'undo' as const, order_id: 11, undoes: entry.event.id })));
    const shown = shownOrder(server, outbox.snapshot(), 2_000);
    expect(shown).toMatchObject({ outcome: 'absent', absence_reason: 'no_one', vouchers_received: null, containers_received: null });
    expect(tapLabel(lastTap(outbox.snapshot(), 11))).toBe('Absent');
  });

  it('ignores a refused action in what is shown', async () => {
    const outbox = await tapped([{ type: 'handed_over', order_id: 11 }]);
    const refused = outbox.snapshot().map((entry): KeptEvent => ({ ...entry, status: 'rejected', rejection: { message: 'Annulée' } }));
    expect(shownOrder(order(), refused, 0)).toMatchObject({ local: false, outcome: null });
    expect(lastTap(refused, 11)).toEqual([]);
  });

  it('sums expected against received, cancelled bags aside', () => {
    const tally = tallyOf([
      { ...order({ outcome: 'handed_over', vouchers_received: [{ issuer: 'up', count: 1, unit_cents: 925 }], containers_received: 3 }), local: false },
      { ...order({ order_id: 12, outcome: 'absent', vouchers_declared: null, containers_declared: 1 }), local: false },
      { ...order({ order_id: 13, state: 'cancelled' }), local: false },
      { ...order({ order_id: 14, vouchers_declared: null, containers_declared: 0 }), local: false },
    ]);
    expect(tally).toEqual({
      bags: 3,
      handedOver: 1,
      absent: 1,
      undecided: 1,
      vouchersExpected: { count: 2, cents: 1850 },
      vouchersReceived: { count: 1, cents: 925 },
      containersExpected: 3,
      containersReceived: 3,
    });
  });

  it('opens the navigation at the stop’s position, else its address', () => {
    expect(directionsUrl({ lat: 45.76, lng: 4.86, address: 'x' })).toBe('https://www.google.com/maps/dir/?api=1&destination=45.76%2C4.86');
    expect(directionsUrl({ lat: null, lng: null, address: '1 rue de la Part-Dieu, Lyon' })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=1%20rue%20de%20la%20Part-Dieu%2C%20Lyon',
    );
  });
});
