import { CHECKOUT_ERRORS } from '#shared/api/checkout';
import { ACCESS_CODE_MISSING_MESSAGE, ACCESS_CODE_WRONG_MESSAGE, codePointMessage, POINT_ACCESS_ERRORS, reservedPointMessage } from '#shared/api/delivery';
import { accessCodeMatches, emailMatchesDomain } from '#shared/company-access';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { customerEmail, findPointRule, type PointRule } from './delivery.repo';

/*
 * A company point's access rule (docs/product/delivery.md, "Company points"), judged when the point
 * is chosen and again when the cart is validated for payment: the choice is the session's, and
 * whoever pays may not be who chose (a guest then logged in, another account since), nor may a
 * request sent straight to the checkout skip the choice's check.
 */

/** Who orders: the logged-in customer, the point whose code the session gave before, the code sent now. */
export interface Orderer {
  customerId: number | null;
  codeGivenFor: number | null;
  code?: string;
}

type Refusal = 'reserved' | 'code_missing' | 'code_wrong';

async function refusalOf(db: Db, rule: PointRule, who: Orderer): Promise<Refusal | null> {
  if (rule.accessEmailDomain) {
    // The account's address, read now: the session's customer may have changed it.
    const email = who.customerId ? await customerEmail(db, who.customerId) : null;
    return email && emailMatchesDomain(email, rule.accessEmailDomain) ? null : 'reserved';
  }
  if (rule.accessCode) {
    // A code typed now is judged, even where the session gave the right one before.
    if (who.code) return accessCodeMatches(who.code, rule.accessCode) ? null : 'code_wrong';
    return who.codeGivenFor === rule.id ? null : 'code_missing';
  }
  return null;
}

async function ruleOf(db: Db, locationId: number): Promise<PointRule> {
  const rule = await findPointRule(db, locationId);
  // The slot was just read with its point: only a point deleted in between is missing.
  if (!rule) throw new AppError(404, 'not_found', 'Ce point de livraison n’existe plus.');
  return rule;
}

/**
 * Choosing a slot of a point (POST /api/deliveries): an `email_domain` point is refused with 403
 * to a guest or an account of another domain; a `code` point with 422 on `access_code`, unless the
 * right code comes with the choice or this session gave it before. Answers whether the choice gave
 * the point's code, for the session to remember.
 */
export async function checkPointChoice(db: Db, locationId: number, who: Orderer): Promise<{ codeGiven: boolean }> {
  const rule = await ruleOf(db, locationId);
  const refusal = await refusalOf(db, rule, who);
  if (refusal === 'reserved') throw new AppError(403, POINT_ACCESS_ERRORS.reserved, reservedPointMessage(rule.company, rule.accessEmailDomain!));
  if (refusal) {
    const message = refusal === 'code_wrong' ? ACCESS_CODE_WRONG_MESSAGE : ACCESS_CODE_MISSING_MESSAGE;
    throw new AppError(422, POINT_ACCESS_ERRORS.codeRefused, message, { access_code: [message] });
  }
  return { codeGiven: Boolean(rule.accessCode && who.code) };
}

/**
 * The same rule when the cart is validated for payment: 409 `delivery_access_required`, which the
 * client answers by opening the delivery selector on the point, where its rule is said.
 */
export async function checkPointAtCheckout(db: Db, locationId: number, who: Omit<Orderer, 'code'>): Promise<void> {
  const rule = await ruleOf(db, locationId);
  const refusal = await refusalOf(db, rule, who);
  if (!refusal) return;
  const message = refusal === 'reserved' ? reservedPointMessage(rule.company, rule.accessEmailDomain!) : codePointMessage(rule.company);
  throw new AppError(409, CHECKOUT_ERRORS.deliveryAccess, message);
}
