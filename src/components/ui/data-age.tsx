import type { QueryKey } from '@tanstack/react-query';
import { useOnline } from '../../lib/connection-store';
import { formatDataAge } from '../../lib/format';
import { servedAt } from '../../lib/served-at';
import styles from './offline-reason.module.css';

interface DataAgeProps {
  /** 'Menus', 'Points de livraison'… (masculine plural: 'enregistrés' follows). */
  label: string;
  query: { queryKey: QueryKey; dataUpdatedAt: number };
}

/** Offline, how old the copy shown is: 'Menus enregistrés le jeudi 12 novembre à 10 h 42, il y a 2 h'. */
export function DataAge({ label, query }: DataAgeProps) {
  const online = useOnline();
  if (online || !query.dataUpdatedAt) return null;
  return (
    <p className={styles.reason} role="note" data-testid="data-age">
      {formatDataAge(label, new Date(servedAt(query.queryKey, query.dataUpdatedAt)))}
    </p>
  );
}
