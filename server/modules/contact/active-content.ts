import { inflateSync } from 'node:zlib';
import { readZipEntry, type ZipEntry } from './zip';

/**
 * PDF names that run something or carry another file: scripts, launched programs, embedded files,
 * forms that post or load data. A CV needs none of them.
 */
const ACTIVE_PDF_NAMES = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'XFA', 'SubmitForm', 'ImportData']);

/** How much inflated stream content is searched at most (a 5 MB PDF; a bomb stops here). */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

function hasActiveName(text: string): boolean {
  for (const match of text.matchAll(/\/([A-Za-z0-9#]+)/g)) {
    // Names may hide behind #xx escapes: /J#61vaScript is /JavaScript.
    const name = match[1]!.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (ACTIVE_PDF_NAMES.has(name)) return true;
  }
  return false;
}

/**
 * Whether a PDF holds active content, in its plain objects or inside its compressed streams
 * (object streams hide dictionaries there).
 */
export function pdfHasActiveContent(buf: Buffer): boolean {
  const text = buf.toString('latin1');
  if (hasActiveName(text)) return true;
  let inflated = 0;
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    let content: Buffer;
    try {
      content = inflateSync(buf.subarray(start, end), { maxOutputLength: MAX_INFLATED_BYTES - inflated });
    } catch {
      // Not deflated (an image, raw data), or damaged: nothing to read in it.
      continue;
    }
    inflated += content.length;
    if (hasActiveName(content.toString('latin1'))) return true;
    if (inflated >= MAX_INFLATED_BYTES) return true;
  }
  return false;
}

/**
 * Whether an OOXML document (.docx) loads something from elsewhere when opened: a relationship
 * whose target is external (a remote template, frame, object or sub-document). Hyperlinks are
 * external too, and harmless until clicked: they are allowed.
 */
export function docxLoadsRemoteContent(buf: Buffer, entries: ZipEntry[]): boolean {
  for (const entry of entries.filter((e) => e.name.endsWith('.rels'))) {
    const xml = readZipEntry(buf, entry)?.toString('utf8');
    if (xml === undefined) return true;
    for (const rel of xml.match(/<Relationship\b[^>]*>/g) ?? []) {
      if (/TargetMode\s*=\s*["']External["']/i.test(rel) && !/Type\s*=\s*["'][^"']*\/hyperlink["']/i.test(rel)) return true;
    }
  }
  return false;
}

/** Whether an OpenDocument text fetches something from elsewhere when opened (a link set to load). */
export function odtLoadsRemoteContent(buf: Buffer, entries: ZipEntry[]): boolean {
  for (const entry of entries.filter((e) => e.name === 'content.xml' || e.name === 'styles.xml')) {
    const xml = readZipEntry(buf, entry)?.toString('utf8');
    if (xml === undefined) return true;
    for (const element of xml.match(/<[^>]*xlink:href\s*=\s*["'](?:https?|ftp|file|smb):[^>]*>/gi) ?? []) {
      if (/xlink:actuate\s*=\s*["']onLoad["']/i.test(element)) return true;
    }
  }
  return false;
}
