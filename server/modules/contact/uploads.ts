import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { CONTACT_MESSAGES, FILE_TYPES, MAX_FILE_BYTES, MAX_FILES, MAX_TOTAL_BYTES, MESSAGE_MAX_LENGTH, type FileType } from '#shared/api/contact';
import { ERROR_CODES } from '#shared/api/errors';
import { MESSAGES } from '#shared/api/messages';
import { AppError } from '../../lib/errors';
import { checkUpload } from './upload-check';

/** Room for the text fields and the multipart framing around the files. */
const FIELDS_ALLOWANCE_BYTES = 256 * 1024;
/** A declared body larger than this is refused before a byte of it is read. */
export const MAX_CONTACT_BODY_BYTES = MAX_TOTAL_BYTES + FIELDS_ALLOWANCE_BYTES;

/** Busboy's limits: it stops counting, buffering or writing past them. */
export const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  // A message of 5000 characters, 4 bytes each at worst.
  fieldSize: MESSAGE_MAX_LENGTH * 4 + 1024,
  fields: 20,
  fileSize: MAX_FILE_BYTES,
  files: MAX_FILES,
  parts: MAX_FILES + 20,
  headerPairs: 20,
};

export interface ReceivedFile {
  /** Where it waits under DATA_DIR until it is kept or dropped. */
  tmpPath: string;
  originalName: string;
  size: number;
  sha256: string;
}

export interface StoredFile {
  filename: string;
  type: FileType;
  contentType: string;
  size: number;
  sha256: string;
  /** Relative to DATA_DIR. */
  storagePath: string;
  absolutePath: string;
}

export const filesError = (status: number, code: string, message: string) => new AppError(status, code, message, { files: [message] });

/** A file whose check passed one of its limits (check-limits.ts): what the sender can do about it. */
export const FILE_TOO_COMPLEX_MESSAGE = 'Ce fichier est trop complexe pour être vérifié. Enregistrez-le de nouveau, en PDF par exemple, puis renvoyez-le.';

/** A multipart parser's refusal (limits, bad framing) as the API's envelope. */
function translate(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return filesError(422, 'too_many_files', CONTACT_MESSAGES.tooManyFiles);
    case 'FST_REQ_FILE_TOO_LARGE':
      return filesError(413, 'file_too_large', CONTACT_MESSAGES.fileTooBig);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, ERROR_CODES.tooLarge, 'La requête contient trop de champs.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, ERROR_CODES.unsupportedMedia, 'Ce formulaire s’envoie en multipart/form-data.');
    default:
      return new AppError(400, ERROR_CODES.badRequest, 'La requête est mal formée.');
  }
}

async function removeAll(paths: string[]) {
  await Promise.all(paths.map((p) => rm(p, { force: true })));
}

/**
 * Reads a multipart contact form as it arrives: text fields into an object, each `files` part
 * streamed to a temporary file under DATA_DIR (hashed and counted on the way, flushed to disk),
 * never held in memory. Every limit (2 files, 5 MB each and in all, field sizes and counts) stops
 * the upload as soon as it is passed; whatever was written is then deleted.
 */
export async function receiveContactForm(request: FastifyRequest, dataDir: string): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  const tmpDir = resolve(dataDir, 'uploads', 'tmp');
  await mkdir(tmpDir, { recursive: true });
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const written: string[] = [];
  let total = 0;
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new AppError(422, ERROR_CODES.validation, `Ce champ ne doit pas dépasser ${MESSAGE_MAX_LENGTH} caractères.`, { [part.fieldname]: [MESSAGES.validation] });
        // The first value of a name counts (a form sends each once).
        if (!(part.fieldname in fields) && typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'files') {
        part.file.resume();
        throw filesError(422, 'unexpected_file', CONTACT_MESSAGES.tooManyFiles);
      }
      const tmpPath = join(tmpDir, `${randomBytes(16).toString('hex')}.part`);
      written.push(tmpPath);
      const hash = createHash('sha256');
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          total += chunk.length;
          if (total > MAX_TOTAL_BYTES) return done(filesError(413, 'files_too_large', CONTACT_MESSAGES.totalTooBig));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      // Past 5 MB busboy stops handing over bytes: the upload ends here rather than read to its end.
      part.file.once('limit', () => counter.destroy(filesError(413, 'file_too_large', CONTACT_MESSAGES.fileTooBig)));
      // flush: on disk (fsync) before the message that names it is committed.
      await pipeline(part.file, counter, createWriteStream(tmpPath, { flags: 'wx', mode: 0o600, flush: true }));
      if (part.file.truncated) throw filesError(413, 'file_too_large', CONTACT_MESSAGES.fileTooBig);
      if (size === 0) throw filesError(422, 'empty_file', CONTACT_MESSAGES.fileType);
      files.push({ tmpPath, originalName: part.filename ?? '', size, sha256: hash.digest('hex') });
    }
    return { fields, files };
  } catch (error) {
    await removeAll(written);
    throw translate(error);
  }
}

