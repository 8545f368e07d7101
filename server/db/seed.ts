import type { Db } from './client';
import { seedDemo } from './seed-demo';
import { seedReference } from './seed-reference';

/**
 * What a start applies (SEED_ON_START): the reference data always, the demo's customer, codes and
 * orders only where demo data is allowed (not in production).
 */
export async function seed(db: Db, now: Date, options: { demo: boolean } = { demo: true }): Promise<void> {
  await seedReference(db, now);
  if (options.demo) await seedDemo(db, now);
}
