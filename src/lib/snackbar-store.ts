import { proxy } from 'valtio';
import { SNACKBAR_LIFETIME_MS } from '../shared/constants';

export type SnackbarType = 'success' | 'error' | 'info';
export interface Snackbar {
  id: number;
  title: string;
  message: string;
  type: SnackbarType;
  timestamp: number;
}

export const snackbars = proxy({ queue: [] as Snackbar[] });
let nextId = 1;

/**
 * Queues a notice: ignored without a message, shown once while the same title and
 * message are queued, removed after 3100 ms. The queue shows first item first.
 */
export function notify(input: { title?: string; message?: string | null; type?: SnackbarType }, lifetimeMs = SNACKBAR_LIFETIME_MS) {
  const message = input.message?.trim();
  if (!message) return;
  const title = input.title ?? '';
  if (snackbars.queue.some((s) => s.title === title && s.message === message)) return;
  const item: Snackbar = { id: nextId++, title, message, type: input.type ?? 'info', timestamp: Date.now() };
  snackbars.queue.push(item);
  setTimeout(() => dismiss(item.id), lifetimeMs);
}

export function dismiss(id: number) {
  const index = snackbars.queue.findIndex((s) => s.id === id);
  if (index >= 0) snackbars.queue.splice(index, 1);
}
