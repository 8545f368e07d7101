import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { bindPanelRouter, closePanel, openPanel, panelReturnsTo } from '../../src/lib/panel-history';
import { PANELS, validatePanelSearch } from '../../src/shared/panels';

/** A router as the app's (the panels in the root's search), over a history in memory. */
async function routerAt(start: string) {
  const root = createRootRoute({ validateSearch: validatePanelSearch });
  const page = (path: string) => createRoute({ getParentRoute: () => root, path });
  const history = createMemoryHistory({ initialEntries: [start] });
  const router = createRouter({ routeTree: root.addChildren([page('/'), page('/passer-commande')]), history });
  // As the app's <RouterProvider> does: each history step loads the router's location.
  history.subscribe(() => void router.load());
  await router.load();
  bindPanelRouter(router as never);
  return {
    href: () => history.location.href,
    length: () => history.length,
    back: () => history.back(),
    visit: (to: '/' | '/passer-commande') => router.navigate({ to }),
  };
}

describe('the open panel in the address', () => {
  it('is only a panel the app knows: anything else is no panel, never an error', () => {
    expect(validatePanelSearch({ volet: 'panier' })).toEqual({ volet: 'panier' });
    expect(validatePanelSearch({ volet: 'paiement', a: 1 })).toEqual({ volet: 'paiement' });
    expect(validatePanelSearch({ volet: 'admin' })).toEqual({});
    expect(validatePanelSearch({ volet: 3 })).toEqual({});
    expect(validatePanelSearch({})).toEqual({});
  });

  it('keeps its French names in the address, one per panel', () => {
    expect(PANELS.composer).toBe('formule');
    expect(PANELS.mobileMenu).toBe('menu');
    expect(new Set(Object.values(PANELS)).size).toBe(Object.keys(PANELS).length);
  });

  it('opening pushes an entry; closing goes back over it, so the back button does not open it again', async () => {
    const history = await routerAt('/passer-commande');
    openPanel('cart');
    expect(history.href()).toBe('/passer-commande?volet=panier');
    expect(history.length()).toBe(2);
    closePanel('cart');
    expect(history.href()).toBe('/passer-commande');
  });

  it('one panel for another replaces its entry: back from the payment is the page under the cart', async () => {
    const history = await routerAt('/passer-commande');
    openPanel('cart');
    openPanel('payment');
    expect(history.href()).toBe('/passer-commande?volet=paiement');
    expect(history.length()).toBe(2);
    history.back();
    expect(history.href()).toBe('/passer-commande');
  });

  it('a panel opened by a link has no entry before it: closing removes it from the address', async () => {
    const history = await routerAt('/?volet=formule');
    closePanel('composer');
    await Promise.resolve();
    expect(history.href()).toBe('/');
    expect(history.length()).toBe(1);
  });

  it('keeps the rest of the address', async () => {
    const history = await routerAt('/passer-commande?payment_status=pending#plats');
    openPanel('help');
    expect(history.href()).toBe('/passer-commande?payment_status=pending&volet=aide#plats');
  });

  it('a panel opened from another, returning, gives way back to it when closed, in the same entry', async () => {
    const history = await routerAt('/');
    openPanel('cart');
    openPanel('deliverySelector', { returning: true });
    expect(history.href()).toBe('/?volet=livraison');
    expect(panelReturnsTo()).toBe('panier');
    closePanel('deliverySelector');
    await Promise.resolve();
    expect(history.href()).toBe('/?volet=panier');
    expect(history.length()).toBe(2);
    expect(panelReturnsTo()).toBeUndefined();
    // The cart shown again still closes over its entry.
    closePanel('cart');
    expect(history.href()).toBe('/');
  });

  it('closing a panel that is not the open one changes nothing', async () => {
    const history = await routerAt('/?volet=compte');
    closePanel('cart');
    expect(history.href()).toBe('/?volet=compte');
    closePanel();
    expect(history.href()).toBe('/');
  });

  it('a link followed from a panel leaves it: the new page has no panel', async () => {
    const history = await routerAt('/');
    openPanel('mobileMenu');
    await history.visit('/passer-commande');
    expect(history.href()).toBe('/passer-commande');
  });
});
