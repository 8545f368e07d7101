import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderProducts, orders } from '../../server/db/schema';
import { vatIncluded } from '../../server/lib/vat';
import { formatRate } from '#shared/vat-rate';
import { renderInvoice, type InvoiceLine } from '../../server/pdf/invoice';
import { pdfText } from '../../server/pdf/page-frame';
import { depositLines, invoiceTotals } from '../../server/pdf/invoice-totals';
import { DEPOSIT_PER_MENU_CENTS } from '#shared/constants';
import { SELLER } from '../../server/pdf/seller';
import { ERROR_CODES } from '#shared/api/errors';
import { formatEuros } from '#shared/money';
import { createTestApp, visitor, type TestApp } from './helpers';

const DEMO = { email: 'demo@popote.fr', password: 'popote-demo' };

let t: TestApp;
/** The demo customer, logged in once (login is rate-limited). */
let demo: Awaited<ReturnType<typeof loggedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  demo = await loggedIn();
});
afterAll(() => t.close());

/** The PDF's text, every kind of space as a plain one (the amounts' no-break spaces included). */
async function textOf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text.replace(/[^\S\n]+/g, ' '), pages: result.total };
  } finally {
    await parser.destroy();
  }
}
/** An amount as the PDF prints it, spaces made plain like textOf does. */
const amount = (cents: number) => pdfText(formatEuros(cents)).replace(/\s+/g, ' ');
const rate = (bp: number) => formatRate(bp).replace(/\s+/g, ' ');

async function loggedIn(credentials = DEMO) {
  const v = await visitor(t.app);
  const res = await v.request('POST', '/api/login', credentials);
  expect(res.statusCode).toBe(200);
  return v;
}

interface MeOrder {
  id: number;
  invoice_number: string | null;
  amount_total: number;
  vat_amount: number;
}
async function demoOrders(v: Awaited<ReturnType<typeof loggedIn>>): Promise<MeOrder[]> {
  const res = await v.request('GET', '/api/me');
  expect(res.statusCode).toBe(200);
  return res.json().orders as MeOrder[];
}

