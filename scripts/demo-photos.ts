/**
 * Makes the demo's few dish photos (server/db/demo-photos/*.jpg) from their drawings: rasterised
 * large, softened, warmed and grained like a phone picture, saved as small JPEGs. They are the
 * sources the seed runs through the same pipeline as an imported photo (server/media/), so the
 * demo and the tests show real responsive pictures. Run once when the list changes:
 * `npm run photos:demo`; the output is committed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { SEED_PHOTOS } from '../server/db/seed-photos';

const root = new URL('../', import.meta.url);
const WIDTH = 1600;
const HEIGHT = 1200;
/** Each source stays small in the repository. */
const MAX_BYTES = 60 * 1024;

/** Deterministic grain (a tiny LCG), so a re-run makes the same files. */
function grain(width: number, height: number, seed: number): Buffer {
  const out = Buffer.alloc(width * height);
  let s = seed >>> 0;
  for (let i = 0; i < out.length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = 128 + ((s >>> 24) % 36) - 18;
  }
  return out;
}

for (const [index, slug] of SEED_PHOTOS.entries()) {
  const svg = readFileSync(new URL(`public/images/dishes/${slug}.svg`, root));
  const drawing = await sharp(svg, { density: 384 }).resize(WIDTH, HEIGHT, { fit: 'cover' }).flatten({ background: '#efe6da' }).blur(2.2).toBuffer();
  // Grain at a quarter size, enlarged: coarse like a phone sensor's, and cheaper to compress.
  const noise = await sharp(grain(WIDTH / 4, HEIGHT / 4, index + 1), { raw: { width: WIDTH / 4, height: HEIGHT / 4, channels: 1 } })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .toColourspace('srgb')
    .png()
    .toBuffer();
  let quality = 62;
  for (;;) {
    const jpeg = await sharp(drawing)
      .composite([{ input: noise, blend: 'overlay' }])
      .modulate({ saturation: 1.05, brightness: 1.02 })
      // A warm cast, as under a kitchen's lights.
      .recomb([[1.04, 0.02, 0], [0, 1, 0], [0, 0, 0.92]])
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
    if (jpeg.length <= MAX_BYTES || quality <= 30) {
      writeFileSync(new URL(`server/db/demo-photos/${slug}.jpg`, root), jpeg);
      console.log(`${slug}.jpg: ${Math.round(jpeg.length / 1024)} KB (quality ${quality})`);
      break;
    }
    quality -= 4;
  }
}
