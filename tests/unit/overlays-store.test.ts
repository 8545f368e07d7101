import { beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAll, closeModal, isAnyOpen, openModal, openPopin, overlayClick, overlays } from '../../src/lib/overlays-store';

beforeEach(() => {
  overlays.redirectBack = false;
  closeAll(() => {});
});

describe('modals and pop-ins', () => {
  it('shows the overlay while any modal or pop-in is open', () => {
    expect(isAnyOpen()).toBe(false);
    openModal('cart');
    expect(isAnyOpen()).toBe(true);
    closeModal('cart');
    openPopin('closed_website');
    expect(isAnyOpen()).toBe(true);
  });

  it('opening the delivery selector closes the suggestion modal, and the reverse', () => {
    openModal('delivery_suggest_location');
    openModal('delivery_selector');
    expect(overlays.modals.delivery_suggest_location).toBe(false);
    expect(overlays.modals.delivery_selector).toBe(true);
    openModal('delivery_suggest_location');
    expect(overlays.modals.delivery_selector).toBe(false);
  });

  it('closing either delivery modal closes both', () => {
    overlays.modals.delivery_selector = true;
    overlays.modals.delivery_suggest_location = true;
    closeModal('delivery_selector');
    expect(overlays.modals.delivery_suggest_location).toBe(false);
  });

  it('an overlay click closes everything', () => {
    openModal('cart');
    openPopin('homepage');
    overlayClick({ orderSlugWithoutDelivery: false });
    expect(isAnyOpen()).toBe(false);
  });

  it('an overlay click does not close the payment modal', () => {
    openModal('payment');
    overlayClick({ orderSlugWithoutDelivery: false });
    expect(overlays.modals.payment).toBe(true);
  });

  it('an overlay click does nothing on the order-slug page without a delivery point', () => {
    openModal('delivery_selector');
    overlayClick({ orderSlugWithoutDelivery: true });
    expect(overlays.modals.delivery_selector).toBe(true);
  });

  it('closing all goes back in history once when a redirect-back is set', () => {
    const back = vi.fn();
    overlays.redirectBack = true;
    openModal('menu');
    closeAll(back);
    closeAll(back);
    expect(back).toHaveBeenCalledTimes(1);
    expect(overlays.redirectBack).toBe(false);
  });
});