describe('GET /api/pdfs/invoices/{order id}: access', () => {
  it('asks an anonymous visitor to log in (401), whatever the id', async () => {
    const v = await visitor(t.app);
    for (const id of ['1', 'abc']) {
      const res = await v.request('GET', `/api/pdfs/invoices/${id}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Vous devez être connecté.', code: 'unauthenticated' });
    }
  });

  it('refuses an id that is not a positive integer within range (422)', async () => {
    const v = demo;
    for (const id of ['abc', '0', '-3', '1.5', '2147483648', '99999999999999999999']) {
      const res = await v.request('GET', `/api/pdfs/invoices/${id}`);
      expect(res.statusCode, id).toBe(422);
      expect(res.json()).toMatchObject({ code: ERROR_CODES.validation, errors: { id: expect.any(Array) } });
    }
  });

  it('answers 404 for an unknown order', async () => {
    const v = demo;
    const res = await v.request('GET', '/api/pdfs/invoices/2147483647');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Facture introuvable.', code: 'not_found' });
  });

  it("answers 404 for another customer's order, as for a missing one", async () => {
    const demoId = (await demoOrders(demo))[0]!.id;
    const other = await visitor(t.app);
    const email = 'invoice-other@example.com';
    const password = 'un-mot-de-passe-solide';
    const registered = await other.request('POST', '/api/register', { firstname: 'Alix', lastname: 'Martin', phone: '0612345678', email, password, password_confirmation: password, cgv: true });
    expect(registered.statusCode).toBe(201);
    const v = await loggedIn({ email, password });
    const res = await v.request('GET', `/api/pdfs/invoices/${demoId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Facture introuvable.', code: 'not_found' });
    expect(res.body).not.toContain('%PDF');
  });

  it('answers 404 for an order of the customer without an invoice number', async () => {
    const [demoOrder] = await t.database.db.select().from(orders).where(eq(orders.invoiceNumber, 'F2026-000001'));
    const [draft] = await t.database.db.insert(orders).values({ customerId: demoOrder!.customerId, status: 1, amountTotalCents: 1890 }).returning();
    try {
      const res = await demo.request('GET', `/api/pdfs/invoices/${draft!.id}`);
      expect(res.statusCode).toBe(404);
    } finally {
      await t.database.db.delete(orders).where(eq(orders.id, draft!.id));
    }
  });
});

describe('GET /api/pdfs/invoices/{order id}: the PDF', () => {
  it("gives the demo customer each of their orders' invoice, a PDF that reads back", async () => {
    const v = demo;
    const list = await demoOrders(v);
    expect(list.length).toBeGreaterThan(0);
    for (const order of list) {
      const res = await v.request('GET', `/api/pdfs/invoices/${order.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`inline; filename="facture-${order.invoice_number}.pdf"`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      const { text } = await textOf(res.rawPayload);
      expect(text).toContain('Facture');
      expect(text).toContain(`N° ${order.invoice_number}`);
      expect(text).toMatch(/Date d’émission : \d{2}\/\d{2}\/\d{4}/);
      // Seller identity.
      expect(text).toContain(SELLER.name);
      expect(text).toContain('SIREN 912 345 683');
      expect(text).toContain('RCS Lyon 912 345 683');
      expect(text).toContain('FR89912345683');
      expect(text).toContain('au capital de 20 000 €');
      // Lines, with their VAT rate, and the VAT per rate summing to the order's VAT.
      const lines = await t.database.db.select().from(orderProducts).where(eq(orderProducts.orderId, order.id));
      for (const line of lines) expect(text).toContain(line.name);
      const totals = invoiceTotals(lines, 0);
      expect(totals.vatCents).toBe(order.vat_amount);
      for (const r of totals.rates) {
        expect(text).toContain(`TVA ${rate(r.rateBp)} ${amount(r.baseCents)} ${amount(r.vatCents)} ${amount(r.totalCents)}`);
      }
      expect(text).toContain(`Total ${amount(totals.baseCents)} ${amount(order.vat_amount)} ${amount(totals.totalCents)}`);
      // The deposit outside the VAT base, then the amount paid.
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      const containers = row!.depositChargedCents / DEPOSIT_PER_MENU_CENTS;
      expect(text).toContain(`Consigne : ${containers} contenant${containers > 1 ? 's' : ''} (hors champ de TVA) ${amount(row!.depositChargedCents)}`);
      expect(totals.totalCents + row!.depositCents).toBe(order.amount_total);
      expect(text).toContain(`Total payé ${amount(order.amount_total)}`);
      // Legal mentions.
      expect(text).toContain('Pas d’escompte pour paiement anticipé.');
      expect(text).toContain('indemnité forfaitaire pour frais de recouvrement de 40 €');
      expect(text).toMatch(/pénalités/);
    }
  });

  it('lists a formula with its dishes under it and their VAT rate', async () => {
    const v = demo;
    const [order] = await demoOrders(v);
    const { text } = await textOf((await v.request('GET', `/api/pdfs/invoices/${order!.id}`)).rawPayload);
    const lines = await t.database.db.select().from(orderProducts).where(eq(orderProducts.orderId, order!.id));
    const formula = lines.find((l) => l.buyableType === 'menu')!;
    expect(text).toContain(`${formula.name} 1 ${amount(formula.unitPriceCents)} ${rate(formula.vatRateBp)} ${amount(formula.unitPriceCents)}`);
    for (const dish of lines.filter((l) => l.parentId === formula.id)) {
      expect(text).toContain(`${dish.categoryName} : ${dish.name}`);
      // Listed after the formula.
      expect(text.indexOf(dish.name, text.indexOf(formula.name))).toBeGreaterThan(text.indexOf(formula.name));
    }
  });

  it('renders the same invoice to the same bytes (dates are the order’s, not the clock’s)', async () => {
    const v = demo;
    const [order] = await demoOrders(v);
    const first = await v.request('GET', `/api/pdfs/invoices/${order!.id}`);
    const second = await v.request('GET', `/api/pdfs/invoices/${order!.id}`);
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
  });
});

describe('invoiceTotals (VAT per rate)', () => {
  const line = (unitPriceCents: number, quantity: number, vatRateBp: number) => ({ unitPriceCents, quantity, vatRateBp });

  it('sums lines per rate, VAT taken line by line on the tax-inclusive amounts', () => {
    const totals = invoiceTotals([line(1490, 1, 1000), line(0, 1, 1000), line(650, 1, 1000), line(200, 3, 550), line(1200, 1, 2000)], 0);
    expect(totals.itemsCents).toBe(1490 + 650 + 600 + 1200);
    expect(totals.rates.map((r) => r.rateBp)).toEqual([550, 1000, 2000]);
    // 1490 → 135 and 650 → 59 line by line (194), where 2140 at once would give 195.
    expect(totals.rates[1]).toEqual({ rateBp: 1000, totalCents: 2140, vatCents: 194, baseCents: 1946 });
    expect(totals.rates[0]).toEqual({ rateBp: 550, totalCents: 600, vatCents: vatIncluded(600, 550), baseCents: 600 - vatIncluded(600, 550) });
    expect(totals.rates[2]).toEqual({ rateBp: 2000, totalCents: 1200, vatCents: 200, baseCents: 1000 });
    expect(totals.vatCents).toBe(194 + 31 + 200);
    expect(totals.baseCents + totals.vatCents).toBe(totals.totalCents);
  });

  it('spreads a discount over the lines in proportion, to the cent', () => {
    const totals = invoiceTotals([line(1000, 1, 1000), line(500, 1, 550), line(0, 2, 2000)], 301);
    expect(totals.discountCents).toBe(301);
    expect(totals.totalCents).toBe(1199);
    // 301 × 2/3 = 200,67 and 301 × 1/3 = 100,33: the larger remainder takes the odd cent.
    expect(totals.rates).toEqual([
      { rateBp: 550, totalCents: 400, vatCents: vatIncluded(400, 550), baseCents: 400 - vatIncluded(400, 550) },
      { rateBp: 1000, totalCents: 799, vatCents: vatIncluded(799, 1000), baseCents: 799 - vatIncluded(799, 1000) },
    ]);
    expect(totals.rates.reduce((s, r) => s + r.totalCents, 0)).toBe(totals.totalCents);
  });

  it('never discounts beyond the items, and shows no rate that carries nothing', () => {
    expect(invoiceTotals([line(500, 1, 1000)], 900)).toEqual({ itemsCents: 500, discountCents: 500, rates: [], baseCents: 0, vatCents: 0, totalCents: 0 });
    expect(invoiceTotals([], 0).rates).toEqual([]);
  });
});

describe('renderInvoice', () => {
  it('prints a discount, several rates, supplements, returned deposits and long orders over pages', async () => {
    const lines: InvoiceLine[] = [
      { id: 1, parentId: null, name: 'Formule complète', categoryName: null, unitPriceCents: 1490, quantity: 2, vatRateBp: 1000 },
      { id: 2, parentId: 1, name: 'Quenelle sauce Nantua', categoryName: 'Plat', unitPriceCents: 0, quantity: 1, vatRateBp: 1000 },
      { id: 3, parentId: 1, name: 'Œuf en meurette', categoryName: 'Entrée', unitPriceCents: 150, quantity: 1, vatRateBp: 1000 },
      { id: 4, parentId: null, name: 'Eau pétillante 🍋', categoryName: null, unitPriceCents: 220, quantity: 2, vatRateBp: 550 },
      ...Array.from({ length: 40 }, (_, i) => ({ id: 10 + i, parentId: null, name: `Jus de pomme n° ${i + 1}`, categoryName: null, unitPriceCents: 25_000, quantity: 1, vatRateBp: 550 })),
    ];
    const totals = invoiceTotals(lines, 500);
    const pdf = await renderInvoice({
      seller: SELLER,
      customer: { firstname: 'Zoé', lastname: 'Lefèvre', companyName: 'Ça Marche SARL', email: 'zoe@example.com' },
      order: {
        invoiceNumber: 'F2026-000042',
        createdAt: new Date('2026-12-31T23:30:00Z'),
        amountTotalCents: totals.totalCents - 400,
        discountCents: 500,
        // One container taken with this order, two given back: two lines, never one "−4 €".
        depositCents: -400,
        depositChargedCents: 400,
        depositRefundedCents: 800,
        deliveryDate: '2027-01-04',
        deliveryStart: '12:00:00',
        deliveryEnd: '13:30:00',
        deliveryName: 'Tour Part-Dieu',
        deliveryPrivate: true,
      },
      lines,
    });
    const { text, pages } = await textOf(pdf);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`page ${pages}/${pages}`);
    // The issue date is Paris's: 31 December 23:30 UTC is already 1 January there.
    expect(text).toContain('Date d’émission : 01/01/2027');
    expect(text).toContain('Zoé Lefèvre');
    expect(text).toContain('Ça Marche SARL');
    // A company site: delivered before its slot's start, as the picker said.
    expect(text.replaceAll('\u00a0', ' ')).toContain('Le 04/01/2027, avant 12 h');
    expect(text).toContain('Tour Part-Dieu');
    expect(text).toContain('Eau pétillante ?');
    expect(text).toContain(`Entrée : Œuf en meurette 1 ${amount(150)} ${rate(1000)} ${amount(150)}`);
    expect(text).toContain(`Sous-total TTC ${amount(totals.itemsCents)}`);
    expect(text).toContain(`Remise ${amount(-500)}`);
    // Thousands are grouped with a no-break space (not Intl's narrow one, which Helvetica lacks).
    expect(amount(totals.itemsCents)).toMatch(/^\d{1,3} \d{3},\d{2} €$/);
    for (const r of totals.rates) expect(text).toContain(`TVA ${rate(r.rateBp)} ${amount(r.baseCents)} ${amount(r.vatCents)} ${amount(r.totalCents)}`);
    expect(text).toContain(`Consigne : 1 contenant (hors champ de TVA) ${amount(400)}`);
    expect(text).toContain(`Consigne restituée : 2 contenants (hors champ de TVA) ${amount(-800)}`);
    expect(text).toContain(`Total payé ${amount(totals.totalCents - 400)}`);
  });

  it('states containers taken and given back apart, with their counts; an order without its parts, its net', () => {
    expect(depositLines({ depositCents: 400, depositChargedCents: 400, depositRefundedCents: 0 })).toEqual([{ label: 'Consigne : 1 contenant', cents: 400 }]);
    expect(depositLines({ depositCents: 0, depositChargedCents: 800, depositRefundedCents: 800 })).toEqual([
      { label: 'Consigne : 2 contenants', cents: 800 },
      { label: 'Consigne restituée : 2 contenants', cents: -800 },
    ]);
    expect(depositLines({ depositCents: 0, depositChargedCents: 0, depositRefundedCents: 0 })).toEqual([]);
    expect(depositLines({ depositCents: -400, depositChargedCents: 0, depositRefundedCents: 0 })).toEqual([{ label: 'Consigne restituée', cents: -400 }]);
  });

  it('keeps text within what the standard fonts can draw', () => {
    expect(pdfText('1\u202f234,50\u00a0€')).toBe('1\u00a0234,50\u00a0€');
    expect(pdfText('Œuf – « bio » ’')).toBe('Œuf – « bio » ’');
    expect(pdfText('Crème ą 🍋')).toBe('Crème a ?');
  });
});
