import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VouchersEditor } from '../../src/equipe/components/round-corrections';
import type { ShownOrder } from '../../src/equipe/round/round-display';

afterEach(cleanup);

/** An order declared with two vouchers of 9,25 €, none received yet (only what the editor reads). */
const declared = { vouchers_received: null, vouchers_declared: { total_cents: 18_50, rows: [{ count: 2, unit_cents: 9_25 }] } } as unknown as ShownOrder;

describe('the courier’s vouchers received', () => {
  it('records none in one tap, « Aucun titre reçu », without removing the declared line first', () => {
    const onSave = vi.fn();
    render(<VouchersEditor order={declared} onSave={onSave} onCancel={() => undefined} />);
    // The declared line is there to correct…
    expect(screen.getByRole('group', { name: 'Ligne 1' })).toBeTruthy();
    // …and none at all is one button away.
    fireEvent.click(screen.getByRole('button', { name: 'Aucun titre reçu' }));
    expect(onSave).toHaveBeenCalledWith([]);
  });
});
