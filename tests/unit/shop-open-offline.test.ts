import { describe, expect, it } from 'vitest';
import { shopOpenAt } from '#shared/delivery-rules';

// Kept on Wednesday 25 at 14:59, after the last cut-off (11:00): closed until 15:00.
const kept = {
  open: false,
  current_delivery_date: '2026-11-26',
  orders_opening_hour: '15:00',
  delivery_days: [
    { date: '2026-11-25', last_order_time_limit: '11:00:00' },
    { date: '2026-11-26', last_order_time_limit: '11:00:00' },
    { date: '2026-11-27', last_order_time_limit: '11:00:00' },
  ],
};

describe('the shop opening worked out offline from a kept answer', () => {
  it('opens at the opening hour, whatever the copy said', () => {
    expect(shopOpenAt(kept, '2026-11-25', '15:26:00')).toMatchObject({ open: true, current_delivery_date: '2026-11-26' });
  });

  it('moves to the next day once the device is past the cut-off of the kept date', () => {
    expect(shopOpenAt(kept, '2026-11-26', '09:00:00')).toMatchObject({ open: true, current_delivery_date: '2026-11-26' });
    expect(shopOpenAt(kept, '2026-11-26', '12:00:00')).toMatchObject({ open: false, current_delivery_date: '2026-11-27' });
  });

  it('is closed, with no date, past the last day the copy knows', () => {
    expect(shopOpenAt(kept, '2026-11-28', '09:00:00')).toMatchObject({ open: false, current_delivery_date: null });
  });
});
