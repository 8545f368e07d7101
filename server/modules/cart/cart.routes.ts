import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
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
import { CSRF_STATUS, ERROR_CODES } from '#shared/api/errors';
import { MESSAGES } from '#shared/api/messages';
import { forgetSession, KeptSessionUnconfirmed } from './kept-sessions';
import type { Cart } from '#shared/api/cart';

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

  /**
   * A change, on the session as this server kept it when it could (kept-sessions.ts). When its
   * statement could not confirm it, nothing was written: the session is read again and the
   * change runs as any other, with the checks that ran before it on the kept one made again on
   * what was read (no live session: the anti-forgery refusal, as the csrf plugin answers a
   * change without one; a card payment under way: whileCardPending's). A session's anti-forgery
   * token never changes, so the header checked against the kept one holds for the one read.
   */
  async function changing(request: FastifyRequest, reply: FastifyReply, run: (ctx: CartContext) => Promise<Cart>): Promise<Cart> {
    try {
      return await run(await context(request));
    } catch (err) {
      if (!(err instanceof KeptSessionUnconfirmed)) throw err;
    }
    if (request.session) forgetSession(app.db, request.session.id);
    await request.readSession();
    if (!request.session) throw new AppError(CSRF_STATUS, ERROR_CODES.csrf, MESSAGES.csrf);
    await whileCardPending.call(app, request, reply);
    return run(await context(request));
  }

  // Every change below shares one count (one handler, so one store) per visitor: the session, or
  // the address before there is one.
  const limited = markRateLimited(
    app.rateLimit({
      max: CART_CHANGES_PER_MINUTE * app.env.RATE_LIMIT_FACTOR,
      timeWindow: MINUTE,
      keyGenerator: (request: FastifyRequest) => request.session?.id ?? request.ip,
    }),
  );

  await serve(app, CART.postCartProducts, { onRequest: limited, config: { refusals: mergeRefusals(ADDING, { 422: [CART_ERRORS.unavailable] }) } }, (request, reply) =>
    changing(request, reply, (ctx) => addProduct(ctx, request.body.id)));
  await serve(app, CART.postCartMenus, { onRequest: limited, config: { refusals: mergeRefusals(ADDING, { 422: [CART_ERRORS.invalidMenu] }) } }, (request, reply) =>
    changing(request, reply, (ctx) => addMenu(ctx, request.body.menu)));
  await serve(app, CART.postCartIncrement, { onRequest: limited, config: { refusals: mergeRefusals(ADDING, { 404: [CART_ERRORS.unknownLine] }) } }, (request, reply) =>
    changing(request, reply, (ctx) => changeQuantity(ctx, request.body.id, 1)));
  await serve(app, CART.postCartDecrement, { onRequest: limited, config: { refusals: { 404: [CART_ERRORS.unknownLine] } } }, (request, reply) =>
    changing(request, reply, (ctx) => changeQuantity(ctx, request.body.id, -1)));

  await serve(app, CART.postCartCutlery, { onRequest: limited, config: { refusals: bonus(CART_ERRORS.cutlery) } }, (request, reply) => changing(request, reply, (ctx) => changeBonus(ctx, 'cutlery', 1)));
  await serve(app, CART.deleteCartCutlery, { onRequest: limited, config: { refusals: bonus(CART_ERRORS.cutlery) } }, (request, reply) => changing(request, reply, (ctx) => changeBonus(ctx, 'cutlery', -1)));
  await serve(app, CART.postCartToteBags, { onRequest: limited, config: { refusals: bonus(CART_ERRORS.toteBags) } }, (request, reply) => changing(request, reply, (ctx) => changeBonus(ctx, 'toteBags', 1)));
  await serve(app, CART.deleteCartToteBags, { onRequest: limited, config: { refusals: bonus(CART_ERRORS.toteBags) } }, (request, reply) => changing(request, reply, (ctx) => changeBonus(ctx, 'toteBags', -1)));
  await serve(app, CART.postCartDeposits, { onRequest: limited, config: { refusals: DEPOSITS } }, (request, reply) => changing(request, reply, (ctx) => changeDeposits(ctx, 1)));
  await serve(app, CART.deleteCartDeposits, { onRequest: limited, config: { refusals: DEPOSITS } }, (request, reply) => changing(request, reply, (ctx) => changeDeposits(ctx, -1)));

  await serve(app, CART.postCartDiscounts, { onRequest: limited, config: { refusals: { 422: [CART_ERRORS.invalidDiscount] } } }, async (request, reply) => {
    // The session first, so the try counts under the visitor as well as the address; then the try
    // takes its slot before the code is looked up (tries sent at once all count), and keeps it
    // only when the code was refused: once for the whole change, a start over from the session's
    // query included (a slot given back in between could go to another try).
    await request.ensureSession();
    return wrongCodes.judge(request, () => changing(request, reply, (ctx) => applyDiscount(ctx, request.body.code)), isWrongCode);
  });
  await serve(app, CART.deleteCartDiscounts, { onRequest: limited }, (request, reply) => changing(request, reply, (ctx) => removeDiscount(ctx)));
};
