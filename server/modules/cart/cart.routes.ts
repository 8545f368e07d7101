import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { failureLimit, markRateLimited } from '../../lib/rate-limit';
import { mergeRefusals, OPENS_A_SESSION, type Refusals } from '../../plugins/openapi-contract';
import type { CartContext } from './cart-engine';
import { addMenu, addProduct, applyDiscount, changeBonus, changeDeposits, changeQuantity, readCart, removeDiscount } from './cart.service';
import { CART_ERRORS } from '#shared/api/cart';
import { CHECKOUT_ERRORS } from '#shared/api/checkout';
import { GUEST_ADDRESS_MAX_PORTIONS } from '#shared/constants';
import { AppError } from '../../lib/errors';
import { CART } from '#shared/api/routes/cart';
import { serve } from '../../lib/table-route';

const MINUTE = 60 * 1000;

/**
 * Every change of one visitor's cart counts together: a person taps a few times a second at most,
 * a script far more. Counted in each instance's memory (@fastify/rate-limit): a flood guard needs
 * no shared store, and a change must not pay a database round trip for it.
 */
export const CART_CHANGES_PER_MINUTE = 120;
/** Wrong promo or sponsor codes, per visitor and per address: then even a right one waits. */
export const WRONG_CODES = { perSession: 10, perIp: 30, windowMs: 15 * MINUTE } as const;

const wrongCodes = failureLimit({
  name: 'wrong-code',
  windowMs: WRONG_CODES.windowMs,
  limits: (request) => ({ ...(request.session && { [`session:${request.session.id}`]: WRONG_CODES.perSession }), [`ip:${request.ip}`]: WRONG_CODES.perIp }),
});

const isWrongCode = (error: unknown) => error instanceof AppError && error.code === CART_ERRORS.invalidDiscount;


/** What adding portions may meet: sold out, a line or the cart full, a guest's cap. */
const ADDING: Refusals = { 409: [CART_ERRORS.soldOut, CART_ERRORS.lineLimit, CART_ERRORS.anonymousLimit] };
const bonus = (code: string): Refusals => ({ 409: [code, CART_ERRORS.bonusDisabled] });
const DEPOSITS: Refusals = { 409: [CART_ERRORS.notEnoughDeposit, CART_ERRORS.depositsNotDelivered, CART_ERRORS.cannotRemoveDeposit] };

export interface CartRoutesOptions {
  /**
   * Refuses a change while a card payment of the customer is under way (409 payment_pending):
   * checkout's rule (its lockWhileCardPending), handed in by server/app.ts. The cart sits below
   * checkout, which turns it into an order; importing checkout here would close a loop between the
   * two modules.
   */
  whileCardPending: preHandlerAsyncHookHandler;
}

/** The cart API: every call answers the whole cart. */
export const cartRoutes: FastifyPluginAsyncZod<CartRoutesOptions> = async (app, { whileCardPending }) => {
  // Every cart route reads the cart with the session, in the session's query.
  // A change waits for a card payment under way (whileCardPending: 409 payment_pending).
  app.addHook('onRoute', (route) => {
    const refusals = route.method === 'GET' ? route.config?.refusals : mergeRefusals(route.config?.refusals, { 409: [CHECKOUT_ERRORS.paymentPending] });
    route.config = { ...route.config, cart: true, refusals };
  });
  // While a card payment is under way the cart is what it pays for: no change (409 payment_pending).
  app.addHook('preHandler', whileCardPending);

  async function context(request: FastifyRequest): Promise<CartContext> {
    const session = await request.ensureSession();
    return { db: app.db, now: app.clock.now(), owner: { sessionId: session.id, customerId: session.customerId }, demoData: app.env.DEMO_DATA, session: request.sessionCart, sharedTime: app.clock.shared(), clientAddress: request.ip, guestAddressMax: GUEST_ADDRESS_MAX_PORTIONS * app.env.RATE_LIMIT_FACTOR };
  }

  await serve(app, CART.getCart, { config: { refusals: OPENS_A_SESSION } }, async (request) => readCart(await context(request)));

  // Every change below shares one count (one handler, so one store) per visitor: the session, or
  // the address before there is one.
  const limited = markRateLimited(
    app.rateLimit({
      max: CART_CHANGES_PER_MINUTE * app.env.RATE_LIMIT_FACTOR,
      timeWindow: MINUTE,
      keyGenerator: (request: FastifyRequest) => request.session?.id ?? request.ip,
    }),
  );

  await serve(app, CART.postCartProducts, { onRequest: limited, config: { refusals: mergeRefusals(ADDING, { 422: [CART_ERRORS.unavailable] }) } }, async (request) =>
    addProduct(await context(request), request.body.id));
  await serve(app, CART.postCartMenus, { onRequest: limited, config: { refusals: mergeRefusals(ADDING, { 422: [CART_ERRORS.invalidMenu] }) } }, async (request) =>
    addMenu(await context(request), request.body.menu));
  await serve(app, CART.postCartIncrement, { onRequest: limited, config: { refusals: mergeRefusals(ADDING, { 404: [CART_ERRORS.unknownLine] }) } }, async (request) =>
    changeQuantity(await context(request), request.body.id, 1));
  await serve(app, CART.postCartDecrement, { onRequest: limited, config: { refusals: { 404: [CART_ERRORS.unknownLine] } } }, async (request) =>
    changeQuantity(await context(request), request.body.id, -1));

  await serve(app, CART.postCartCutlery, { onRequest: limited, config: { refusals: bonus(CART_ERRORS.cutlery) } }, async (request) => changeBonus(await context(request), 'cutlery', 1));
  await serve(app, CART.deleteCartCutlery, { onRequest: limited, config: { refusals: bonus(CART_ERRORS.cutlery) } }, async (request) => changeBonus(await context(request), 'cutlery', -1));
  await serve(app, CART.postCartToteBags, { onRequest: limited, config: { refusals: bonus(CART_ERRORS.toteBags) } }, async (request) => changeBonus(await context(request), 'toteBags', 1));
  await serve(app, CART.deleteCartToteBags, { onRequest: limited, config: { refusals: bonus(CART_ERRORS.toteBags) } }, async (request) => changeBonus(await context(request), 'toteBags', -1));
  await serve(app, CART.postCartDeposits, { onRequest: limited, config: { refusals: DEPOSITS } }, async (request) => changeDeposits(await context(request), 1));
  await serve(app, CART.deleteCartDeposits, { onRequest: limited, config: { refusals: DEPOSITS } }, async (request) => changeDeposits(await context(request), -1));

  await serve(app, CART.postCartDiscounts, { onRequest: limited, config: { refusals: { 422: [CART_ERRORS.invalidDiscount] } } }, async (request) => {
    // The session first, so the try counts under the visitor as well as the address; then the try
    // takes its slot before the code is looked up (tries sent at once all count), and keeps it
    // only when the code was refused.
    const ctx = await context(request);
    return wrongCodes.judge(request, () => applyDiscount(ctx, request.body.code), isWrongCode);
  });
  await serve(app, CART.deleteCartDiscounts, { onRequest: limited }, async (request) => removeDiscount(await context(request)));
};
