import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../src/shared/api/idempotency';
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

describe('« Valider ma commande »', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for one placement however often it is tapped: after a lost answer, the same key, and a message that says so', async () => {
    const keys: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).endsWith('/api/payment')) keys.push(new Headers(init?.headers).get(IDEMPOTENCY_HEADER));
        throw new TypeError('Failed to fetch');
      }),
    );
    // The visitor's anti-forgery token is there: the change itself is what the network loses.
    document.cookie = 'XSRF-TOKEN=jeton-de-test';
    renderRecap({ ...preOrderOf({}), remaining_price: 0, paper_vouchers: 1890 });
    const tap = () => fireEvent.click(screen.getByRole('button', { name: 'Valider ma commande' }));
    tap();
    expect(await screen.findByText(/La connexion a été perdue avant la réponse/)).toBeTruthy();
    const first = keys.length;
    tap();
    await vi.waitFor(() => expect(keys.length).toBeGreaterThan(first));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,}$/);
  });
});
