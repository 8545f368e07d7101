import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailSchema, productListSchema } from '#shared/api/catalog';
import { products } from '../../server/db/schema';
import { SEED_PHOTOS } from '../../server/db/seed-photos';
import { createTestApp, MONDAY, type TestApp } from './helpers';

/*
 * Dish photos end to end on the API: the catalog import (sandbox route, multipart) takes a JPEG or
 * a PNG, makes its variants and stores their sizes and placeholder; it refuses other files in
 * French; GET /media serves the variants for a year and nothing else.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A photo-like picture: a gradient with some noise, so the encoders have work to do. */
async function photo(width: number, height: number, format: 'jpeg' | 'png' | 'gif', seed = 1): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let s = seed;
  for (let i = 0; i < pixels.length; i += 3) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const x = (i / 3) % width;
    pixels[i] = (x * 255) / width;
    pixels[i + 1] = 120 + (s % 40);
    pixels[i + 2] = 60;
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return (format === 'jpeg' ? image.jpeg() : format === 'png' ? image.png() : image.gif()).toBuffer();
}

const dish = (slug: string, photo: string) => ({
  slug,
  name: `Plat ${slug}`,
  short_description: 'Un plat photographié.',
  description: 'Un plat importé avec sa photo.',
  ingredients: ['amour'],
  allergens: [],
  category: 'main',
  price_cents: 1290,
  vat_rate: 10,
  photo,
});

