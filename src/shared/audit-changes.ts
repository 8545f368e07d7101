import { z } from 'zod/mini';

/*
 * What an audited action changed, value by value (docs/product/team.md, "The audit trail"): the
 * server writes them in the audit line's details, the team's audit page words them in French
 * ("Prix : 5,50 € → 0,01 €").
 */

/**
 * A value before and after. `from` left out: there was none (a new dish, a dish added to a day's
 * menu, a new member); `to` left out: there is none any more.
 */
export interface Change<T> {
  from?: T;
  to?: T;
}

/** The values a line may carry, by what they are. */
export interface AuditChanges {
  /** A dish's price, cents. */
  price?: Change<number>;
  /** A dish's VAT rate, basis points (1000: 10 %). */
  vat?: Change<number>;
  name?: Change<string>;
  /** A day's cap of portions; null: no cap. */
  stock?: Change<number | null>;
  /** Marked "épuisé" by the kitchen. */
  sold_out?: Change<boolean>;
  /** On the day's menu. */
  on_menu?: Change<boolean>;
  /** A team member's roles. */
  roles?: Change<string[]>;
  /** A team member's account open (true) or disabled. */
  active?: Change<boolean>;
}

/** A change of one thing among several (a catalog import's dishes, or their days). */
export interface AuditChangeItem {
  product_id?: number;
  slug?: string;
  name?: string;
  /** For a day's menu: which day. */
  date?: string;
  /** A dish the import created. */
  created?: boolean;
  changes: AuditChanges;
  /** Other fields changed, by their name in the catalog file (description, allergens, photo…). */
  also?: string[];
}

/** Only the values that differ, `from` and `to` as given: `{}` when nothing changed. */
export function changed<T>(from: T | undefined, to: T | undefined): Change<T> | undefined {
  if (JSON.stringify(from) === JSON.stringify(to)) return undefined;
  return { ...(from !== undefined && { from }), ...(to !== undefined && { to }) };
}

/** An audit line's details as the page reads them: whatever it does not recognise is left out. */
const changeSchema = z.object({ from: z.optional(z.unknown()), to: z.optional(z.unknown()) });
export const auditChangesSchema = z.record(z.string(), changeSchema);
export const auditChangeItemsSchema = z.array(
  z.object({
    product_id: z.optional(z.number()),
    slug: z.optional(z.string()),
    name: z.optional(z.string()),
    date: z.optional(z.string()),
    created: z.optional(z.boolean()),
    changes: auditChangesSchema,
    also: z.optional(z.array(z.string())),
  }),
);
