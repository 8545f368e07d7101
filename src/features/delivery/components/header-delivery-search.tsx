import { useAppStateOf, usePublicSettings } from '../../../lib/app-state';
import { openPanel } from '../../../lib/panel-history';
import { readStored, writeStored } from '../../../lib/stored';
import { mapCenter } from '../search-rules';
import { DeliveryWidget } from './delivery-widget';

const SUGGEST_SEEN = 'popote:suggest-seen';

/** The field's first focus of the visit offers where to lunch (the suggestion panel). */
function suggestOnce() {
  if (readStored(SUGGEST_SEEN, 'session')) return;
  writeStored(SUGGEST_SEEN, 1, 'session');
  openPanel('suggestion');
}

/** The header's search for a delivery point, the visitor's point once chosen: it alone follows the state. */
export function HeaderDeliverySearch() {
  const delivery = useAppStateOf((state) => state.current_delivery) ?? null;
  const settings = usePublicSettings();
  return (
    <DeliveryWidget
      mode="smart"
      intent="trigger"
      compact
      delivery={delivery}
      center={mapCenter(settings)}
      onOpenSelector={() => openPanel('deliverySelector')}
      onSuggest={suggestOnce}
    />
  );
}
