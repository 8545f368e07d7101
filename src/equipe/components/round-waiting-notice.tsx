import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { waitingNotice, type KeptEvent } from '../round/outbox-rules';

/**
 * Above the team's login when the courier's actions wait on this phone (a session that ended, 12 h
 * after the login, in the middle of a round): says the session ended, how many actions wait and
 * whose, and that they leave once logged in again. Nothing when none wait.
 */
export function RoundWaitingNotice() {
  const [waiting, setWaiting] = useState<readonly KeptEvent[]>([]);
  useEffect(() => {
    let left = false;
    // The round's outbox, read only here: the login's page need not carry it otherwise.
    void import('../round/outbox').then(async ({ unsentEntries }) => {
      const entries = await unsentEntries();
      if (!left) setWaiting(entries);
    });
    return () => {
      left = true;
    };
  }, []);
  const text = waitingNotice(waiting);
  if (!text) return null;
  return (
    <div data-testid="round-waiting-login">
      <Alert tone="info">{text}</Alert>
    </div>
  );
}
