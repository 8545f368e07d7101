import { MAX_ZIP_ENTRIES, TooComplexError } from './check-limits';
import type { InflateBudget } from './inflate-budget';

/*
 * Hand-written rather than a ZIP library: the check needs the central directory as the file
 * states it (to refuse what a library would quietly accept or repair: entries sharing or
 * overlapping one another's bytes, more entries than a document has) and every entry it inflates
 * counted against one budget per file, failures included. The readers on npm (yauzl, fflate…)
 * inflate each entry on its own terms, and `file-type` only names a container from its first
 * entries, so the same guarantees would be rebuilt around them anyway.
 */

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
  /** Where its compressed bytes start (past its local header). */
  dataStart: number;
}

const LOCAL_HEADER = 0x04034b50;

/**
 * A ZIP archive's entries, read from its central directory (null: not a readable ZIP, or one
 * whose entries share or overlap one another's bytes, as no writer makes them but a ZIP bomb
 * does to have one stream inflated many times). More than MAX_ZIP_ENTRIES is too complex.
 */
export function zipEntries(buf: Buffer): ZipEntry[] | null {
  const EOCD = 0x06054b50;
  const minEocd = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= minEocd; i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = buf.readUInt16LE(eocd + 10);
  if (count > MAX_ZIP_ENTRIES) throw new TooComplexError('zip entries');
  let at = buf.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const localHeaderOffset = buf.readUInt32LE(at + 42);
    if (localHeaderOffset + 30 > buf.length || buf.readUInt32LE(localHeaderOffset) !== LOCAL_HEADER) return null;
    entries.push({
      name: buf.toString('utf8', at + 46, at + 46 + nameLength),
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      localHeaderOffset,
      dataStart: localHeaderOffset + 30 + buf.readUInt16LE(localHeaderOffset + 26) + buf.readUInt16LE(localHeaderOffset + 28),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return ownBytes(entries) ? entries : null;
}

/** Whether each entry's header and data end before the next entry's local header begins. */
function ownBytes(entries: ZipEntry[]): boolean {
  const byOffset = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  for (let i = 1; i < byOffset.length; i++) {
    const previous = byOffset[i - 1]!;
    if (byOffset[i]!.localHeaderOffset < previous.dataStart + previous.compressedSize) return false;
  }
  return true;
}

/**
 * An entry's content (stored, or deflated and inflated within the file's budget); null when it
 * cannot be read (another compression, damaged data). Throws TooComplexError once the budget is
 * spent.
 */
export async function readZipEntry(buf: Buffer, entry: ZipEntry, budget: InflateBudget): Promise<Buffer | null> {
  const data = buf.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method === 0) return data;
  if (entry.method !== 8) return null;
  return budget.inflate(data, 'raw');
}
