import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { PROGRESS_BAR } from '../../../shared/constants';
import styles from './progress-bar.module.css';

/** The thin navigation progress bar: appears when a navigation lasts over 200 ms, fills in 5 s. */
export function ProgressBar() {
  const loading = useRouterState({ select: (s) => s.status === 'pending' });
  const [delayed, setDelayed] = useState(false);

  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setDelayed(true), PROGRESS_BAR.throttleMs);
    return () => {
      clearTimeout(timer);
      setDelayed(false);
    };
  }, [loading]);

  if (!loading || !delayed) return null;
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label="Chargement de la page"
      style={{ animationDuration: `${PROGRESS_BAR.durationMs}ms` }}
    />
  );
}
