import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDENRED_ERRORS } from '#shared/api/edenred';
import * as t from '../../server/db/schema';
import { createTestApp, customerWithCart, refused, type TestApp } from './helpers';

/** What a payment route answers when the provider is not the one failing: not configured, or fed garbage. */

describe('card payment without PayGreen (production, no PAYGREEN_*)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://popote.example' }, demo: false });
  });
  afterAll(() => app.close());

  it('answers the clear 503 Edenred answers in the same case, never a 500, and leaves nothing claimed', async () => {
    const c = await customerWithCart(app);
    refused(await c.call('POST', '/api/payment/edenred/session'), 503, EDENRED_ERRORS.unavailable);
    for (let attempt = 0; attempt < 2; attempt++) {
      const body = refused(await c.call('POST', '/api/payment/paygreen'), 503, 'paygreen_unavailable');
      expect(body.message).toBe('Le paiement par carte est momentanément indisponible.');
    }
    expect(await app.database.db.select().from(t.payments).where(eq(t.payments.customerId, c.customer.id))).toEqual([]);
    // The cart stays the customer's to change or pay otherwise.
    expect((await c.call('GET', '/api/cart')).statusCode).toBe(200);
  });
});

describe('an Edenred widget payload Edenred does not know', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('is bad input (422 with the field), not a provider failure (502)', async () => {
    const c = await customerWithCart(app);
    for (const payload of ['garbage', 'ws_123.forged-signature', 'x'.repeat(2000)]) {
      const body = refused(await c.call('POST', '/api/payment/edenred', { payload }), 422, 'validation_failed');
      expect(body.errors?.payload, payload.slice(0, 30)).toEqual([body.message]);
      expect(body.message).toMatch(/Edenred/);
    }
  });
});
