import type { InflateBudget } from './inflate-budget';
import { readZipEntry, type ZipEntry } from './zip';

/**
 * PDF names that run something or carry another file: scripts, launched programs, embedded files,
 * forms that post or load data. A CV needs none of them.
 */
const ACTIVE_PDF_NAMES = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'XFA', 'SubmitForm', 'ImportData']);

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
 * (object streams hide dictionaries there), inflated within the file's budget: a file whose
 * streams inflate past it is too complex (TooComplexError), never passed unread.
 */
export async function pdfHasActiveContent(buf: Buffer, budget: InflateBudget): Promise<boolean> {
  const text = buf.toString('latin1');
  if (hasActiveName(text)) return true;
  let end = -1;
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    // The first 'endstream' past a start is the first past every start before it: looked for
    // once, not from each of thousands of starts to the end of the file.
    if (end < start) end = text.indexOf('endstream', start);
    if (end < 0) break;
    const content = await budget.inflate(buf.subarray(start, end), 'zlib');
    // null: not deflated (an image, raw data), or damaged: nothing to read in it.
    if (content && hasActiveName(content.toString('latin1'))) return true;
  }
  return false;
}

/**
 * Whether an OOXML document (.docx) loads something from elsewhere when opened: a relationship
 * whose target is external (a remote template, frame, object or sub-document). Hyperlinks are
 * external too, and harmless until clicked: they are allowed.
 */
export async function docxLoadsRemoteContent(buf: Buffer, entries: ZipEntry[], budget: InflateBudget): Promise<boolean> {
  for (const entry of entries.filter((e) => e.name.endsWith('.rels'))) {
    const xml = (await readZipEntry(buf, entry, budget))?.toString('utf8');
    if (xml === undefined) return true;
    // An element runs to the next '<' (none can stand in an attribute's value; a '>' can): one
    // pass over the text, where [^>]* went back over the rest of it from each unclosed tag.
    for (const [rel] of xml.matchAll(/<Relationship\b[^<]*/g)) {
      if (/TargetMode\s*=\s*["']External["']/i.test(rel) && !/Type\s*=\s*["'][^"']*\/hyperlink["']/i.test(rel)) return true;
    }
  }
  return false;
}

/** Whether an OpenDocument text fetches something from elsewhere when opened (a link set to load). */
export async function odtLoadsRemoteContent(buf: Buffer, entries: ZipEntry[], budget: InflateBudget): Promise<boolean> {
  for (const entry of entries.filter((e) => e.name === 'content.xml' || e.name === 'styles.xml')) {
    const xml = (await readZipEntry(buf, entry, budget))?.toString('utf8');
    if (xml === undefined) return true;
    for (const [element] of xml.matchAll(/<[^<]*/g)) {
      if (/xlink:href\s*=\s*["'](?:https?|ftp|file|smb):/i.test(element) && /xlink:actuate\s*=\s*["']onLoad["']/i.test(element)) return true;
    }
  }
  return false;
}
