import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, customerWithCart, refused, visitor, type TestApp } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Product = { id: number; category: string; price: number; sold_out: boolean };
const dishes = async () => ((await app.app.inject('/api/products')).json() as Product[]).filter((p) => !p.sold_out);

/** A visitor who filled a cart without an account, then logs in as `email`. */
async function guestLogsIn(email: string, items: number) {
  const guest = await visitor(app.app);
  const locations = (await app.app.inject('/api/delivery-locations')).json() as { deliveries: { id: number }[] }[];
  expect((await guest.request('POST', '/api/deliveries', { id: locations[0]!.deliveries[0]!.id })).statusCode).toBe(200);
  const dish = (await dishes()).find((p) => p.category === 'drink')!;
  for (let i = 0; i < items; i++) expect((await guest.request('POST', '/api/cart/products', { id: dish.id })).statusCode).toBe(200);
  const login = await guest.request('POST', '/api/login', { email, password: 'secret-123' });
  expect(login.statusCode, login.body).toBe(200);
  return { guest, login: login.json() as { id: number; cart_notice?: { kind: string; items: number; title: string; message: string } | null } };
}

describe('logging in with a guest cart', () => {
  it('says one article in the singular', async () => {
    const c = await customerWithCart(app);
    const { login } = await guestLogsIn(c.customer.email, 1);
    expect(login.cart_notice?.message).toBe('L’article de votre panier a rejoint celui de votre compte : vérifiez-le, son total a changé.');
  });

  it('merges it into the account’s cart, says so, and refuses the pre-order made before (409 cart_changed)', async () => {
    const c = await customerWithCart(app);
    const { guest, login } = await guestLogsIn(c.customer.email, 2);
    expect(login.cart_notice).toEqual({ kind: 'merged', items: 2, title: 'Paniers réunis', message: expect.stringContaining('Les 2 articles de votre panier ont rejoint celui de votre compte') });

    // The other device's pre-order is of the old cart: paying it is refused, whatever the means.
    refused(await c.call('POST', '/api/payment/paygreen'), 409, 'cart_changed');
    refused(await c.call('POST', '/api/payment'), 409, 'cart_changed');
    refused(await c.call('POST', '/api/payment/edenred/session'), 409, 'cart_changed');

    // Validated again, the pre-order shows the new total and can be paid.
    const again = await guest.request('POST', '/api/cart/validate');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().final_price).toBeGreaterThan(c.preOrder.remaining_price);
    expect((await guest.request('POST', '/api/payment/paygreen')).statusCode).toBe(200);
  });

  it('hands the guest cart over when the account has none, and says nothing when there was no cart', async () => {
    const c = await customerWithCart(app);
    await c.call('POST', '/api/payment/paygreen');
    // Pay the first order so the account has no live cart any more.
    const po = (await app.database.db.query.payments.findFirst({ where: (p, { eq }) => eq(p.customerId, c.customer.id) }))!.providerId;
    await app.app.inject({ method: 'POST', url: `/__sandbox/paygreen/payment-orders/${po}/outcome`, payload: { status: 'successed', notify: false } });
    expect((await c.call('GET', `/api/payment/paygreen/${po}/order`)).statusCode).toBe(200);
    const { login } = await guestLogsIn(c.customer.email, 1);
    expect(login.cart_notice).toMatchObject({ kind: 'adopted', items: 1, title: 'Panier retrouvé' });
    const empty = await visitor(app.app);
    const plain = await empty.request('POST', '/api/login', { email: c.customer.email, password: 'secret-123' });
    expect(plain.json().cart_notice).toBeNull();
  });

  it('leaves the guest cart out while a card payment locks the account’s basket, and says so', async () => {
    const c = await customerWithCart(app);
    expect((await c.call('POST', '/api/payment/paygreen')).statusCode).toBe(200);
    const before = (await c.call('GET', '/api/cart')).json().products;
    const { login } = await guestLogsIn(c.customer.email, 2);
    expect(login.cart_notice).toMatchObject({ kind: 'dropped', items: 2, title: 'Paiement en cours' });
    expect((await c.call('GET', '/api/cart')).json().products).toEqual(before);
  });
});