/** The import's multipart request: the catalog in `catalog`, each photo in a part named as the file names it. */
async function importWith(catalog: unknown, files: Record<string, Buffer>) {
  const form = new FormData();
  form.set('catalog', JSON.stringify(catalog));
  for (const [name, bytes] of Object.entries(files)) form.set(name, new Blob([new Uint8Array(bytes)]), name.split('/').at(-1));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: '/__sandbox/catalog-import',
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

async function currentDay() {
  return (await t.app.inject(`/api/products`)).json() as { slug: string }[];
}

describe('catalog import of photos', () => {
  it('makes AVIF and WebP variants of a JPEG, never wider than the original, and stores its size and placeholder', async () => {
    const keep = (await t.app.inject(`/__sandbox/catalog-availability?date=${MONDAY}`)).json() as { slug: string; stock: number | null }[];
    const res = await importWith(
      { dates: [MONDAY], products: [dish('gratin-photo', 'photos/gratin.jpg'), dish('tarte-photo', 'tarte.png')], availability: [...keep, { slug: 'gratin-photo', stock: null }, { slug: 'tarte-photo', stock: null }] },
      { 'photos/gratin.jpg': await photo(1500, 1000, 'jpeg'), 'tarte.png': await photo(700, 500, 'png', 2) },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: ['gratin-photo', 'tarte-photo'] });

    const gratin = productDetailSchema.parse((await t.app.inject('/api/products/gratin-photo')).json());
    expect(gratin.cover).toMatchObject({ width: 1500, height: 1000 });
    expect(gratin.cover!.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]{20,}$/);
    // A few hundred bytes: it rides in every answer listing the dish.
    expect(gratin.cover!.placeholder.length).toBeLessThan(1000);
    const summary = gratin.cover!.variants.map((v) => `${v.format} ${v.width}×${v.height}`);
    expect(summary).toEqual(['avif 320×213', 'avif 640×427', 'avif 960×640', 'avif 1280×853', 'webp 320×213', 'webp 640×427', 'webp 960×640', 'webp 1280×853', 'jpeg 1280×853']);
    for (const v of gratin.cover!.variants) expect(v.url).toMatch(/^\/media\/[0-9a-f]{16}-\d+\.(avif|webp|jpg)$/);
    expect(gratin.cover_url).toBe(gratin.cover!.variants.find((v) => v.format === 'webp')!.url);

    // Each file is what its name says: the format and the width.
    for (const v of gratin.cover!.variants) {
      const file = await t.app.inject(v.url);
      expect(file.statusCode).toBe(200);
      const meta = await sharp(file.rawPayload).metadata();
      expect({ format: meta.format === 'heif' ? 'avif' : meta.format, width: meta.width, height: meta.height }).toEqual({ format: v.format, width: v.width, height: v.height });
    }

    // 700 px wide: 320 and 640 only, nothing upscaled.
    const tarte = productListSchema.parse(await currentDay()).find((p) => p.slug === 'tarte-photo')!;
    expect(tarte.cover!.variants.map((v) => `${v.format} ${v.width}`)).toEqual(['avif 320', 'avif 640', 'webp 320', 'webp 640', 'jpeg 640']);

    // The same photo again: same names, nothing changed.
    const again = await importWith(
      { dates: [MONDAY], products: [dish('gratin-photo', 'photos/gratin.jpg')], availability: [...keep, { slug: 'gratin-photo', stock: null }, { slug: 'tarte-photo', stock: null }] },
      { 'photos/gratin.jpg': await photo(1500, 1000, 'jpeg') },
    );
    expect(again.json()).toMatchObject({ unchanged: ['gratin-photo'] });

    // Back as the day was.
    await t.app.inject({ method: 'POST', url: '/__sandbox/catalog-import', payload: { dates: [MONDAY], availability: keep } });
  });

  it('refuses a GIF, a file that is no picture and a missing photo, in French, and writes nothing', async () => {
    const res = await importWith(
      {
        dates: ['2026-12-01'],
        products: [dish('gif-photo', 'anim.gif'), dish('texte-photo', 'notes.jpg'), dish('absente-photo', 'absente.jpg')],
        availability: [],
      },
      { 'anim.gif': await photo(400, 300, 'gif'), 'notes.jpg': Buffer.from('pas une image du tout') },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.file).toEqual([
      'products[0].photo (« anim.gif ») : Format d’image refusé (gif) : envoyez une photo JPEG, PNG ou HEIC.',
      'products[1].photo (« notes.jpg ») : Ce fichier n’est pas une image lisible : envoyez une photo JPEG, PNG ou HEIC.',
      'products[2].photo (« absente.jpg ») : fichier introuvable ; le chemin se lit à partir du dossier du fichier du catalogue.',
    ]);
    expect(await t.database.db.select().from(products).where(eq(products.slug, 'gif-photo'))).toEqual([]);
  });

  it('refuses a photo given with a cover_url, and a path that leaves the catalog’s folder', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/__sandbox/catalog-import',
      payload: { dates: ['2026-12-01'], products: [{ ...dish('deux-images', 'a.jpg'), cover_url: '/images/dishes/placeholder.svg' }, dish('evadee', '../secret.jpg')], availability: [] },
    });
    expect(res.statusCode).toBe(422);
    const errors = (res.json().errors.file as string[]).join('\n');
    expect(errors).toContain('products[0].photo : Donnez photo ou cover_url, pas les deux');
    expect(errors).toContain('products[1].photo : La photo se donne par un chemin relatif au fichier du catalogue');
  });
});

describe('GET /media', () => {
  it('serves the seeded photos’ variants with their type, cached a year as immutable', async () => {
    const seeded = productDetailSchema.parse((await t.app.inject(`/api/products/${SEED_PHOTOS[0]}`)).json());
    const avif = seeded.cover!.variants.find((v) => v.format === 'avif')!;
    const res = await t.app.inject(avif.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/avif');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const jpeg = await t.app.inject(seeded.cover!.variants.find((v) => v.format === 'jpeg')!.url);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
  });

  it('answers 404, never cached, for an unknown variant, a manifest or any other name', async () => {
    for (const url of ['/media/0123456789abcdef-640.webp', '/media/0123456789abcdef.json', '/media/..%2F..%2Fpackage.json', '/media/x.avif']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
  });
});

describe('the demo seed', () => {
  it('gives a few dishes a processed photo and leaves the others their drawing', async () => {
    const list = productListSchema.parse(await currentDay());
    const photographed = list.filter((p) => p.cover !== null).map((p) => p.slug);
    expect(photographed.sort()).toEqual([...SEED_PHOTOS].filter((s) => list.some((p) => p.slug === s)).sort());
    expect(photographed.length).toBeGreaterThanOrEqual(3);
    for (const p of list.filter((d) => d.cover === null)) expect(p.cover_url).toMatch(/^\/images\/dishes\/.+\.svg$/);
  });
});
