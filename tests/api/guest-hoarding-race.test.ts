import { and, eq, gt, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { portionsHeld } from '../../server/modules/cart/cart.repo';
import { GUEST_ADDRESS_MAX_PORTIONS, GUEST_CART_MAX_PORTIONS } from '#shared/constants';
import { visitor } from './helpers';
import { composeFirst, testFile } from './fixtures';

/**
 * The guests of one address hold GUEST_ADDRESS_MAX_PORTIONS portions together, however many
 * sessions add at the same moment. A probe's bursts held 26 to 30 portions against 24 on
 * PostgreSQL: each change counted the address's other carts, then wrote, and concurrent changes
 * all counted before any wrote. Real parallel requests; PGlite and PostgreSQL (api-postgres).
 */

const { app, menuNamed } = testFile({ unlimitedStock: true });

/** Portions the live guest carts of an address hold, counted from their lines. */
async function heldAt(address: string): Promise<number> {
  const lines = await app.database.db
    .select({ productId: t.cartLines.productId, composition: t.cartLines.composition, quantity: t.cartLines.quantity })
    .from(t.cartLines)
    .innerJoin(t.carts, eq(t.carts.id, t.cartLines.cartId))
    .where(and(isNull(t.carts.customerId), eq(t.carts.clientAddress, address), gt(t.carts.expiresAt, app.clock.now())));
  return portionsHeld(lines);
}

async function dishes(): Promise<number[]> {
  const products = (await app.app.inject('/api/products')).json() as { id: number; sold_out: boolean }[];
  return products.filter((p) => !p.sold_out).map((p) => p.id);
}

describe('guests of one address adding at the same moment', () => {
  it(`hold ${GUEST_ADDRESS_MAX_PORTIONS} portions at most together: 40 sessions, one portion each`, async () => {
    const address = '198.51.100.7';
    const [dish] = await dishes();
    const guests = await Promise.all(Array.from({ length: 40 }, () => visitor(app.app, address)));
    const answers = await Promise.all(guests.map((g) => g.request('POST', '/api/cart/products', { id: dish })));
    const codes = answers.map((a) => (a.statusCode === 200 ? 'ok' : `${a.statusCode} ${(a.json() as { code?: string }).code}`));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(GUEST_ADDRESS_MAX_PORTIONS);
    expect(new Set(codes.filter((c) => c !== 'ok'))).toEqual(new Set(['409 anonymous_limit']));
    expect(await heldAt(address)).toBe(GUEST_ADDRESS_MAX_PORTIONS);
  });

  it('hold the cap with several changes per session at once, formulas and dishes mixed', async () => {
    const address = '198.51.100.8';
    const ids = await dishes();
    const formula = menuNamed('Formule Complète');
    const guests = await Promise.all(Array.from({ length: 8 }, () => visitor(app.app, address)));
    // Each session: a formula and three dishes at once, all sessions together.
    const answers = await Promise.all(
      guests.flatMap((g) => [
        g.request('POST', '/api/cart/menus', { menu: composeFirst(formula) }),
        ...ids.slice(0, 3).map((id) => g.request('POST', '/api/cart/products', { id })),
      ]),
    );
    expect(answers.every((a) => a.statusCode === 200 || (a.statusCode === 409 && (a.json() as { code: string }).code === 'anonymous_limit')), answers.map((a) => a.body.slice(0, 80)).join('\n')).toBe(true);
    expect(answers.some((a) => a.statusCode === 409)).toBe(true);
    expect(await heldAt(address)).toBeLessThanOrEqual(GUEST_ADDRESS_MAX_PORTIONS);
    // Each session within its own cap too.
    expect(GUEST_CART_MAX_PORTIONS).toBeLessThan(GUEST_ADDRESS_MAX_PORTIONS);
  });
});
