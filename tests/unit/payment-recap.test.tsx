import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Recap } from '../../src/features/payment/components/payment-modal';
import { payment } from '../../src/features/payment/payment-store';
import type { PreOrder } from '../../src/shared/api/checkout';
import { MEAL_VOUCHER_CAP_NOTE, mealVoucherRestDay } from '../../src/shared/meal-vouchers';

afterEach(() => {
  cleanup();
  payment.restDayConfirmed = null;
});

/** A pre-order as the server answers it: a formula (its container's deposit) and nothing applied. */
function preOrderOf(meal: Partial<PreOrder['meal_vouchers']>, price = 1890): PreOrder {
  return {
    id: 7,
    final_price: price,
    formatted_final_price: '',
    remaining_price: price,
    formatted_remaining_price: '',
    pool: 0,
    formatted_pool: '0,00',
    paper_vouchers: 0,
    available_pool: 0,
    max_usable_pool: 0,
    formatted_max_usable_pool: '0,00',
    lunch_vouchers: [],
    edenredPayment: null,
    paper_vouchers_note: null,
    meal_vouchers: { meal_part: price - 400, room: price - 400, left: price - 400, used_that_day: 0, rest_day_note: null, ...meal },
  };
}

const renderRecap = (preOrder: PreOrder) => render(<Recap preOrder={preOrder} ctx={{ refresh: () => {} }} paperVouchers edenredLinked={false} />);
const edenredBlock = () => screen.queryByRole('region', { name: 'Edenred' });
const addVouchers = () => screen.queryByRole('button', { name: '+ Ajouter des tickets resto papiers à ma cagnotte' });

describe('the recap’s meal vouchers', () => {
  it('says why meal vouchers pay less than the rest: the deposit, and what they may still pay', () => {
    renderRecap(preOrderOf({}));
    expect(screen.getByTestId('meal-voucher-cap').textContent).toBe(`${MEAL_VOUCHER_CAP_NOTE} Titres-restaurant encore possibles sur cette commande : 14,90\u00a0€.`);
    expect(screen.getByTestId('edenred-widget-cap')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Payer avec le formulaire sécurisé Edenred' })).toBeNull();
  });

  it('offers the widget and says nothing when meal vouchers may pay all the rest', () => {
    renderRecap(preOrderOf({ room: 1290, left: 1290 }, 1290));
    expect(screen.queryByTestId('meal-voucher-cap')).toBeNull();
    expect(screen.getByRole('button', { name: 'Payer avec le formulaire sécurisé Edenred' })).toBeTruthy();
  });

  it('offers no meal voucher on a Sunday or holiday until the customer says their employer allows them', async () => {
    renderRecap(preOrderOf({ rest_day_note: mealVoucherRestDay('2026-12-25') }));
    expect(screen.getByText(/^Votre livraison tombe un jour férié \(Noël\)/)).toBeTruthy();
    expect(edenredBlock()).toBeNull();
    expect(addVouchers()).toBeNull();
    expect(screen.getByRole('button', { name: 'CB / Tickets restaurant' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mon employeur autorise les titres-restaurant ce jour-là' }));
    // The store's change reaches the screen on its next render.
    expect(await screen.findByRole('region', { name: 'Edenred' })).toBeTruthy();
    expect(addVouchers()).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Mon employeur autorise les titres-restaurant ce jour-là' })).toHaveProperty('checked', true);
  });
});