/** The sender's file name without path or control characters, with the extension its content showed. */
export function cleanFileName(original: string, type: FileType, position: number): string {
  const base = [...basename(original.replace(/\\/g, '/')).normalize('NFC')]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && !'"<>|:*?'.includes(c))
    .join('')
    .trim();
  const stem = (base.slice(0, base.length - extname(base).length) || base).slice(0, 100).trim() || `piece-jointe-${position + 1}`;
  return `${stem}.${FILE_TYPES[type].ext}`;
}

/** Too many files to check at this moment (upload-check.ts): the sender tries again in a minute. */
export const UPLOADS_BUSY_MESSAGE = 'Beaucoup de fichiers à vérifier en ce moment : merci de renvoyer votre message dans une minute.';
const UPLOADS_BUSY_RETRY_AFTER_S = 60;

function refusal(refused: 'file_type' | 'too_complex' | 'busy'): AppError {
  if (refused === 'too_complex') return filesError(422, 'file_too_complex', FILE_TOO_COMPLEX_MESSAGE);
  if (refused === 'file_type') return filesError(422, 'file_type', CONTACT_MESSAGES.fileType);
  return new AppError(503, 'uploads_busy', UPLOADS_BUSY_MESSAGE, { files: [UPLOADS_BUSY_MESSAGE] }, { 'retry-after': String(UPLOADS_BUSY_RETRY_AFTER_S) });
}

/**
 * Judges each received file by its content and moves the accepted ones to their place under
 * DATA_DIR (uploads/contact/YYYY/MM/). A file of a type not allowed refuses them all, and so does
 * one too complex to judge within the check's limits (422 file_too_complex), or one that could not
 * be checked now (503 uploads_busy, Retry-After). `address` is the sender's, for its share of the
 * checks' queue.
 */
export async function keepFiles(files: ReceivedFile[], dataDir: string, now: Date, address: string): Promise<StoredFile[]> {
  // In processes of their own, within check-limits.ts: a file made to keep the check busy holds up
  // neither the event loop nor anyone else's request for long. A form's files are checked side
  // by side, so the second does not queue again behind everyone who came meanwhile; every check
  // is awaited before deciding, so none runs on after its file is dropped.
  const verdicts = await Promise.allSettled(files.map((file) => checkUpload(file.tmpPath, { address })));
  const typed: { file: ReceivedFile; type: FileType }[] = [];
  for (const [index, settled] of verdicts.entries()) {
    if (settled.status === 'rejected') throw settled.reason;
    const verdict = settled.value;
    if ('refused' in verdict) throw refusal(verdict.refused);
    typed.push({ file: files[index]!, type: verdict.type });
  }
  const month = now.toISOString().slice(0, 7).replace('-', '/');
  const stored: StoredFile[] = [];
  for (const [position, { file, type }] of typed.entries()) {
    const storagePath = join('uploads', 'contact', month, `${randomBytes(16).toString('hex')}.${FILE_TYPES[type].ext}`);
    const absolutePath = resolve(dataDir, storagePath);
    await mkdir(dirname(absolutePath), { recursive: true });
    await rename(file.tmpPath, absolutePath);
    stored.push({
      filename: cleanFileName(file.originalName, type, position),
      type,
      contentType: FILE_TYPES[type].mime,
      size: file.size,
      sha256: file.sha256,
      storagePath,
      absolutePath,
    });
  }
  return stored;
}

/** Deletes files of a message that will not be stored (refused, or a retry already stored). */
export async function dropFiles(paths: string[]): Promise<void> {
  await removeAll(paths);
}
