import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { formatLongDate } from '../../lib/format';
import { addDays, isCalendarDate } from '../../shared/time';
import styles from './team-page.module.css';

/** '30/11/2026' for '2026-11-30': the French way, whatever the browser's own language. */
export const frenchDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** '30/11/2026', '30/11' (this year) or '30-11-2026' back to '2026-11-30'; null when it is no day. */
export function parseFrenchDay(text: string, year: string): string | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{4}))?\s*$/.exec(text);
  if (!m) return null;
  const iso = `${m[3] ?? year}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

/** While the team's working day is asked of the server. */
export function DayLoading() {
  return <p className={styles.muted}>Chargement du jour…</p>;
}

/**
 * The page's title with its day, and the day to show (kept in the address): the day before and
 * the next one a tap away, or a day typed in French ("30/11/2026": a date field would show the
 * browser's own format, "11/30/2026" in an English browser).
 */
export function DayHeading({ title, date }: { title: string; date: string }) {
  const navigate = useNavigate();
  const id = useId();
  const [typed, setTyped] = useState<string | null>(null);
  const [wrong, setWrong] = useState(false);
  const go = (event: FormEvent) => {
    event.preventDefault();
    const iso = parseFrenchDay(typed ?? frenchDay(date), date.slice(0, 4));
    setWrong(iso === null);
    if (iso === null) return;
    setTyped(null);
    if (iso !== date) void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, date: iso }) });
  };
  return (
    <div className={styles.heading}>
      <h1>
        {title} <span className={styles.day}>du {formatLongDate(date)}</span>
      </h1>
      <div className={styles.dayNav}>
        <Link to="." search={(prev: Record<string, unknown>) => ({ ...prev, date: addDays(date, -1) })} className={styles.dayStep} aria-label={`Jour précédent : ${formatLongDate(addDays(date, -1))}`}>
          ‹ Veille
        </Link>
        <form onSubmit={go} className={styles.dayField}>
          <label htmlFor={id}>Jour</label>
          <input
            id={id}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="jj/mm/aaaa"
            aria-invalid={wrong || undefined}
            aria-describedby={wrong ? `${id}-wrong` : undefined}
            value={typed ?? frenchDay(date)}
            onChange={(event) => setTyped(event.target.value)}
            onBlur={go}
          />
          {wrong && (
            <span id={`${id}-wrong`} className={styles.dayWrong}>
              Un jour au format jj/mm/aaaa.
            </span>
          )}
        </form>
        <Link to="." search={(prev: Record<string, unknown>) => ({ ...prev, date: addDays(date, 1) })} className={styles.dayStep} aria-label={`Jour suivant : ${formatLongDate(addDays(date, 1))}`}>
          Lendemain ›
        </Link>
      </div>
    </div>
  );
}
