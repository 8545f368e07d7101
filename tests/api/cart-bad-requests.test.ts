import { describe, expect, it } from 'vitest';
import { addDish, addMenu, cartOf, composeFirst, getCart, testFile } from './fixtures';
import { refused } from './helpers';

/** Malformed cart changes, and changes without the anti-forgery token: refused, never a 500. */

const { app, dish, menuNamed, newVisitor } = testFile({ unlimitedStock: true });

/* ================================================================ bad requests */

describe('bad requests', () => {
  it('answers 422, never 500, to malformed bodies', async () => {
    const v = await newVisitor();
    const valid = composeFirst(menuNamed('Formule Complète'));
    const huge = 'x'.repeat(100_000);
    const cases: [string, unknown][] = [
      ...[{}, { id: 'abc' }, { id: '5' }, { id: 1.5 }, { id: -1 }, { id: 0 }, { id: null }, { id: [1] }, { id: { id: 1 } }, { id: true }, { id: huge }].map(
        (body): [string, unknown] => ['/api/cart/products', body],
      ),
      ...[{}, { id: 5 }, { id: '' }, { id: 'x'.repeat(121) }, { id: huge }, { id: null }, { id: ['product-1'] }].map(
        (body): [string, unknown] => ['/api/cart/increment', body],
      ),
      ['/api/cart/decrement', {}],
      ...[
        {},
        { menu: 'Formule Complète' },
        { menu: { id: valid.id } },
        { menu: { ...valid, id: 'abc' } },
        { menu: { ...valid, id: -1 } },
        { menu: { ...valid, sub_products: { abc: 1 } } },
        { menu: { ...valid, sub_products: { [huge]: 1 } } },
        { menu: { ...valid, sub_products: { '1': 'salade' } } },
        { menu: { ...valid, sub_products: { '1': [1] } } },
        { menu: { ...valid, additional_products: { '1': 5 } } },
        { menu: { ...valid, additional_products: { '1': [-5] } } },
        { menu: { ...valid, additional_products: { '1': Array.from({ length: 21 }, (_, i) => i + 1) } } },
        { menu: { ...valid, additional_products: [] } },
      ].map((body): [string, unknown] => ['/api/cart/menus', body]),
      ...[{}, { code: '' }, { code: '   ' }, { code: 5 }, { code: null }, { code: 'A'.repeat(41) }, { code: huge }, { code: ['BIENVENUE10'] }].map(
        (body): [string, unknown] => ['/api/cart/discounts', body],
      ),
    ];
    for (const [url, body] of cases) {
      const res = await v.request('POST', url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(422);
      expect(res.json().code).toBe('validation_failed');
    }
    for (const body of [{}, { id: 'abc' }, { id: null }]) {
      expect(refused(await v.request('POST', '/api/cart/products', body), 422, 'validation_failed').errors?.id).toEqual(['Ce plat est introuvable.']);
    }
    expect(refused(await v.request('POST', '/api/cart/discounts', { code: '  ' }), 422, 'validation_failed').errors?.code).toEqual([
      'Saisissez votre code promo.',
    ]);
    expect(cartOf(await getCart(v)).products).toEqual([]);
  });

  it('answers 422, never 500, to ids beyond what the database stores', async () => {
    const v = await newVisitor();
    const valid = composeFirst(menuNamed('Formule Complète'));
    const big = 2 ** 31;
    // Refused by the request schema, field by field, before any query.
    expect(refused(await addDish(v, big), 422, 'validation_failed').errors?.id).toEqual(['Ce plat est introuvable.']);
    refused(await addDish(v, Number.MAX_SAFE_INTEGER), 422, 'validation_failed');
    expect(refused(await addMenu(v, { ...valid, id: big }), 422, 'validation_failed').errors?.['menu.id']).toEqual(['Formule inconnue.']);
    const [first] = Object.keys(valid.sub_products);
    refused(await addMenu(v, { ...valid, sub_products: { ...valid.sub_products, [first!]: big } }), 422, 'validation_failed');
    // A category key past the range passes the schema (it is a string) and names nothing.
    refused(await addMenu(v, { ...valid, additional_products: { '99999999999999999999': [1] } }), 422, 'invalid_menu');
    expect(cartOf(await getCart(v)).products).toEqual([]);
  });

  it('needs the anti-forgery token (419) on every change', async () => {
    const v = await newVisitor();
    const calls: ['POST' | 'DELETE', string, unknown][] = [
      ['POST', '/api/cart/products', { id: dish('veloute-potimarron').id }],
      ['POST', '/api/cart/menus', { menu: composeFirst(menuNamed('Formule Complète')) }],
      ['POST', '/api/cart/increment', { id: 'product-1' }],
      ['POST', '/api/cart/decrement', { id: 'product-1' }],
      ['POST', '/api/cart/cutlery', undefined],
      ['DELETE', '/api/cart/cutlery', undefined],
      ['POST', '/api/cart/tote-bags', undefined],
      ['DELETE', '/api/cart/tote-bags', undefined],
      ['POST', '/api/cart/deposits', undefined],
      ['DELETE', '/api/cart/deposits', undefined],
      ['POST', '/api/cart/discounts', { code: 'BIENVENUE10' }],
      ['DELETE', '/api/cart/discounts', undefined],
    ];
    for (const [method, url, body] of calls) {
      expect((await v.request(method, url, body, { 'x-xsrf-token': '' })).statusCode, `${method} ${url}`).toBe(419);
      expect((await v.request(method, url, body, { 'x-xsrf-token': 'forged' })).statusCode, `${method} ${url}`).toBe(419);
    }
    expect((await app.app.inject({ method: 'POST', url: '/api/cart/products', payload: { id: 1 } })).statusCode).toBe(419);
    expect(cartOf(await getCart(v)).products).toEqual([]);
  });
});
