import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE_UNCHECKED, cartCount, expirySchedule, needsPointWarning, promoCodeError, refusalNotice, splitLines } from '../../src/features/cart/cart-rules';
import { CART_CHECKED, cartAction, cartState, replaceCart, stateCartIsCurrent } from '../../src/features/cart/cart-store';
import { ApiError, NetworkError } from '../../src/lib/api-client';
import { snackbars } from '../../src/lib/snackbar-store';
import { CART_NOTICES, type Cart, type CartProduct } from '#shared/api/cart';

const dish = (id: number, quantity = 1): CartProduct => ({
  unique_id: `product-${id}`,
  product_id: id,
  product_name: `Plat ${id}`,
  unit_price: 500,
  quantity,
  cover_url: null,
});
const formula = (id: number, quantity = 1): CartProduct => ({ ...dish(id, quantity), unique_id: `menu-${id}-x`, unit_price: 1490, sub_products: [] });

function cart(products: CartProduct[], expiration = 1800): Cart {
  return {
    products,
    tote_bags: { unit_price: 0, quantity: 0 },
    cutlery: { unit_price: 0, quantity: 0 },
    final_price: '0,00',
    discount_code: null,
    discount_id: null,
    discount_amount: 0,
    deposit_added_amount: 0,
    deposit_added_quantity: 0,
    deposit_removed_amount: 0,
    deposit_removed_quantity: 0,
    total_deposit: 0,
    expiration_in_seconds: products.length ? expiration : 0,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  snackbars.queue.splice(0);
  replaceCart(null);
});
afterEach(() => vi.useRealTimers());

describe('cart mirror', () => {
  it('is replaced whole by each answer, with its expiry from the answer’s countdown', () => {
    replaceCart(cart([dish(1), formula(2, 2)], 600), 1_000_000);
    expect(cartCount(cartState.cart)).toBe(3);
    expect(cartState.expiresAt).toBe(1_000_000 + 600_000);
    replaceCart(cart([dish(3)]), 2_000_000);
    expect(cartState.cart!.products.map((p) => p.product_id)).toEqual([3]);
    expect(cartState.expiresAt).toBe(2_000_000 + 1_800_000);
    replaceCart(cart([]));
    expect(cartState.expiresAt).toBeNull();
    expect(cartCount(cartState.cart)).toBe(0);
  });

  it('lists formulas first, then dishes', () => {
    const { formulas, dishes } = splitLines(cart([dish(1), formula(2), dish(3)]));
    expect(formulas.map((p) => p.product_id)).toEqual([2]);
    expect(dishes.map((p) => p.product_id)).toEqual([1, 3]);
  });

  it('runs one call per key at a time: a double click adds once', async () => {
    let resolve!: (c: Cart) => void;
    const call = vi.fn(() => new Promise<Cart>((r) => (resolve = r)));
    const first = cartAction('product-1', 'product', call);
    const second = await cartAction('product-1', 'product', call);
    expect(second).toEqual({ ok: false });
    expect(cartState.pending['product-1']).toBe(true);
    resolve(cart([dish(1)]));
    expect(await first).toEqual({ ok: true });
    expect(call).toHaveBeenCalledTimes(1);
    expect(cartState.pending['product-1']).toBeUndefined();
    expect(cartCount(cartState.cart)).toBe(1);
  });

  it('keeps the mirror and shows the refusal notice when the server refuses', async () => {
    replaceCart(cart([dish(1)]));
    const refusal = new ApiError(409, { message: 'Nos couverts sont limités !', code: 'cutlery_limit' });
    const result = await cartAction('cutlery', 'cutlery', () => Promise.reject(refusal));
    expect(result).toEqual({ ok: false, error: refusal });
    expect(cartCount(cartState.cart)).toBe(1);
    expect(snackbars.queue.map((s) => [s.title, s.type])).toEqual([[CART_NOTICES.cutlery.title, 'error']]);
  });

  it('after a lost answer, shows the cart the server holds instead of calling the change failed', async () => {
    replaceCart(cart([dish(1)]));
    // The server applied the addition, but its answer never came back.
    const lost = new NetworkError('La connexion ne répond pas : vérifiez votre réseau puis réessayez.', 'network_timeout');
    let answer!: (value: Cart) => void;
    const result = await cartAction('product-1', 'product', () => Promise.reject(lost), () => new Promise<Cart>((resolve) => (answer = resolve)));
    // The button is given back before the check answers (on a stalled line it waits its deadline).
    expect(result).toEqual({ ok: false, error: lost });
    expect(cartState.pending).toEqual({});
    answer(cart([dish(1, 2)]));
    await vi.waitFor(() => expect(cartState.cart!.products[0]!.quantity).toBe(2));
    expect(snackbars.queue.map((s) => [s.title, s.message])).toEqual([[CART_CHECKED.title, CART_CHECKED.message]]);
  });

  it('does not let a late check of a lost change overwrite a change made since', async () => {
    replaceCart(cart([dish(1)]));
    let answer!: (value: Cart) => void;
    await cartAction('product-1', 'product', () => Promise.reject(new NetworkError()), () => new Promise<Cart>((resolve) => (answer = resolve)));
    await cartAction('product-1', 'product', () => Promise.resolve(cart([dish(1, 3)])));
    answer(cart([dish(1, 2)]));
    await Promise.resolve();
    await Promise.resolve();
    expect(cartState.cart!.products[0]!.quantity).toBe(3);
    expect(snackbars.queue).toEqual([]);
  });

  it('says the connection failed when the cart cannot be read again either', async () => {
    replaceCart(cart([dish(1)]));
    const lost = new NetworkError();
    await cartAction('product-1', 'product', () => Promise.reject(lost), () => Promise.reject(new NetworkError()));
    expect(cartState.cart!.products[0]!.quantity).toBe(1);
    await vi.waitFor(() => expect(snackbars.queue.map((s) => [s.title, s.type])).toEqual([['Impossible d’ajouter ce plat', 'error']]));
  });
});

