import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { OfflineReason } from '../../components/ui/offline-reason';
import { QueryStatus } from '../../components/ui/query-status';
import { useOnline } from '../../lib/connection-store';
import { formatShortDateTime } from '../../lib/format';
import { notify } from '../../lib/snackbar-store';
import { ORDER_STATE_LABELS } from '../../shared/api/staff';
import { CLOSING_MEANS_LABELS, type Closing, type ClosingRate } from '../../shared/api/staff-closing';
import { formatEuros } from '../../shared/money';
import { formatRate } from '../../shared/vat-rate';
import { closingCsvHref, closingQuery, useCloseDay } from '../closing-api';
import { DayHeading, frenchDay, parseFrenchDay } from './day-picker';
import forms from './team-forms.module.css';
import page from './team-page.module.css';
import styles from './closing-page.module.css';
import { useTeamNews } from '../team-news';

/** The day's closing for an admin: the figures, their check, the CSV, closing the day. */
export function ClosingPage({ date }: { date: string }) {
  const closing = useQuery(closingQuery(date));
  useTeamNews(date);
  return (
    <>
      <DayHeading title="Clôture" date={date} />
      <QueryStatus query={closing} loading="Calcul de la clôture…" error="Impossible de calculer la clôture de ce jour.">
        {(figures) => <Figures closing={figures} />}
      </QueryStatus>
      <Exports date={date} />
    </>
  );
}

