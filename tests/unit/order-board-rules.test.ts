import { describe, expect, it } from 'vitest';
import { centsOf, groupOrders, matchesSearch, mayCancel, orderCounts } from '../../src/equipe/order-board-rules';
import type { StaffOrder } from '#shared/api/staff';

let ids = 0;
function order(values: { tour?: string | null; start?: string; point?: string; invoice?: string; name?: string; phone?: string; email?: string; state?: StaffOrder['state']; total?: number; refunded?: number; pending?: boolean } = {}): StaffOrder {
  const id = ++ids;
  return {
    id,
    invoice_number: values.invoice ?? `F2026-${String(id).padStart(6, '0')}`,
    state: values.state ?? 'placed',
    state_label: 'À livrer',
    refund_pending: values.pending ?? false,
    customer: { id, name: values.name ?? 'Léa Durand', email: values.email ?? `lea${id}@example.fr`, phone: values.phone ?? '06 12 34 56 78', company: null },
    delivery: { date: '2026-11-30', start: values.start ?? '12:00', end: '12:30', point: values.point ?? 'Bellecour', tour: values.tour === undefined ? 'Tricycle Presqu’île' : values.tour },
    lines: [],
    cutlery: 0,
    tote_bags: 0,
    containers_added: 0,
    containers_returned: 0,
    containers_received: null,
    balance_due: 0,
    amount_total: values.total ?? 1190,
    refunded: values.refunded ?? 0,
    refundable: (values.total ?? 1190) - (values.refunded ?? 0),
    means: [],
    created_at: '2026-11-29T16:00:00.000Z',
  };
}

describe('the day’s board', () => {
  it('groups by tour (the one without a tour last), then stops by slot and point, orders by invoice', () => {
    const a = order({ tour: 'Tricycle Rive gauche', start: '12:30', point: 'Gerland', invoice: 'F2026-000009' });
    const b = order({ tour: 'Tricycle Rive gauche', start: '12:00', point: 'Part-Dieu', invoice: 'F2026-000003' });
    const c = order({ tour: null, point: 'Vaise' });
    const d = order({ tour: 'Entreprises', point: 'Lugdunéo' });
    const e = order({ tour: 'Tricycle Rive gauche', start: '12:30', point: 'Gerland', invoice: 'F2026-000002' });
    const groups = groupOrders([a, b, c, d, e]);
    expect(groups.map((g) => [g.name, g.count])).toEqual([
      ['Entreprises', 1],
      ['Tricycle Rive gauche', 3],
      ['Sans tournée', 1],
    ]);
    expect(groups[1]!.stops.map((s) => [s.point, s.orders.map((o) => o.invoice_number)])).toEqual([
      ['Part-Dieu', ['F2026-000003']],
      ['Gerland', ['F2026-000002', 'F2026-000009']],
    ]);
  });

  it('finds an order by name (accents and case aside), invoice, phone digits or e-mail', () => {
    const o = order({ name: 'Hélène Émery', invoice: 'F2026-000123', phone: '06 98 76 54 32', email: 'helene@exemple.fr' });
    for (const search of ['helene', 'ÉMERY', '000123', '06.98.76', '0698765432', 'helene@exemple', '  ']) expect(matchesSearch(o, search), search).toBe(true);
    for (const search of ['Durand', 'F2026-000124', '0612']) expect(matchesSearch(o, search), search).toBe(false);
  });

  it('counts what is to serve, what is closed, and refunds waiting for a provider', () => {
    expect(orderCounts([order(), order({ state: 'cancelled', pending: true }), order({ state: 'refunded' }), order({ state: 'delivered' })])).toEqual({ active: 2, cancelled: 2, refundPending: 1 });
  });

  it('offers a cancellation until delivery', () => {
    expect(['placed', 'prepared', 'out', 'absent'].every((state) => mayCancel(order({ state: state as StaffOrder['state'] })))).toBe(true);
    expect(['delivered', 'cancelled', 'refunded'].some((state) => mayCancel(order({ state: state as StaffOrder['state'] })))).toBe(false);
  });

  it('reads an amount typed in euros', () => {
    expect(['4,50', '4.5', '4,5 €', '12', '0,01'].map(centsOf)).toEqual([450, 450, 450, 1200, 1]);
    expect(['', 'abc', '4,505', '-3'].map(centsOf)).toEqual([null, null, null, null]);
    // French thousands, spaces and all.
    expect(centsOf('1 234,50')).toBe(123450);
  });
});
