/**
 * What checking one uploaded file may cost (docs/product/contact.md). An upload is anonymous and
 * its check reads what the file says of itself (a ZIP's directory, a PDF's streams), so each way a
 * file can make the check work harder has a bound; a file that reaches one cannot be judged and is
 * refused. A CV never comes near them.
 */

/**
 * Bytes inflated in all for one file, PDF streams and ZIP entries together, a stream that fails or
 * passes the limit counting what it inflated: six times the largest file, about a quarter of a
 * second to inflate and search on the 2-core machine.
 */
export const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

/**
 * Entries of a .docx or .odt: a CV has a few dozen (a hundred with many pictures); the directory
 * may claim 65,535, each one work for the check.
 */
export const MAX_ZIP_ENTRIES = 1000;

/**
 * Time of one file's check in its process, from the moment it is handed over: the slowest honest
 * check, a file inflating right up to MAX_INFLATED_BYTES, takes about 0.25 s on the 2-core machine.
 * Past this the process is killed and the file refused.
 */
export const CHECK_TIME_LIMIT_MS = 5000;

/** Heap of a check's process (--max-old-space-size): one at the end of its inflated bytes peaks around 40 MB. */
export const CHECK_HEAP_MB = 128;

/** A file whose check reached one of these limits: refused as too complex to judge. */
export class TooComplexError extends Error {
  constructor(limit: string) {
    super(`upload check limit reached: ${limit}`);
  }
}
