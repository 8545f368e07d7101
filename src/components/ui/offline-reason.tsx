import { OFFLINE_REASON } from '../../lib/connection-store';
import styles from './offline-reason.module.css';

/** Said next to an action disabled for lack of network (docs/offline.md, "Online only"). */
export function OfflineReason({ offline, children = OFFLINE_REASON }: { offline: boolean; children?: string }) {
  return offline ? (
    <p className={styles.reason} role="note">
      {children}
    </p>
  ) : null;
}
