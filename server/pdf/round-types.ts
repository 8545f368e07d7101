/** What the round sheet and the bag labels draw (server/modules/rounds builds it). */

export interface VouchersToCollect {
  totalCents: number;
  /** By unit value, highest first; empty when only the total is known. */
  rows: { count: number; unitCents: number }[];
}

/** An order, packed as one bag. */
export interface Bag {
  orderId: number;
  invoiceNumber: string;
  /** The order's state: a `cancelled` or `refunded` bag stays on the round, marked not to be handed over. */
  state: string;
  /** 'Jules C.' */
  name: string;
  phone: string | null;
  /** Formulas with their dishes, dishes alone. */
  lines: { quantity: number; name: string; children: string[] }[];
  cutlery: number;
  toteBags: number;
  allergens: string[];
  vouchers: VouchersToCollect | null;
  /** Containers the customer said they would give back. */
  containers: number;
}

export interface RoundStop {
  /** From 1, in the round's order. */
  rank: number;
  locationId: number;
  name: string;
  address: string;
  /** 'HH:MM:SS', the day's window (null when the point has no slot that day). */
  start: string | null;
  end: string | null;
  bags: Bag[];
}

export interface RoundTour {
  id: number;
  name: string;
  stops: RoundStop[];
}
