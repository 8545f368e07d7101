import { describe, expect, it } from 'vitest';
import { addDish, addMenu, cartOf, composeFirst, getCart, increment, testFile } from './fixtures';

/** Cart changes at once: the last portions are never sold twice (docs/decisions/0009-cart-in-one-statement.md). */

const { dish, menuNamed, newVisitor, availability, setStock, cartRowsOfSession } = testFile({ unlimitedStock: true });

/* ================================================================ concurrency */

describe('concurrency', () => {
  it('never sells the last portions twice to parallel carts', async () => {
    const pate = dish('pate-en-croute');
    await setStock(pate.id, 5, { reserved: 0 });
    const visitors = await Promise.all(Array.from({ length: 20 }, newVisitor));
    const answers = await Promise.all(visitors.map((v) => addDish(v, pate.id)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const res of answers.filter((r) => r.statusCode === 409)) expect(res.json().code).toBe('sold_out');
    expect(await availability(pate.id)).toMatchObject({ stock: 5, reserved: 5 });
    const carts = await Promise.all(visitors.map(async (v) => cartOf(await getCart(v)).products.length));
    expect(carts.filter((n) => n === 1)).toHaveLength(5);
  });

  it('never sells the last portions twice to parallel increments', async () => {
    const oeufs = dish('oeufs-en-meurette');
    await setStock(oeufs.id, 5, { reserved: 0 });
    const a = await newVisitor();
    const b = await newVisitor();
    const idA = cartOf(await addDish(a, oeufs.id)).products[0]!.unique_id;
    const idB = cartOf(await addDish(b, oeufs.id)).products[0]!.unique_id;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? increment(a, idA) : increment(b, idB))));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 409 && r.json().code === 'sold_out')).toHaveLength(7);
    const quantities = [cartOf(await getCart(a)), cartOf(await getCart(b))].map((c) => c.products[0]!.quantity);
    expect(quantities[0]! + quantities[1]!).toBe(5);
    expect(await availability(oeufs.id)).toMatchObject({ stock: 5, reserved: 5 });
  });

  it('keeps one line per composition under parallel adds of the same formula', async () => {
    const v = await newVisitor();
    // Three portions each (two courses and a drink): four of them fit in a guest's cart.
    const formatted = composeFirst(menuNamed('Entrée + Plat'), ['limonade-artisanale']);
    const answers = await Promise.all(Array.from({ length: 4 }, () => addMenu(v, formatted)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const cart = cartOf(await getCart(v));
    expect(cart.products).toHaveLength(1);
    expect(cart.products[0]!.quantity).toBe(4);
    expect(await cartRowsOfSession(v)).toHaveLength(1);
  });
});
