import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { coverColumns } from '../media/cover-columns';
import { processPhoto } from '../media/photo-pipeline';
import type { Db } from './client';
import * as t from './schema';

/**
 * The demo dishes that have a photo (server/db/demo-photos/<slug>.jpg, made from their drawings by
 * scripts/demo-photos.ts); the others keep their drawing.
 */
export const SEED_PHOTOS = ['quenelle-nantua', 'salade-lyonnaise', 'risotto-cepes', 'tarte-pralines-roses'] as const;

/** Beside this file in the source, beside dist-server/index.mjs once built (scripts/build-server.mjs). */
const SOURCES = new URL('./demo-photos/', import.meta.url);

/**
 * Gives those dishes their photo, through the same pipeline as an imported one, where they still
 * show the seeded drawing: a picture an operator set is never replaced. The variants are made once
 * per media directory and read back from their manifest at later starts.
 */
export async function seedPhotos(db: Db, mediaDir: string): Promise<void> {
  for (const slug of SEED_PHOTOS) {
    const drawing = `/images/dishes/${slug}.svg`;
    const [row] = await db.select({ id: t.products.id }).from(t.products).where(and(eq(t.products.slug, slug), eq(t.products.coverUrl, drawing)));
    if (!row) continue;
    const cover = await processPhoto(await readFile(new URL(`${slug}.jpg`, SOURCES)), mediaDir);
    await db.update(t.products).set(coverColumns(cover)).where(and(eq(t.products.id, row.id), eq(t.products.coverUrl, drawing)));
  }
}
