import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import type { CoverImage, ImageFormat } from '#shared/api/cover-image';
import { PIPELINE_VERSION, planVariants } from './variant-plan';

/*
 * A dish photo (JPEG, PNG, or HEIC where this build of libvips reads it) becomes the files of
 * variant-plan.ts in the media directory, named by the hash of its bytes, and the CoverImage the
 * database keeps. The same source always makes the same names, so a photo processed once (by an
 * import, or at an earlier start for the demo's) is read back from its manifest, not encoded again.
 */

/** Where the media route serves the directory. */
export const MEDIA_PATH = '/media/';

/** Refused before decoding: a photo of a dish needs no more (a 48 MP phone is 8000 × 6000). */
const MAX_PIXELS = 50_000_000;

/** A photo the pipeline refuses; the message is French, for the operator. */
export class PhotoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PhotoError';
  }
}

const ACCEPTED = 'envoyez une photo JPEG, PNG ou HEIC';
/** The prebuilt libvips reads AVIF but not HEVC (a patent matter): most iPhone photos. */
const HEIC_UNREADABLE = 'Cette photo HEIC ne peut pas être lue sur ce serveur : exportez-la en JPEG (sur iPhone, réglage « Le plus compatible »), puis envoyez-la de nouveau.';

/** The encoders' settings: visually close to the source at about a tenth of its weight. */
const ENCODE: Record<ImageFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 72, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 78, mozjpeg: true }),
};

/** An ISO-BMFF file whose brand is HEIC/HEIF (what an iPhone saves). */
function looksLikeHeic(bytes: Buffer): boolean {
  return bytes.length > 12 && bytes.toString('latin1', 4, 8) === 'ftyp' && /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(bytes.toString('latin1', 8, 12));
}

/** The format of a photo, or a PhotoError saying why it is refused. */
async function acceptedFormat(source: Buffer): Promise<'jpeg' | 'png' | 'heif'> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(source).metadata());
  } catch {
    if (looksLikeHeic(source)) throw new PhotoError(HEIC_UNREADABLE);
    throw new PhotoError(`Ce fichier n’est pas une image lisible : ${ACCEPTED}.`);
  }
  if (format === 'jpeg' || format === 'png' || format === 'heif') return format;
  throw new PhotoError(`Format d’image refusé (${format ?? 'inconnu'}) : ${ACCEPTED}.`);
}

const hashOf = (source: Buffer) => createHash('sha256').update(`popote-photo-v${PIPELINE_VERSION}\n`).update(source).digest('hex').slice(0, 16);

const exists = (path: string) => stat(path).then(
  () => true,
  () => false,
);

/** Written beside, then renamed: a reader (or a second process seeding) never sees half a file. */
async function writeAtomically(path: string, data: Buffer | string): Promise<void> {
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

/** The photo as processed before, when its manifest and every file are still there. */
async function processedBefore(mediaDir: string, hash: string): Promise<CoverImage | null> {
  try {
    const cover = JSON.parse(await readFile(join(mediaDir, `${hash}.json`), 'utf8')) as CoverImage;
    const files = await Promise.all(cover.variants.map((v) => exists(join(mediaDir, v.url.slice(MEDIA_PATH.length)))));
    return files.every(Boolean) ? cover : null;
  } catch {
    return null;
  }
}

/**
 * Makes a photo's variants in `mediaDir` (created if needed) and answers what the database keeps.
 * Throws a PhotoError, in French, for a file that is not a photo it takes.
 */
export async function processPhoto(source: Buffer, mediaDir: string): Promise<CoverImage> {
  const hash = hashOf(source);
  const before = await processedBefore(mediaDir, hash);
  if (before) return before;

  const format = await acceptedFormat(source);
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once, turned upright from its EXIF orientation; the variants keep no metadata (no GPS
    // position). A PNG's transparency goes onto white: JPEG has none, and the page's placeholder
    // shows through until the photo covers it.
    pixels = await sharp(source, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (format === 'heif') throw new PhotoError(HEIC_UNREADABLE);
    if (/pixel limit/i.test((err as Error).message)) throw new PhotoError(`Photo trop grande (plus de ${MAX_PIXELS / 1_000_000} millions de pixels) : réduisez-la, puis envoyez-la de nouveau.`);
    throw new PhotoError(`Cette photo est abîmée ou incomplète : ${ACCEPTED}.`);
  }
  const { width, height, channels } = pixels.info;
  const decoded = () => sharp(pixels.data, { raw: { width, height, channels } });

  await mkdir(mediaDir, { recursive: true });
  const planned = planVariants(hash, { width, height });
  // One at a time: encoding uses every core already, and memory stays at one variant's worth.
  for (const v of planned) {
    const image = v.width === width ? decoded() : decoded().resize(v.width, v.height);
    await writeAtomically(join(mediaDir, v.name), await ENCODE[v.format](image).toBuffer());
  }
  // About 16 px wide, stretched and blurred by the page until the photo arrives: a few hundred bytes.
  const tiny = await decoded().resize(16, Math.max(1, Math.round((16 * height) / width))).webp({ quality: 40 }).toBuffer();
  const cover: CoverImage = {
    width,
    height,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
    variants: planned.map((v) => ({ format: v.format, width: v.width, height: v.height, url: `${MEDIA_PATH}${v.name}` })),
  };
  await writeAtomically(join(mediaDir, `${hash}.json`), JSON.stringify(cover));
  return cover;
}
