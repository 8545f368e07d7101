import { and, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { frenchTime, slotTime } from '#shared/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import type { LightMyRequestResponse } from 'fastify';
import { fixtures } from './fixtures';
import { createTestApp, customerWithCart, type TestApp } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const { db, mailsTo, payFromPool, startCard, hostedPage: hosted } = fixtures(() => app);

async function textOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/[^\S\n]+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

/** The order a payment placed. */
function placed(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; invoice_number: string; delivery_name: string; delivery_start: string; delivery_end: string; delivery_private: boolean };
}

describe('every placed order is confirmed by mail, with its invoice', () => {
  it('says a company site’s slot "avant" its start, as the picker did, in the confirmation, the mail and the invoice', async () => {
    const c = await customerWithCart(app);
    const locations = (await app.app.inject('/api/delivery-locations')).json() as { name: string; is_private: boolean; access: string | null; deliveries: { id: number; starts_at: string }[] }[];
    // A site open to any customer: those asking an address or a code are company-point-access.test.ts's.
    const site = locations.find((l) => l.is_private && !l.access && l.deliveries.length)!;
    expect((await c.call('POST', '/api/deliveries', { id: site.deliveries[0]!.id })).statusCode).toBe(200);
    expect((await c.call('POST', '/api/cart/validate')).statusCode).toBe(200);
    const order = placed(await payFromPool(c));
    const before = `avant ${frenchTime(site.deliveries[0]!.starts_at)}`;
    expect(order).toMatchObject({ delivery_name: site.name, delivery_private: true });
    const mail = (await mailsTo(c.customer.email)).find((m) => m.subject.includes(order.invoice_number))!;
    expect(mail.text).toContain(`${site.name}, le `);
    expect(mail.text).toContain(`, ${before}.`);
    expect((await textOf((await c.call('GET', `/api/pdfs/invoices/${order.id}`)).rawPayload)).replaceAll('\u00a0', ' ')).toContain(before.replaceAll('\u00a0', ' '));
  });


  it('says the lines, the delivery point and window, the means of payment and the code, in French, with the invoice PDF', async () => {
    const c = await customerWithCart(app);
    await c.call('POST', '/api/cart/discounts', { code: 'BIENVENUE10' });
    await c.call('POST', '/api/cart/validate');
    const order = placed(await payFromPool(c));
    const mails = await mailsTo(c.customer.email);
    const confirmation = mails.filter((m) => m.subject.includes(order.invoice_number));
    expect(confirmation).toHaveLength(1);
    const mail = confirmation[0]!;
    expect(mail.subject).toBe(`Votre commande Popote ${order.invoice_number} est confirmée`);
    const [line] = await db().select().from(t.orderProducts).where(eq(t.orderProducts.orderId, order.id));
    expect(mail.text).toContain(`- 1 × ${line!.name} : `);
    expect(mail.text).toContain(order.delivery_name);
    expect(mail.text).toContain(`, ${slotTime(order.delivery_start, order.delivery_end, order.delivery_private)}.`);
    expect(mail.text).toMatch(/Moyen de paiement :\n- Cagnotte Popote : /);
    expect(mail.text).toContain('code BIENVENUE10');

    // The attachment is the invoice the account downloads, byte for byte.
    expect(mail.attachments).toHaveLength(1);
    const attached = Buffer.from(mail.attachments[0]!.contentBase64!, 'base64');
    expect(mail.attachments[0]).toMatchObject({ filename: `facture-${order.invoice_number}.pdf`, contentType: 'application/pdf' });
    const downloaded = (await c.call('GET', `/api/pdfs/invoices/${order.id}`)).rawPayload;
    expect(attached.equals(downloaded)).toBe(true);

    // The invoice says how it was paid and which code gave the discount.
    const text = await textOf(downloaded);
    expect(text).toContain('Réglé par : Cagnotte Popote');
    expect(text).toContain('Remise (code BIENVENUE10)');
  });

  it('says "Moyens de paiement" over two means: paper vouchers and the pool', async () => {
    const c = await customerWithCart(app);
    expect((await c.call('POST', '/api/pending-order/lunch-vouchers', { lunch_vouchers: [{ quantity: 1, amount: 5 }] })).statusCode).toBe(200);
    const order = placed(await payFromPool(c));
    const mail = (await mailsTo(c.customer.email)).find((m) => m.subject.includes(order.invoice_number))!;
    expect(mail.text).toMatch(/\nMoyens de paiement :\n- .*titres-restaurant.*\n- Cagnotte Popote : /i);
  });

  it('a card payment confirms once with the card as means; refused, pending and refunded payments get one short mail each', async () => {
    const c = await customerWithCart(app);
    // Refused, its return (at the former return address) replayed: one mail.
    const refusedPo = await startCard(c.call);
    await hosted(refusedPo, 'refuse');
    for (let i = 0; i < 3; i++) await c.call('GET', `/api/payment/paygreen/return?po_id=${refusedPo}`);
    // Left pending on the hosted page, then paid. The app's quiet check at its start sends no mail;
    // its checks once the buyer is back (back=1) send one.
    const pendingPo = await startCard(c.call);
    await hosted(pendingPo, 'pending');
    await c.call('GET', `/api/payment/paygreen/${pendingPo}/order`);
    expect((await mailsTo(c.customer.email)).map((m) => m.subject)).not.toContain('Votre paiement Popote est en attente');
    for (let i = 0; i < 2; i++) await c.call('GET', `/api/payment/paygreen/${pendingPo}/order?back=1`);
    await app.app.inject({ method: 'POST', url: `/__sandbox/paygreen/payment-orders/${pendingPo}/outcome`, payload: { status: 'successed', notify: false } });
    for (let i = 0; i < 2; i++) await app.app.inject({ method: 'POST', url: '/api/payment/paygreen/notification', payload: { id: pendingPo } });
    const subjects = (await mailsTo(c.customer.email)).map((m) => m.subject);
    const [order] = await db().select().from(t.orders).where(eq(t.orders.customerId, c.customer.id));
    expect(subjects.filter((s) => s === 'Votre paiement Popote a été refusé')).toHaveLength(1);
    expect(subjects.filter((s) => s === 'Votre paiement Popote est en attente')).toHaveLength(1);
    expect(subjects.filter((s) => s.startsWith('Votre commande Popote'))).toEqual([`Votre commande Popote ${order!.invoiceNumber} est confirmée`]);
    expect(order!.paymentMeans).toEqual([{ means: 'card', amountCents: c.preOrder.remaining_price }]);
    const [confirmation] = await db()
      .select()
      .from(t.mailOutbox)
      .where(and(eq(t.mailOutbox.to, c.customer.email), eq(t.mailOutbox.subject, `Votre commande Popote ${order!.invoiceNumber} est confirmée`)));
    expect(confirmation!.text).toMatch(/- Carte bancaire : /);
  });

  it('a paid card payment that cannot be placed is refunded and says so, once', async () => {
    const c = await customerWithCart(app);
    const po = await startCard(c.call);
    await hosted(po, 'success');
    // Sold out meanwhile: the dish's stock is taken by someone else.
    await db().update(t.productAvailabilities).set({ stock: 0 }).where(eq(t.productAvailabilities.productId, c.dish.id));
    for (let i = 0; i < 3; i++) await app.app.inject({ method: 'POST', url: '/api/payment/paygreen/notification', payload: { id: po } });
    const subjects = (await mailsTo(c.customer.email)).map((m) => m.subject);
    expect(subjects.filter((s) => s === 'Votre paiement Popote a été remboursé')).toHaveLength(1);
    expect(subjects.filter((s) => s.startsWith('Votre commande Popote'))).toEqual([]);
  });
});
