import { useQuery } from '@tanstack/react-query';
import { useDishDetail } from '../../app/detail-navigation';
import { Dialog } from '../../components/ui/dialog';
import { QueryStatus } from '../../components/ui/query-status';
import { productQuery } from '../../features/catalog/api/products';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { DishDetail } from '../../features/catalog/components/dish-detail';
import { useDeliveryDate } from '../../lib/app-state';

/** A dish's detail in a dialog over the page below, with its own URL. */
export function DishDetailOverlay({ slug }: { slug: string }) {
  const date = useDeliveryDate();
  const product = useQuery(productQuery(slug, date));
  const { close } = useDishDetail();
  return (
    <Dialog open title={product.data?.name ?? 'Chargement du plat…'} onClose={close} placement="panel-right" closeOnBackdrop>
      <QueryStatus query={product} loading="Chargement du plat…" error="Impossible de charger ce plat.">
        {(data) => <DishDetail product={data} action={<AddToCartButton product={data} size="md" />} />}
      </QueryStatus>
    </Dialog>
  );
}
