import type { Delivery } from '../../../shared/api/delivery';
import type { LatLng } from '../../../shared/geo';
import { clearSearchResult } from '../delivery-search-store';
import { widgetParts } from '../search-rules';
import { DeliverySearch } from './delivery-search';
import styles from './delivery-widget.module.css';

interface DeliveryWidgetProps {
  mode: 'show' | 'hide' | 'smart';
  intent: 'form' | 'trigger';
  delivery: Delivery | null;
  center: LatLng;
  /** Opens the delivery selector (after a search, or from the select button). */
  onOpenSelector: () => void;
  /** Trigger intent: the search field's focus may open the delivery suggestion. */
  onSuggest?: () => void;
  compact?: boolean;
}

/** The delivery search widget with its visibility modes (docs/product/delivery.md). */
export function DeliveryWidget({ mode, intent, delivery, center, onOpenSelector, onSuggest, compact }: DeliveryWidgetProps) {
  const parts = widgetParts(mode, intent, Boolean(delivery));
  return (
    <>
      {parts.input ? <DeliverySearch center={center} onResult={onOpenSelector} onFieldFocus={intent === 'trigger' ? onSuggest : undefined} compact={compact} /> : null}
      {parts.selectButton && delivery ? (
        <button
          type="button"
          className={styles.select}
          onClick={() => {
            clearSearchResult();
            onOpenSelector();
          }}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" fill="none" stroke="currentColor" strokeWidth="2" />
            <circle cx="12" cy="9.5" r="2.5" fill="currentColor" />
          </svg>
          <span className={styles.point}>{delivery.delivery_location.name}</span>
          <span className={styles.change}>Changer</span>
        </button>
      ) : null}
    </>
  );
}
