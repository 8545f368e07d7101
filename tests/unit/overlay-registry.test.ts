import { describe, expect, it } from 'vitest';
import { KEPT_MOUNTED, OVERLAYS } from '../../src/app/overlay-registry';
import { accountOverlays } from '../../src/features/account/account-overlays';
import { cartOverlays } from '../../src/features/cart/cart-overlays';
import { catalogOverlays } from '../../src/features/catalog/catalog-overlays';
import { contactOverlays } from '../../src/features/contact/contact-overlays';
import { deliveryOverlays } from '../../src/features/delivery/delivery-overlays';
import { paymentOverlays } from '../../src/features/payment/payment-overlays';
import { shellOverlays } from '../../src/features/shell/shell-overlays';
import { isVolet, PANELS } from '../../src/shared/panels';

const FEATURES = { accountOverlays, cartOverlays, catalogOverlays, contactOverlays, deliveryOverlays, paymentOverlays, shellOverlays };

describe('the overlay registry', () => {
  it('draws a component for every panel an address can name, and for nothing else', () => {
    expect(Object.keys(OVERLAYS).sort()).toEqual(Object.values(PANELS).sort());
    expect([...KEPT_MOUNTED].every(isVolet)).toBe(true);
  });

  it('takes each panel from one feature, listed by its name in the address', () => {
    const listed = Object.values(FEATURES).flatMap((overlays) => Object.keys(overlays));
    expect(listed.every(isVolet)).toBe(true);
    expect(listed.sort()).toEqual(Object.values(PANELS).sort());
  });
});
