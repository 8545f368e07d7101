import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { formatLongDate } from '../../lib/format';
import styles from './team-page.module.css';

/** The page's title with its day, and the day to show (kept in the address). */
export function DayHeading({ title, date }: { title: string; date: string }) {
  const navigate = useNavigate();
  const id = useId();
  return (
    <div className={styles.heading}>
      <h1>
        {title} <span className={styles.day}>du {formatLongDate(date)}</span>
      </h1>
      <label htmlFor={id} className={styles.dayField}>
        Jour
        <input
          id={id}
          type="date"
          value={date}
          required
          onChange={(event) => {
            if (/^\d{4}-\d{2}-\d{2}$/.test(event.target.value)) void navigate({ to: '.', search: { date: event.target.value } });
          }}
        />
      </label>
    </div>
  );
}
