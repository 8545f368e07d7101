import type { ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import type { FileType } from '#shared/api/contact';
import { watchUploadChecks } from '../../lib/metrics';
import { CHECK_TIME_LIMIT_MS } from './check-limits';
import { end, hand, next, putBack, take, warmSpare, type Outcome } from './upload-checkers';

/**
 * The outcome of one file's check, as keepFiles (uploads.ts) acts on it: `busy` when the file
 * could not be checked now (the queue full, its address holding its share, or a slow check with
 * no slow lane free): nothing is wrong with it, the sender tries again later.
 */
export type CheckVerdict = { type: FileType } | { refused: 'file_type' | 'too_complex' | 'busy' };

/*
 * Who checks what, when (docs/product/contact.md, "Checked within limits"). Every file starts in a
 * quick lane, in arrival order, and has QUICK_SLICE_MS there: a CV is judged in a few
 * milliseconds, the slowest file within the budget in a quarter of a second. A check still running
 * then goes on in a slow lane, up to CHECK_TIME_LIMIT_MS, and its quick lane goes to the next file.
 * So a file made to be slow holds the queue half a second, not five: twelve of them, from twelve
 * addresses, made an honest application wait 60 s for its turn, past the client's 20 s deadline.
 * The slow lanes are few, one address holds at most one, and a slow check finding none free is
 * ended and answered `busy` (503). The queue is bounded, and so is one address's share of it.
 */

/** Quick lanes: a core is left to the event loop (one lane on the 2-core machine). */
const QUICK_LANES = Math.max(1, availableParallelism() - 1);
/** Slow lanes, as many: together with the quick ones and the event loop, about two threads a core. */
const SLOW_LANES = QUICK_LANES;
/** A check's time in its quick lane: twice the slowest check within the inflate budget (0.25 s). */
export const QUICK_SLICE_MS = 500;
/**
 * Files waiting for a quick lane, all addresses together. A place costs at most a slice (a
 * process's start, 0.15 s, is taken while the file before runs): twelve places are about 6 s of
 * waiting, 10 s on a busy machine, half the client's deadline for a change.
 */
export const MAX_WAITING = 12 * QUICK_LANES;
/** One address's files waiting or being checked at once: one form's two files, or two forms of one. */
export const MAX_PER_ADDRESS = 2;
let quickRunning = 0;
let slowRunning = 0;
const waiting: (() => void)[] = [];
const inFlight = new Map<string, number>();
const slowAddresses = new Set<string>();

watchUploadChecks(() => ({ waiting: waiting.length, quick: quickRunning, slow: slowRunning }));

/** A quick lane: at once when one is free, else in arrival order. */
async function quickTurn(): Promise<void> {
  if (quickRunning < QUICK_LANES) {
    quickRunning++;
    return;
  }
  // leaveQuick() hands its lane straight to the first one waiting.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function leaveQuick(): void {
  const first = waiting.shift();
  if (first) first();
  else quickRunning--;
}

function admit(address: string): boolean {
  const mine = inFlight.get(address) ?? 0;
  if (mine >= MAX_PER_ADDRESS) return false;
  if (quickRunning >= QUICK_LANES && waiting.length >= MAX_WAITING) return false;
  inFlight.set(address, mine + 1);
  return true;
}

function leave(address: string): void {
  const mine = (inFlight.get(address) ?? 1) - 1;
  if (mine > 0) inFlight.set(address, mine);
  else inFlight.delete(address);
}

/** Resolves 'slice' after `ms`, unless `cancel` is called first. */
function sliceTimer(ms: number): { done: Promise<'slice'>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<'slice'>((resolve) => (timer = setTimeout(() => resolve('slice'), ms)));
  return { done, cancel: () => clearTimeout(timer) };
}

/**
 * Judges a received file by its content in a process of its own (upload-check-process.ts, started
 * by upload-checkers.ts, which says why a process), within the limits of check-limits.ts, in the
 * lanes described above; `address` is the sender's (the rate limits' reading of it). A check
 * still running after `timeLimitMs` is ended: its process is killed (awaited, so nothing of it
 * runs on) and the file refused as too complex.
 */
export async function checkUpload(path: string, { timeLimitMs = CHECK_TIME_LIMIT_MS, address = '' } = {}): Promise<CheckVerdict> {
  if (!admit(address)) return { refused: 'busy' };
  let lane: 'waiting' | 'quick' | 'slow' = 'waiting';
  let checker: ChildProcess | undefined;
  let keep = false;
  try {
    await quickTurn();
    lane = 'quick';
    checker = await take();
    // The next file's process loads while this one is checked: a slow file's process leaves the
    // lane at the end of its slice, and a process's start would add to every place in the queue.
    warmSpare();
    // The time limit runs from the hand-over, whichever lane the check ends in.
    const answered = next(checker, timeLimitMs);
    hand(checker, { path, timeLimitMs });
    let outcome: Outcome;
    if (timeLimitMs <= QUICK_SLICE_MS) outcome = await answered;
    else {
      const slice = sliceTimer(QUICK_SLICE_MS);
      const first = await Promise.race([answered, slice.done]).finally(slice.cancel);
      if (first !== 'slice') outcome = first;
      else if (slowRunning < SLOW_LANES && !slowAddresses.has(address)) {
        slowRunning++;
        slowAddresses.add(address);
        lane = 'slow';
        leaveQuick();
        outcome = await answered;
      } else {
        // No slow lane for it: ended now (the process's exit settles `answered`, unheard).
        answered.catch(() => undefined);
        return { refused: 'busy' };
      }
    }
    if (!('answer' in outcome)) return { refused: 'too_complex' };
    const { answer } = outcome;
    if (answer === 'ready' || 'failed' in answer) throw new Error(`The upload check failed: ${answer === 'ready' ? 'no answer' : answer.failed}`);
    keep = true;
    return answer;
  } finally {
    if (checker && keep) putBack(checker);
    else if (checker) await end(checker);
    if (lane === 'quick') leaveQuick();
    if (lane === 'slow') {
      slowRunning--;
      slowAddresses.delete(address);
    }
    leave(address);
  }
}
