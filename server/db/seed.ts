import type { Db } from './client';
import { seedDemo } from './seed-demo';
import { seedPhotos } from './seed-photos';
import { seedReference } from './seed-reference';

/** Where the photos' variants go when the caller names no media directory (MEDIA_DIR's default). */
const DEFAULT_MEDIA_DIR = '.data/media';

/**
 * What a start applies (SEED_ON_START): the reference data always (with the few dishes' photos,
 * processed into `mediaDir`), the demo's customer, codes and orders only where demo data is
 * allowed (not in production).
 */
export async function seed(db: Db, now: Date, options: { demo: boolean; mediaDir?: string } = { demo: true }): Promise<void> {
  await seedReference(db, now);
  await seedPhotos(db, options.mediaDir ?? DEFAULT_MEDIA_DIR);
  if (options.demo) await seedDemo(db, now);
}
