import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { StaffMe } from '../../shared/api/staff';
import { keptIdentity } from './kept-identity';
import type { OutboxMode } from './outbox';
import { setRoundBusy } from './round-activity';
import { keepSending, roundSender } from './round-sync';

const NO_ENTRIES = [] as const;
const IDLE = { sending: false, failures: 0, problem: null, nextTry: null, stopped: null };
const OPENING = (): OutboxMode => 'opening';

/**
 * The round page's hold on the outbox: its entries and the sending's state, kept current, and the
 * sending started while the page is open. Nothing before hydration (the server has no outbox).
 */
export function useRoundOutbox() {
  const queryClient = useQueryClient();
  const [sender] = useState(() =>
    typeof window === 'undefined'
      ? null
      : roundSender(
          () => void queryClient.invalidateQueries({ queryKey: ['staff', 'round'] }),
          () => void queryClient.invalidateQueries({ queryKey: ['staff', 'me'] }),
          // Who is logged in as the app last knew it (the kept identity when the storage allows).
          () => {
            const me = queryClient.getQueryData<StaffMe | null>(['staff', 'me']) ?? keptIdentity();
            return me && !me.pending ? { id: me.id, name: me.name } : null;
          },
        ),
  );
  useEffect(() => {
    if (!sender) return;
    void sender.outbox.ready();
    return keepSending(sender);
  }, [sender]);
  const entries = useSyncExternalStore(sender?.outbox.subscribe ?? noSubscribe, sender?.outbox.snapshot ?? (() => NO_ENTRIES), () => NO_ENTRIES);
  const state = useSyncExternalStore(sender?.subscribe ?? noSubscribe, sender?.snapshot ?? (() => IDLE), () => IDLE);
  // Where the actions are kept: the page says so before the first tap when the phone refuses.
  const mode = useSyncExternalStore(sender?.outbox.subscribe ?? noSubscribe, sender?.outbox.modeSnapshot ?? OPENING, OPENING);
  // The team's new-version notice waits while a tap is on its way (src/equipe/round/round-activity.ts).
  const busy = entries.length > 0 || state.sending;
  useEffect(() => {
    setRoundBusy(busy);
    return () => setRoundBusy(false);
  }, [busy]);
  return { sender, entries, state, mode };
}

const noSubscribe = () => () => {};

/** The time now, again every `ms`: ages on screen ("depuis 4 min") move on their own. */
export function useNow(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
