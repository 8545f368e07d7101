import { sniffFileType, type FileType } from '#shared/api/contact';
import { docxLoadsRemoteContent, odtLoadsRemoteContent, pdfHasActiveContent } from './active-content';
import { InflateBudget } from './inflate-budget';
import { zipEntries } from './zip';

const OLE_FREE = 0xffffffff;
const OLE_END_OF_CHAIN = 0xfffffffe;

/**
 * Whether an OLE2 compound file holds a Word document: its directory (followed through the FAT)
 * has a 'WordDocument' stream. An installer (.msi), a spreadsheet or a mail (.msg) has none.
 */
function isWordCompoundFile(buf: Buffer): boolean {
  if (buf.length < 512) return false;
  const sectorShift = buf.readUInt16LE(0x1e);
  if (sectorShift !== 9 && sectorShift !== 12) return false;
  const sectorSize = 1 << sectorShift;
  const sectorOffset = (n: number) => (n + 1) * sectorSize;
  // Files of 5 MB at most: the 109 FAT sector numbers of the header are enough.
  const fatSectors: number[] = [];
  const fatCount = Math.min(buf.readUInt32LE(0x2c), 109);
  for (let i = 0; i < fatCount; i++) fatSectors.push(buf.readUInt32LE(0x4c + i * 4));
  const next = (sector: number): number => {
    const perSector = sectorSize / 4;
    const fatSector = fatSectors[Math.floor(sector / perSector)];
    if (fatSector === undefined || fatSector >= OLE_END_OF_CHAIN) return OLE_END_OF_CHAIN;
    const at = sectorOffset(fatSector) + (sector % perSector) * 4;
    return at + 4 <= buf.length ? buf.readUInt32LE(at) : OLE_END_OF_CHAIN;
  };
  const seen = new Set<number>();
  for (let sector = buf.readUInt32LE(0x30); sector < OLE_END_OF_CHAIN && sector !== OLE_FREE && !seen.has(sector); sector = next(sector)) {
    seen.add(sector);
    const start = sectorOffset(sector);
    if (start + sectorSize > buf.length) return false;
    for (let entry = start; entry < start + sectorSize; entry += 128) {
      const nameBytes = Math.min(buf.readUInt16LE(entry + 64), 64);
      const name = buf.toString('utf16le', entry, entry + Math.max(nameBytes - 2, 0));
      // Object type 2: a stream.
      if (name === 'WordDocument' && buf[entry + 66] === 2) return true;
    }
  }
  return false;
}

/** An OpenDocument text: its first entry is 'mimetype', stored, holding the text document's type. */
function isOdt(buf: Buffer, names: string[]): boolean {
  const mime = 'application/vnd.oasis.opendocument.text';
  if (buf.length < 30 + 8 + mime.length) return false;
  const nameLength = buf.readUInt16LE(26);
  const extraLength = buf.readUInt16LE(28);
  const start = 30 + nameLength + extraLength;
  return (
    buf.toString('utf8', 30, 30 + nameLength) === 'mimetype' &&
    buf.readUInt16LE(8) === 0 &&
    buf.toString('utf8', start, start + mime.length) === mime &&
    names.includes('content.xml')
  );
}

/**
 * The allowed type a file's content shows, or null (docs/product/contact.md: the allowed types are not shown to
 * the visitor, they are decided here): PDF without active content, JPEG, PNG, Word .doc (OLE2 with
 * a WordDocument stream), .docx (OOXML word document without macros or remote content) and .odt
 * (without remote content). A renamed executable, an archive, a macro document, a PDF with a
 * script, a document loading a remote template, a spreadsheet or an installer is refused.
 * Throws TooComplexError when the file passes a limit of check-limits.ts: it runs in the upload
 * check's own process (upload-check-process.ts), never in the server's.
 */
export async function detectFileType(buf: Buffer, budget = new InflateBudget()): Promise<FileType | null> {
  const sniffed = sniffFileType(buf.subarray(0, 16));
  switch (sniffed) {
    case 'pdf':
      return (await pdfHasActiveContent(buf, budget)) ? null : 'pdf';
    case 'jpeg':
    case 'png':
      return sniffed;
    case 'ole':
      return isWordCompoundFile(buf) ? 'doc' : null;
    case 'zip': {
      const entries = zipEntries(buf);
      if (!entries) return null;
      const names = entries.map((e) => e.name);
      if (names.includes('[Content_Types].xml') && names.includes('word/document.xml')) {
        return names.some((n) => /vbaProject\.bin$/i.test(n)) || (await docxLoadsRemoteContent(buf, entries, budget)) ? null : 'docx';
      }
      return isOdt(buf, names) && !(await odtLoadsRemoteContent(buf, entries, budget)) ? 'odt' : null;
    }
    default:
      return null;
  }
}
