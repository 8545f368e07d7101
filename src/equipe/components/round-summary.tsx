import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { OfflineReason } from '../../components/ui/offline-reason';
import { useOnline } from '../../lib/connection-store';
import { plural } from '../../lib/format';
import { formatEuros } from '../../shared/money';
import type { Round } from '../../shared/api/courier-round';
import type { RoundTally } from '../round/round-display';
import { useCloseRound } from '../round/round-queries';
import styles from './round-page.module.css';

/**
 * The end of the round: expected against received (as shown, this phone's pending actions
 * included), and the closing, online only, once everything is sent and every bag has an outcome,
 * after a confirmation.
 */
export function RoundSummary({ round, tally, pending }: { round: Round; tally: RoundTally; pending: number }) {
  const online = useOnline();
  const close = useCloseRound(round.tour_id, round.date);
  const [confirming, setConfirming] = useState(false);
  const confirmId = useId();
  const closed = round.closed_at !== null;
  const blocker = !online
    ? null
    : pending > 0
      ? `Impossible de clore tant que des actions attendent d’être envoyées (${plural(pending, 'action', 'actions')}).`
      : tally.undecided > 0
        ? `Impossible de clore : ${plural(tally.undecided, 'sac n’a', 'sacs n’ont')} ni « Remis » ni « Absent ».`
        : null;
  const ask = () => {
    setConfirming(true);
    // The question's first answer takes the focus: a keyboard or a screen reader lands on it.
    requestAnimationFrame(() => document.getElementById(confirmId)?.focus());
  };
  return (
    <section className={styles.summary} aria-labelledby="round-summary">
      <h2 id="round-summary">Bilan de la tournée</h2>
      <table className={styles.tally}>
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">Attendu</th>
            <th scope="col">Reçu</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Titres papier</th>
            <td>
              {plural(tally.vouchersExpected.count, 'titre', 'titres')}, {formatEuros(tally.vouchersExpected.cents)}
            </td>
            <td>
              {plural(tally.vouchersReceived.count, 'titre', 'titres')}, {formatEuros(tally.vouchersReceived.cents)}
            </td>
          </tr>
          <tr>
            <th scope="row">Contenants</th>
            <td>{tally.containersExpected}</td>
            <td>{tally.containersReceived}</td>
          </tr>
          <tr>
            <th scope="row">Sacs</th>
            <td>{tally.bags}</td>
            <td>{plural(tally.handedOver, 'remis', 'remis')}</td>
          </tr>
        </tbody>
      </table>
      <p>
        Sacs non remis : {tally.bags - tally.handedOver}
        {tally.absent > 0 || tally.undecided > 0 ? ` (${plural(tally.absent, 'absent', 'absents')}, ${tally.undecided} sans issue)` : ''}.
      </p>
      {closed ? null : (
        <>
          <OfflineReason offline={!online} />
          {blocker && (
            <p className={styles.blocker} role="note">
              {blocker}
            </p>
          )}
          {close.error && (
            <p className={styles.error} role="alert">
              {close.error.message}
            </p>
          )}
          {!confirming ? (
            <Button onClick={ask} disabled={!online || blocker !== null}>
              Clore la tournée
            </Button>
          ) : (
            <div className={styles.confirm} role="group" aria-labelledby="round-confirm">
              <p id="round-confirm">
                Clore {round.name} ? Les sacs deviennent livrés ou absents, l’argent est réglé, et plus aucune action ne sera possible.
              </p>
              <div className={styles.actions}>
                <Button id={confirmId} busy={close.isPending} disabled={!online || blocker !== null} onClick={() => close.mutate(undefined, { onSettled: () => setConfirming(false) })}>
                  Oui, clore la tournée
                </Button>
                <Button variant="ghost" onClick={() => setConfirming(false)}>
                  Non, revenir
                </Button>
              </div>
            </div>
          )}
        </>
      )}
    </section>
  );
}