function Figures({ closing }: { closing: Closing }) {
  const empty = closing.invoices.count === 0 && closing.credit_notes.count === 0;
  return (
    <>
      <CloseStatus closing={closing} />
      {closing.check.ok ? (
        <p className={styles.ok} role="status">
          Les totaux concordent avec les factures et les avoirs du jour, au centime.
        </p>
      ) : (
        <Alert>
          <p>Les totaux ne concordent pas avec les documents : prévenez la personne qui tient la comptabilité.</p>
          <ul>
            {closing.check.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      )}
      {empty ? <p className={page.empty}>Aucune facture ni aucun avoir ce jour-là.</p> : null}
      <div className={styles.grid}>
        <Section title={`Ventes (${closing.invoices.count} ${closing.invoices.count > 1 ? 'factures' : 'facture'})`}>
          <RatesTable rates={closing.sales.rates} total={{ base: closing.sales.base, vat: closing.sales.vat, total: closing.sales.total }} />
          <Amounts
            rows={[
              ['Remises accordées (incluses)', closing.discounts],
              ['Consignes prises (hors TVA)', closing.deposits.taken],
              ['Consignes rendues (hors TVA)', -closing.deposits.returned],
              ['Total des factures', closing.invoices.total],
            ]}
          />
        </Section>
        <Section title="Moyens de paiement">
          <Amounts rows={[...closing.means.map((m) => [CLOSING_MEANS_LABELS[m.means], m.amount] as [string, number]), ['Total', closing.means.reduce((n, m) => n + m.amount, 0)]]} />
          {closing.invoices.free ? <p className={page.muted}>Dont {closing.invoices.free} commande(s) gratuite(s).</p> : null}
        </Section>
        <Section title="Titres-restaurant papier">
          <Amounts
            rows={[
              ['Déclarés', closing.paper_vouchers.declared],
              ['Reçus par le livreur', closing.paper_vouchers.received],
              ['Manquants', closing.paper_vouchers.missing],
            ]}
          />
          <Owed title="Déclarés, pas (tous) reçus" rows={closing.paper_vouchers.not_received} empty={noneMissing(closing.paper_vouchers)} />
        </Section>
        <Section title={`Avoirs (${closing.credit_notes.count})`}>
          {closing.credit_notes.count ? (
            <>
              <RatesTable rates={closing.credit_notes.rates} total={null} />
              <Amounts
                rows={[
                  ['Consignes rendues par avoir', closing.credit_notes.deposits],
                  ['Total des avoirs', closing.credit_notes.total],
                  ...closing.refunds.map((r) => [`Remboursé : ${CLOSING_MEANS_LABELS[r.means]}${r.pending ? ` (dont ${formatEuros(r.pending)} en attente)` : ''}`, r.amount] as [string, number]),
                ]}
              />
            </>
          ) : (
            <p className={page.muted}>Aucun avoir ce jour-là.</p>
          )}
        </Section>
        <Section title="Reste dû après livraison">
          <Owed title="Commandes livrées ce jour avec un reste à régler" rows={closing.balances_due} empty="Aucun reste dû." />
        </Section>
      </div>
    </>
  );
}

/**
 * Nothing missing, said truthfully: when fewer came than were declared with none missing order by
 * order, the difference was declared on orders cancelled or refunded since (nobody brings those).
 */
function noneMissing({ declared, received }: Closing['paper_vouchers']): string {
  if (received >= declared) return 'Tous les titres déclarés ont été reçus.';
  return `Aucun titre manquant : les ${formatEuros(declared - received)} d’écart étaient déclarés sur des commandes annulées ou remboursées, leurs titres ne sont plus attendus.`;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function RatesTable({ rates, total }: { rates: ClosingRate[]; total: { base: number; vat: number; total: number } | null }) {
  if (!rates.length) return <p className={page.muted}>Aucune vente.</p>;
  return (
    <div className={page.tableWrap}>
      <table className={page.table}>
        <thead>
          <tr>
            <th scope="col">Taux de TVA</th>
            <th scope="col">HT</th>
            <th scope="col">TVA</th>
            <th scope="col">TTC</th>
          </tr>
        </thead>
        <tbody>
          {rates.map((r) => (
            <tr key={r.rate_bp}>
              <th scope="row">{formatRate(r.rate_bp)}</th>
              <td>{formatEuros(r.base)}</td>
              <td>{formatEuros(r.vat)}</td>
              <td>{formatEuros(r.total)}</td>
            </tr>
          ))}
        </tbody>
        {total ? (
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{formatEuros(total.base)}</td>
              <td>{formatEuros(total.vat)}</td>
              <td>{formatEuros(total.total)}</td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

function Amounts({ rows }: { rows: [string, number][] }) {
  return (
    <dl className={styles.amounts}>
      {rows.map(([label, cents]) => (
        <div key={label} data-total={label.startsWith('Total') ? '' : undefined}>
          <dt>{label}</dt>
          <dd>{formatEuros(cents)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Owed({ title, rows, empty }: { title: string; rows: Closing['balances_due']; empty: string }) {
  if (!rows.length) return <p className={page.muted}>{empty}</p>;
  return (
    <>
      <h3 className={styles.subtitle}>{title}</h3>
      <ul className={styles.owed}>
        {rows.map((row) => (
          <li key={row.order_id}>
            {row.invoice_number} · {row.customer} : <strong>{formatEuros(row.amount)}</strong>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Closed (by whom, when), or the button to close it, which says why it waits. */
function CloseStatus({ closing }: { closing: Closing }) {
  const online = useOnline();
  const [asking, setAsking] = useState(false);
  const close = useCloseDay(closing.date);
  if (closing.closed_at) {
    return (
      <p className={styles.closed} role="status">
        Journée close le {formatShortDateTime(new Date(closing.closed_at))}
        {closing.closed_by ? ` par ${closing.closed_by}` : ''} : ses chiffres sont figés ; un remboursement plus tard compte le jour où il est fait.
      </p>
    );
  }
  return (
    <div className={styles.closeBar}>
      <Button onClick={() => setAsking(true)} disabled={!online}>
        Clore la journée
      </Button>
      <span className={page.muted}>Une journée se clôt une fois finie, à partir du lendemain.</span>
      <OfflineReason offline={!online} />
      {asking ? (
        <Dialog open title="Clore la journée ?" onClose={() => setAsking(false)} dismissible={!close.isPending}>
          <div className={forms.form}>
            <p>Les chiffres de ce jour seront figés tels qu’ils sont affichés. Un remboursement fait plus tard comptera le jour où il sera fait.</p>
            <Undelivered rows={closing.undelivered} />
            {close.error ? <Alert>{close.error.message}</Alert> : null}
            <div className={forms.actions}>
              <Button variant="ghost" onClick={() => setAsking(false)} disabled={close.isPending}>
                Ne pas clore
              </Button>
              <Button
                busy={close.isPending}
                disabled={!online}
                onClick={() =>
                  close.mutate(
                    // The warning above was read: closing knowing those deliveries are not done.
                    { undelivered: closing.undelivered.length > 0 },
                    {
                      onSuccess: () => {
                        setAsking(false);
                        notify({ title: 'Journée close', message: 'Ses chiffres sont figés.', type: 'success' });
                      },
                    },
                  )
                }
              >
                Clore et figer
              </Button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}

/** The day's deliveries not done yet: closing freezes the day without them, so it says which first. */
function Undelivered({ rows }: { rows: Closing['undelivered'] }) {
  if (!rows.length) return null;
  return (
    <Alert>
      <p>
        <strong>{rows.length > 1 ? `${rows.length} commandes de ce jour ne sont pas livrées` : 'Une commande de ce jour n’est pas livrée'}</strong> (ni livrée, ni client absent, ni annulée) :
      </p>
      <ul>
        {rows.map((row) => (
          <li key={row.order_id}>
            {row.invoice_number} · {row.customer} : {ORDER_STATE_LABELS[row.state]}
          </li>
        ))}
      </ul>
      <p>Vérifiez leur tournée avant de clore : une fois la journée close, ses chiffres ne changent plus.</p>
    </Alert>
  );
}

/** The CSV of the day, or of a period (for the accountant). */
function Exports({ date }: { date: string }) {
  const fromId = useId();
  const toId = useId();
  // Typed in French (jj/mm/aaaa): a date field would show the browser's own format ("11/30/2026").
  const [fromText, setFrom] = useState(frenchDay(`${date.slice(0, 8)}01`));
  const [toText, setTo] = useState(frenchDay(date));
  const from = parseFrenchDay(fromText, date.slice(0, 4));
  const to = parseFrenchDay(toText, date.slice(0, 4));
  const valid = from !== null && to !== null && from <= to;
  return (
    <section className={styles.section}>
      <h2>Export pour la comptabilité</h2>
      <p>Une ligne par facture et par avoir, séparateur point-virgule, lisible par un tableur.</p>
      <p>
        <a href={closingCsvHref({ date })} download data-router="ignore">
          Télécharger le CSV du jour
        </a>
      </p>
      <div className={page.toolbar}>
        <label htmlFor={fromId} className={page.dayField}>
          Du
          <input id={fromId} type="text" inputMode="numeric" autoComplete="off" placeholder="jj/mm/aaaa" aria-invalid={from === null || undefined} value={fromText} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label htmlFor={toId} className={page.dayField}>
          Au
          <input id={toId} type="text" inputMode="numeric" autoComplete="off" placeholder="jj/mm/aaaa" aria-invalid={to === null || undefined} value={toText} onChange={(event) => setTo(event.target.value)} />
        </label>
        {valid ? (
          <a className={styles.periodLink} href={closingCsvHref({ from, to })} download data-router="ignore">
            Télécharger le CSV de la période
          </a>
        ) : (
          <span className={page.muted}>{from === null || to === null ? 'Deux jours au format jj/mm/aaaa.' : 'Choisissez une période dont le début précède la fin.'}</span>
        )}
      </div>
    </section>
  );
}
