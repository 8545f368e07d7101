import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import styles from './query-status.module.css';

interface QueryStatusProps<T> {
  query: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError' | 'failureCount' | 'refetch' | 'isFetching' | 'fetchStatus'>;
  /** 'Chargement des formules…' */
  loading: string;
  /** Said while the query waits for the network (offline, nothing kept): never an endless "Chargement…". */
  offline?: string;
  /** 'Impossible de charger les formules.' */
  error: string;
  children: (data: T) => ReactNode;
}

/** Loading, error-with-retry, or the data: the three states of every list the server gives. */
export function QueryStatus<T>({ query, loading, error, offline = 'Hors connexion : ceci s’affichera dès le retour du réseau.', children }: QueryStatusProps<T>) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.fetchStatus === 'paused') {
    return (
      <p className={styles.loading} role="status">
        {offline}
      </p>
    );
  }
  // A failed try is said at once, with the way to try again, not only after the automatic
  // retries (some 30 s of a hanging connection): the retry under way shows as the button's wait.
  if (query.isError || query.failureCount > 0) {
    return (
      <Alert className={styles.error}>
        <p>{error} Vérifiez votre connexion puis réessayez.</p>
        {/* Busy for the customer's own try, not while the automatic ones go on: pressing it then starts afresh. */}
        <Button variant="secondary" size="sm" busy={query.isFetching && query.failureCount === 0} onClick={() => void query.refetch()}>
          Réessayer
        </Button>
      </Alert>
    );
  }
  return (
    <p className={styles.loading} role="status">
      <span className={styles.dot} aria-hidden="true" />
      {loading}
    </p>
  );
}
