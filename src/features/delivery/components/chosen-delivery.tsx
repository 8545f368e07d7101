import { useAppState, useDeliveryDate } from '../../../lib/app-state';
import { formatLongDate } from '../../../lib/format';
import { openPanel } from '../../../lib/panel-history';
import { DeliverySummary } from './delivery-summary';

/**
 * The visitor's chosen point, date and window, or the invitation to choose one: what the cart, the
 * account show of the delivery. Choosing opens the selector.
 */
export function ChosenDelivery() {
  const { data: state } = useAppState();
  const date = useDeliveryDate();
  return (
    <DeliverySummary
      delivery={state?.current_delivery ?? null}
      dateLabel={date ? formatLongDate(date) : null}
      onChoose={() => openPanel('deliverySelector', { returning: true })}
    />
  );
}
