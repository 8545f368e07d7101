import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { CHECKOUT_ERRORS } from '#shared/api/checkout';
import { CART_ERRORS } from '#shared/api/cart-codes';
import { CUSTOMER_ONLY, mergeRefusals } from '../../plugins/openapi-contract';
import { requireCustomerId } from '../../plugins/session';
import { lockWhileCardPending } from './card-pending.service';
import { chosenDeliveryId, codeGivenFor } from '../delivery/delivery.service';
import { captureHeldEdenred, releaseSupersededHolds } from './edenred-holds';
import { applyPool, declareVouchers, orderFreeCart, payWithoutCard, validateCart, viewPreOrder } from './checkout.service';
import { CHECKOUT } from '#shared/api/routes/checkout';
import { serve } from '../../lib/table-route';

/** Pre-order and the payments that need no card (docs/product/payments.md). */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  // A new pre-order, vouchers, pool or a payment without card wait for a card payment under way.
  app.addHook('preHandler', lockWhileCardPending(app, [CHECKOUT.postPendingOrder.path]));

  function customerOf(request: FastifyRequest) {
    const customerId = requireCustomerId(request);
    return { owner: { sessionId: request.session!.id, customerId }, chosen: { deliveryId: chosenDeliveryId(request), codeGivenFor: codeGivenFor(request) } };
  }

  /** A customer's, and refused while a card payment is under way (lockWhileCardPending). */
  const WAITS_FOR_CARD = mergeRefusals(CUSTOMER_ONLY, { 409: [CHECKOUT_ERRORS.paymentPending] });
  const NO_PRE_ORDER = { 404: [CHECKOUT_ERRORS.noPreOrder] };

  await serve(app, CHECKOUT.postCartValidate, { config: { refusals: mergeRefusals(WAITS_FOR_CARD, { 409: [CHECKOUT_ERRORS.cartEmpty, CHECKOUT_ERRORS.deliveryRequired, CHECKOUT_ERRORS.deliveryAccess] }) } }, async (request) => {
    const { owner, chosen } = customerOf(request);
    const created = await validateCart(app.db, owner, chosen, app.clock.now());
    await releaseSupersededHolds(app, owner.customerId, created.id);
    return created;
  });

  await serve(app, CHECKOUT.postCartOrder, { config: { refusals: mergeRefusals(WAITS_FOR_CARD, { 409: [CHECKOUT_ERRORS.cartEmpty, CHECKOUT_ERRORS.deliveryRequired, CHECKOUT_ERRORS.deliveryAccess, CHECKOUT_ERRORS.notFree] }) } }, async (request) => {
    const { owner, chosen } = customerOf(request);
    return orderFreeCart(app.db, owner, chosen, app.clock.now());
  });

  await serve(app, CHECKOUT.postPendingOrder, { config: { refusals: mergeRefusals(CUSTOMER_ONLY, NO_PRE_ORDER) } }, async (request) => viewPreOrder(app.db, customerOf(request).owner.customerId));

  await serve(app, CHECKOUT.postPendingOrderLunchVouchers, { config: { refusals: mergeRefusals(WAITS_FOR_CARD, NO_PRE_ORDER, { 422: [CHECKOUT_ERRORS.mealVoucherCap] }) } }, async (request) =>
    declareVouchers(app.db, customerOf(request).owner.customerId, request.body.lunch_vouchers));

  await serve(app, CHECKOUT.postPendingOrderPool, { config: { refusals: mergeRefusals(WAITS_FOR_CARD, NO_PRE_ORDER) } }, async (request) => applyPool(app.db, customerOf(request).owner.customerId));

  await serve(app, CHECKOUT.postPayment, { config: { refusals: mergeRefusals(WAITS_FOR_CARD, NO_PRE_ORDER, { 409: [CHECKOUT_ERRORS.remaining, CHECKOUT_ERRORS.cartChanged, CHECKOUT_ERRORS.deliveryRequired, CART_ERRORS.invalidDiscount, CHECKOUT_ERRORS.mealVoucherCap] }) } }, async (request) => {
    const placed = await payWithoutCard(app.db, customerOf(request).owner.customerId, app.clock.now());
    // The pool paid the rest of a split payment: the Edenred part held is taken now.
    await captureHeldEdenred(app, placed.id);
    return placed;
  });
};
