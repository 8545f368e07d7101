import { describe, expect, it } from 'vitest';
import { CART_NOTICES } from '#shared/api/cart';
import { addDish, addMenu, cartOf, composeFirst, decrement, getCart, increment, testFile } from './fixtures';
import { refused } from './helpers';

/** What a cart holds beside its lines: free cutlery and tote bags, and containers given back. */

const { dish, menuNamed, newVisitor, customerVisitor, setSetting } = testFile({ unlimitedStock: true });

/* ================================================================ cutlery and tote bags */

describe('cutlery and tote bags', () => {
  it('offers one of each per formula, free of charge', async () => {
    const v = await newVisitor();
    const id = cartOf(await addMenu(v, composeFirst(menuNamed('Plat + Dessert')))).products[0]!.unique_id;
    cartOf(await increment(v, id));
    for (const [path, key, code, title] of [
      ['/api/cart/cutlery', 'cutlery', 'cutlery_limit', 'Nos couverts sont limités !'],
      ['/api/cart/tote-bags', 'tote_bags', 'tote_bags_limit', 'Nos tote bags sont limités !'],
    ] as const) {
      expect(cartOf(await v.request('POST', path))[key]).toEqual({ unit_price: 0, quantity: 1 });
      expect(cartOf(await v.request('POST', path))[key].quantity).toBe(2);
      const body = refused(await v.request('POST', path), 409, code);
      expect(body.message).toBe(title);
      expect(cartOf(await getCart(v))[key].quantity).toBe(2);
    }
    expect(CART_NOTICES.cutlery.title).toBe('Nos couverts sont limités !');
    expect(cartOf(await getCart(v)).final_price).toBe('33,80');
  });

  it('offers none with dishes alone', async () => {
    const v = await newVisitor();
    cartOf(await addDish(v, dish('tarte-pralines-roses').id));
    refused(await v.request('POST', '/api/cart/cutlery'), 409, 'cutlery_limit');
    refused(await v.request('POST', '/api/cart/tote-bags'), 409, 'tote_bags_limit');
    const empty = await newVisitor();
    refused(await empty.request('POST', '/api/cart/cutlery'), 409, 'cutlery_limit');
  });

  it('follows the formulas left: removing one takes its cutlery and tote bag away', async () => {
    const v = await newVisitor();
    const id = cartOf(await addMenu(v, composeFirst(menuNamed('Plat + Dessert')))).products[0]!.unique_id;
    cartOf(await increment(v, id));
    cartOf(await addDish(v, dish('mousse-chocolat').id));
    for (const path of ['/api/cart/cutlery', '/api/cart/cutlery', '/api/cart/tote-bags', '/api/cart/tote-bags']) {
      cartOf(await v.request('POST', path));
    }
    const one = cartOf(await decrement(v, id));
    expect([one.cutlery.quantity, one.tote_bags.quantity]).toEqual([1, 1]);
    const none = cartOf(await decrement(v, id));
    expect([none.cutlery.quantity, none.tote_bags.quantity]).toEqual([0, 0]);
    expect(none.products.map((p) => p.product_name)).toEqual(['Mousse au chocolat noir']);
  });

  it('takes one away on DELETE, never below 0', async () => {
    const v = await newVisitor();
    cartOf(await addMenu(v, composeFirst(menuNamed('Plat + Dessert'))));
    cartOf(await v.request('POST', '/api/cart/cutlery'));
    cartOf(await v.request('POST', '/api/cart/tote-bags'));
    for (const [path, key] of [
      ['/api/cart/cutlery', 'cutlery'],
      ['/api/cart/tote-bags', 'tote_bags'],
    ] as const) {
      expect(cartOf(await v.request('DELETE', path))[key].quantity).toBe(0);
      expect(cartOf(await v.request('DELETE', path))[key].quantity).toBe(0);
    }
    const empty = await newVisitor();
    expect(cartOf(await empty.request('DELETE', '/api/cart/cutlery')).cutlery.quantity).toBe(0);
  });

  it('refuses them when the setting is off (409 bonus_disabled)', async () => {
    const v = await newVisitor();
    cartOf(await addMenu(v, composeFirst(menuNamed('Plat + Dessert'))));
    try {
      await setSetting('enable_cutlery', '0');
      await setSetting('enable_tote_bags', '0');
      expect(refused(await v.request('POST', '/api/cart/cutlery'), 409, 'bonus_disabled').message).toBe(
        'Les couverts ne sont pas proposés en ce moment.',
      );
      expect(refused(await v.request('POST', '/api/cart/tote-bags'), 409, 'bonus_disabled').message).toBe(
        'Les tote bags ne sont pas proposés en ce moment.',
      );
    } finally {
      await setSetting('enable_cutlery', '1');
      await setSetting('enable_tote_bags', '1');
    }
    expect(cartOf(await v.request('POST', '/api/cart/cutlery')).cutlery.quantity).toBe(1);
  });
});

