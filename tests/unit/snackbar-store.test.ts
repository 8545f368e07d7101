import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify, snackbars } from '../../src/lib/snackbar-store';

beforeEach(() => {
  vi.useFakeTimers();
  snackbars.queue.splice(0);
});
afterEach(() => vi.useRealTimers());

describe('snackbar queue', () => {
  it('queues first item first, with the info type by default', () => {
    notify({ title: 'Un', message: 'premier' });
    notify({ title: 'Deux', message: 'second', type: 'error' });
    expect(snackbars.queue.map((s) => [s.title, s.type])).toEqual([
      ['Un', 'info'],
      ['Deux', 'error'],
    ]);
  });

  it('ignores a snackbar without a message', () => {
    notify({ title: 'Titre seul' });
    notify({ title: 'Blanc', message: '   ' });
    expect(snackbars.queue).toHaveLength(0);
  });

  it('shows the same title and message only once at a time', () => {
    notify({ title: 'Paiement refusé', message: 'Le paiement a été refusé.' });
    notify({ title: 'Paiement refusé', message: 'Le paiement a été refusé.' });
    expect(snackbars.queue).toHaveLength(1);
    notify({ title: 'Paiement refusé', message: 'Autre message' });
    expect(snackbars.queue).toHaveLength(2);
  });

  it('removes each snackbar after 3100 ms', () => {
    notify({ title: 'A', message: 'a' });
    vi.advanceTimersByTime(3099);
    expect(snackbars.queue).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(snackbars.queue).toHaveLength(0);
    notify({ title: 'A', message: 'a' });
    expect(snackbars.queue).toHaveLength(1);
  });
});