describe('expiry schedule', () => {
  it('warns 120 s before expiry and times out at expiry', () => {
    expect(expirySchedule(100_000 + 1_800_000, 100_000)).toEqual({ warningIn: 1_680_000, timeoutIn: 1_800_000 });
  });

  it('skips the warning when less than 120 s are left, and has nothing for an empty cart', () => {
    expect(expirySchedule(90_000, 0)).toEqual({ warningIn: null, timeoutIn: 90_000 });
    expect(expirySchedule(0, 5_000)).toEqual({ warningIn: null, timeoutIn: 0 });
    expect(expirySchedule(null, 0)).toBeNull();
  });
});

describe('refusal notices', () => {
  const refused = (code: string, message = code, errors?: Record<string, string[]>) => new ApiError(409, { message, code, ...(errors ? { errors } : {}) });

  it('says a code sent over a cut connection could not be checked, not that it does not exist', () => {
    expect(promoCodeError(new NetworkError())).toBe(CODE_UNCHECKED);
    expect(promoCodeError(new ApiError(422, { message: 'x', code: 'invalid_discount' }))).toBe(CART_NOTICES.invalidDiscount);
    expect(promoCodeError(new ApiError(429, { message: 'Trop de tentatives : réessayez dans un moment.', code: 'too_many_requests' }))).toBe('Trop de tentatives : réessayez dans un moment.');
  });

  it('shows the first message of errors.id for dishes', () => {
    const notice = refusalNotice('product', refused('sold_out', 'x', { id: ['Désolé, « Quenelle » est épuisé.', 'autre'] }));
    expect(notice?.message).toBe('Désolé, « Quenelle » est épuisé.');
  });

  it('maps bonus and deposit codes to their titles', () => {
    expect(refusalNotice('cutlery', refused('cutlery_limit'))).toBe(CART_NOTICES.cutlery);
    expect(refusalNotice('tote-bags', refused('tote_bags_limit'))).toBe(CART_NOTICES.toteBags);
    expect(refusalNotice('deposits', refused('cannot_remove_deposit'))?.title).toBe('Impossible de rendre plus de consignes !');
    expect(refusalNotice('deposits', refused('not_enough_deposit'))?.title).toBe('Pas si vite !');
    expect(refusalNotice('deposits', refused('deposits_not_delivered'))?.message).toBe(CART_NOTICES.depositsNotDelivered.message);
  });

  it('only logs other deposit errors, but says when the network is gone', () => {
    expect(refusalNotice('deposits', refused('validation_failed'))).toBeNull();
    expect(refusalNotice('deposits', new NetworkError())?.message).toMatch(/Connexion impossible/);
  });

  it('leaves promo failures to the promo form', () => {
    expect(refusalNotice('discount', refused('invalid_discount'))).toBeNull();
  });
});

describe('usual point warning at payment', () => {
  it('asks a logged-in customer paying for another point than their usual one', () => {
    expect(needsPointWarning({ loggedIn: true, locationId: 3, usualLocationId: 5 })).toBe(true);
    expect(needsPointWarning({ loggedIn: true, locationId: 5, usualLocationId: 5 })).toBe(false);
    expect(needsPointWarning({ loggedIn: true, locationId: 3, usualLocationId: null })).toBe(false);
    expect(needsPointWarning({ loggedIn: false, locationId: 3, usualLocationId: 5 })).toBe(false);
  });
});

describe('the cart inside an app state', () => {
  it('replaces the mirror only when asked for after the last change ended, and never while one is under way', async () => {
    const before = Date.now();
    vi.advanceTimersByTime(10);
    let answer!: (cart: Cart) => void;
    const change = cartAction('product-1', 'product', () => new Promise<Cart>((resolve) => (answer = resolve)));
    // A state asked for before the change, or while it is under way, holds the cart as it was.
    expect(stateCartIsCurrent(before)).toBe(false);
    vi.advanceTimersByTime(10);
    expect(stateCartIsCurrent(Date.now())).toBe(false);
    answer(cart([dish(1)]));
    await change;
    expect(stateCartIsCurrent(before)).toBe(false);
    vi.advanceTimersByTime(10);
    expect(stateCartIsCurrent(Date.now())).toBe(true);
  });
});