/* ================================================================ deposits */

describe('returned deposits', () => {
  it('are refused to an anonymous visitor (409 not_enough_deposit)', async () => {
    const v = await newVisitor();
    cartOf(await addMenu(v, composeFirst(menuNamed('Formule Complète'))));
    const body = refused(await v.request('POST', '/api/cart/deposits'), 409, 'not_enough_deposit');
    expect(body.message).toBe('Pas si vite !');
    expect(cartOf(await getCart(v)).deposit_removed_quantity).toBe(0);
  });

  it('refund 4 € each, up to the containers the customer holds', async () => {
    const { v } = await customerVisitor({ deposits: 2 });
    cartOf(await addMenu(v, composeFirst(menuNamed('Formule Complète'))));
    const one = cartOf(await v.request('POST', '/api/cart/deposits'));
    expect(one).toMatchObject({ deposit_removed_quantity: 1, deposit_removed_amount: 400, total_deposit: 0, final_price: '14,90' });
    const two = cartOf(await v.request('POST', '/api/cart/deposits'));
    expect(two).toMatchObject({
      deposit_added_amount: 400,
      deposit_added_quantity: 1,
      deposit_removed_quantity: 2,
      deposit_removed_amount: 800,
      total_deposit: -400,
      final_price: '10,90',
    });
    expect(refused(await v.request('POST', '/api/cart/deposits'), 409, 'not_enough_deposit').message).toBe('Pas si vite !');
    expect(cartOf(await v.request('DELETE', '/api/cart/deposits'))).toMatchObject({ deposit_removed_quantity: 1, final_price: '14,90' });
    cartOf(await v.request('DELETE', '/api/cart/deposits'));
    expect(cartOf(await v.request('DELETE', '/api/cart/deposits')).deposit_removed_quantity).toBe(0);
  });

  it('are never worth more than the order', async () => {
    const { v } = await customerVisitor({ deposits: 2 });
    cartOf(await addDish(v, dish('veloute-potimarron').id));
    expect(cartOf(await v.request('POST', '/api/cart/deposits'))).toMatchObject({ deposit_removed_quantity: 1, final_price: '0,90' });
    const body = refused(await v.request('POST', '/api/cart/deposits'), 409, 'cannot_remove_deposit');
    expect(body.message).toBe('Impossible de rendre plus de consignes !');
    expect(cartOf(await getCart(v)).deposit_removed_quantity).toBe(1);
    const empty = await customerVisitor({ deposits: 2 });
    refused(await empty.v.request('POST', '/api/cart/deposits'), 409, 'cannot_remove_deposit');
  });

  it('follow the order down when a line goes', async () => {
    const { v } = await customerVisitor({ deposits: 2 });
    const id = cartOf(await addMenu(v, composeFirst(menuNamed('Formule Complète')))).products[0]!.unique_id;
    cartOf(await addDish(v, dish('veloute-potimarron').id));
    cartOf(await v.request('POST', '/api/cart/deposits'));
    expect(cartOf(await v.request('POST', '/api/cart/deposits')).final_price).toBe('15,80');
    const after = cartOf(await decrement(v, id));
    expect(after).toMatchObject({
      deposit_added_quantity: 0,
      deposit_removed_quantity: 1,
      deposit_removed_amount: 400,
      total_deposit: -400,
      final_price: '0,90',
    });
  });
});
