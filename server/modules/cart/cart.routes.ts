import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { addMenuBodySchema, addProductBodySchema, cartLineBodySchema, cartSchema, discountBodySchema } from '../../../src/shared/api/cart';
import { addMenu, addProduct, applyDiscount, changeBonus, changeDeposits, changeQuantity, readCart, removeDiscount, type CartContext } from './cart.service';

const answers = { response: { 200: cartSchema } };

/** The cart API (shop.md §7): every call answers the whole cart. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  async function context(request: FastifyRequest): Promise<CartContext> {
    const session = await request.ensureSession();
    return { db: app.db, now: app.clock.now(), owner: { sessionId: session.id, customerId: session.customerId } };
  }

  app.get('/api/cart', { schema: answers }, async (request) => readCart(await context(request)));

  app.post('/api/cart/products', { schema: { body: addProductBodySchema, ...answers } }, async (request) =>
    addProduct(await context(request), request.body.id),
  );
  app.post('/api/cart/menus', { schema: { body: addMenuBodySchema, ...answers } }, async (request) =>
    addMenu(await context(request), request.body.menu),
  );
  app.post('/api/cart/increment', { schema: { body: cartLineBodySchema, ...answers } }, async (request) =>
    changeQuantity(await context(request), request.body.id, 1),
  );
  app.post('/api/cart/decrement', { schema: { body: cartLineBodySchema, ...answers } }, async (request) =>
    changeQuantity(await context(request), request.body.id, -1),
  );

  app.post('/api/cart/cutlery', { schema: answers }, async (request) => changeBonus(await context(request), 'cutlery', 1));
  app.delete('/api/cart/cutlery', { schema: answers }, async (request) => changeBonus(await context(request), 'cutlery', -1));
  app.post('/api/cart/tote-bags', { schema: answers }, async (request) => changeBonus(await context(request), 'toteBags', 1));
  app.delete('/api/cart/tote-bags', { schema: answers }, async (request) => changeBonus(await context(request), 'toteBags', -1));
  app.post('/api/cart/deposits', { schema: answers }, async (request) => changeDeposits(await context(request), 1));
  app.delete('/api/cart/deposits', { schema: answers }, async (request) => changeDeposits(await context(request), -1));

  app.post('/api/cart/discounts', { schema: { body: discountBodySchema, ...answers } }, async (request) =>
    applyDiscount(await context(request), request.body.code),
  );
  app.delete('/api/cart/discounts', { schema: answers }, async (request) => removeDiscount(await context(request)));
};
