import { beforeEach, describe, expect, it } from 'vitest';
import { bindOverlayHistory, closeAll, closeModal, closeUnaddressed, openModal, openPopin, overlays } from '../../src/lib/overlays-store';
import { voletOf, withVolet } from '../../src/shared/panels';

/** A browser history in memory: the entries, the current one, and what the panels asked of it. */
function memoryHistory(start: string) {
  const entries = [{ href: start, state: {} as Record<string, boolean> }];
  let at = 0;
  const location = () => {
    const url = new URL(entries[at]!.href, 'https://popote.test');
    return { pathname: url.pathname, search: url.search, hash: url.hash, state: entries[at]!.state };
  };
  const history = {
    location,
    go: (href: string, { replace, state }: { replace: boolean; state: Record<string, boolean> }) => {
      if (replace) entries[at] = { href, state };
      else {
        entries.splice(at + 1, entries.length, { href, state });
        at += 1;
      }
    },
    back: () => {
      at -= 1;
    },
    /** A link followed: a new page, pushed by the router itself. */
    visit: (href: string) => history.go(href, { replace: false, state: {} }),
    href: () => entries[at]!.href,
    length: () => entries.length,
  };
  bindOverlayHistory(history);
  return history;
}

/** The panels settle their history once the task's calls are made. */
const settled = () => new Promise<void>((resolve) => queueMicrotask(resolve));

beforeEach(() => {
  closeUnaddressed();
});

describe('the open panel in the address', () => {
  it('reads only the panels it knows', () => {
    expect(voletOf('?volet=panier')).toBe('panier');
    expect(voletOf('?a=1&volet=formule')).toBe('formule');
    expect(voletOf('?volet=admin')).toBeNull();
    expect(voletOf('')).toBeNull();
  });

  it('keeps the rest of the address', () => {
    expect(withVolet({ pathname: '/passer-commande', search: '?a=1', hash: '#plats' }, 'panier')).toBe('/passer-commande?a=1&volet=panier#plats');
    expect(withVolet({ pathname: '/', search: '?volet=panier', hash: '' }, null)).toBe('/');
  });

  it('opening pushes an entry; closing goes back to it, so the back button does not open it again', async () => {
    const history = memoryHistory('/passer-commande');
    openModal('cart');
    await settled();
    expect(history.href()).toBe('/passer-commande?volet=panier');
    expect(history.length()).toBe(2);
    closeModal('cart');
    await settled();
    expect(history.href()).toBe('/passer-commande');
  });

  it('one panel for another replaces the entry: back from the second closes both', async () => {
    const history = memoryHistory('/');
    openModal('cart');
    await settled();
    closeModal('cart');
    openModal('delivery_selector');
    await settled();
    expect(history.href()).toBe('/?volet=livraison');
    expect(history.length()).toBe(2);
    closeModal('delivery_selector');
    await settled();
    expect(history.href()).toBe('/');
  });

  it('a panel opened by a link has no entry before it: closing removes it from the address', async () => {
    const history = memoryHistory('/?volet=formule');
    closeModal('menu');
    await settled();
    expect(history.href()).toBe('/');
    expect(history.length()).toBe(1);
  });

  it('closing a panel that is not the open one changes nothing', async () => {
    const history = memoryHistory('/?volet=compte');
    closeModal('cart');
    closeAll();
    closeModal('account');
    await settled();
    expect(history.href()).toBe('/');
  });

  it('a page left from inside a panel is not undone by its closing', async () => {
    const history = memoryHistory('/');
    openModal('delivery_selector');
    await settled();
    closeModal('delivery_selector');
    history.visit('/passer-commande');
    await settled();
    expect(history.href()).toBe('/passer-commande');
  });

  it('the payment modal and the pop-ins have no address', async () => {
    const history = memoryHistory('/');
    openModal('payment');
    openPopin('closed_website');
    await settled();
    expect(history.href()).toBe('/');
    expect(overlays.payment).toBe(true);
    closeAll();
    expect(overlays.payment).toBe(false);
    expect(overlays.popins.closed_website).toBe(false);
  });
});
