import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { QueryStatus } from '../../components/ui/query-status';
import { formatEuros } from '../../shared/money';
import { AUDIT_ACTION_LABELS, type AuditEntry } from '../../shared/api/staff';
import { frenchClock } from '../../shared/time';
import { auditChangeGroups, deviceTimeText } from '../audit-display';
import { staffAuditQuery } from '../team-api';
import { DayHeading } from './day-picker';
import styles from './team-page.module.css';

const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;

/** The audit trail of a day (admin), in the order it was written, filtered by who and what. */
export function AuditPage({ date }: { date: string }) {
  const audit = useQuery(staffAuditQuery(date));
  const [who, setWho] = useState('');
  const [what, setWhat] = useState('');
  const whoId = useId();
  const whatId = useId();
  return (
    <>
      <DayHeading title="Journal" date={date} />
      <QueryStatus query={audit} loading="Chargement du journal…" error="Impossible de charger le journal.">
        {(data) => {
          const people = [...new Set(data.entries.map((entry) => entry.staff ?? 'Système'))].sort();
          const actions = [...new Set(data.entries.map((entry) => entry.action))].sort();
          const shown = data.entries.filter((entry) => (!who || (entry.staff ?? 'Système') === who) && (!what || entry.action === what));
          return (
            <>
              <div className={styles.toolbar}>
                <label htmlFor={whoId} className={styles.search}>
                  Qui
                  <select id={whoId} value={who} onChange={(event) => setWho(event.target.value)}>
                    <option value="">Tout le monde</option>
                    {people.map((person) => (
                      <option key={person}>{person}</option>
                    ))}
                  </select>
                </label>
                <label htmlFor={whatId} className={styles.search}>
                  Action
                  <select id={whatId} value={what} onChange={(event) => setWhat(event.target.value)}>
                    <option value="">Toutes</option>
                    {actions.map((action) => (
                      <option key={action} value={action}>
                        {actionLabel(action)}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
              {shown.length === 0 ? (
                <p className={styles.empty}>{data.entries.length === 0 ? 'Aucune action ce jour-là.' : 'Aucune action ne correspond à ces filtres.'}</p>
              ) : (
                <div className={styles.tableWrap}>
                  <table className={`${styles.table} ${styles.stacked}`}>
                    <thead>
                      <tr>
                        <th scope="col">Heure</th>
                        <th scope="col">Ce qui a été fait</th>
                        <th scope="col">Montant</th>
                      </tr>
                    </thead>
                    <tbody>
                      {shown.map((entry) => (
                        <AuditRow key={entry.id} entry={entry} />
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </>
          );
        }}
      </QueryStatus>
    </>
  );
}

/** Past this many things changed (a catalog import), the list opens on demand. */
const CHANGES_SHOWN_OPEN = 3;

/** What a line changed, value by value: "Prix : 5,50 € → 0,01 €", by dish, day or member. */
function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { groups, omitted } = auditChangeGroups(entry);
  if (groups.length === 0) return null;
  const list = (
    <ul className={styles.changes}>
      {groups.map((group, index) => (
        <li key={index}>
          {group.subject ? <span className={styles.changeSubject}>{group.subject} : </span> : null}
          {group.lines.join(' ; ')}
        </li>
      ))}
      {omitted > 0 ? <li className={styles.muted}>… et {omitted} autres changements, non détaillés.</li> : null}
    </ul>
  );
  if (groups.length <= CHANGES_SHOWN_OPEN) return list;
  return (
    <details className={styles.changesMore}>
      <summary>{groups.length + omitted} changements</summary>
      {list}
    </details>
  );
}

/**
 * A line: its sentence first ("Alice a annulé la commande F2026-000015 de Julien R. : 21,40 €
 * remboursés sur la carte"), then what it changed value by value, and who by e-mail and what, in
 * small, for the filters.
 */
function AuditRow({ entry }: { entry: AuditEntry }) {
  const device = deviceTimeText(entry);
  return (
    <tr>
      <td>
        {frenchClock(new Date(entry.at))}
        {device ? <span className={styles.muted}> ({device})</span> : null}
      </td>
      <td>
        <span className={styles.auditText}>{entry.text}</span>
        <AuditChanges entry={entry} />
        <span className={`${styles.muted} ${styles.auditMeta}`}>
          {actionLabel(entry.action)} · {entry.staff ?? 'Système'}
        </span>
      </td>
      <td data-label="Montant">{entry.amount === null ? '—' : formatEuros(entry.amount)}</td>
    </tr>
  );
}
