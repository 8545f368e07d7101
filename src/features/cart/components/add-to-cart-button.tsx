import { useSnapshot } from 'valtio';
import { Button } from '../../../components/ui/button';
import { OFFLINE_REASON, useOnline } from '../../../lib/connection-store';
import { notify } from '../../../lib/snackbar-store';
import { addProduct } from '../api/cart-calls';
import { cartState } from '../cart-store';

interface AddToCartButtonProps {
  product: { id: number; name: string; sold_out: boolean };
  size?: 'sm' | 'md';
}

/** Adds one portion of a dish; sold-out dishes say so instead. */
export function AddToCartButton({ product, size = 'sm' }: AddToCartButtonProps) {
  const { pending } = useSnapshot(cartState);
  const online = useOnline();
  if (product.sold_out) {
    return (
      <Button size={size} variant="secondary" disabled>
        Épuisé
      </Button>
    );
  }
  async function onClick() {
    const { ok } = await addProduct(product.id);
    if (ok) notify({ title: 'Ajouté au panier', message: product.name, type: 'success' });
  }
  return (
    <Button
      size={size}
      busy={Boolean(pending[`product-${product.id}`])}
      disabled={!online}
      title={online ? undefined : OFFLINE_REASON}
      onClick={() => void onClick()}
      aria-label={online ? `Ajouter au panier : ${product.name}` : `Ajouter au panier : ${product.name} (indisponible hors connexion)`}
    >
      {online ? 'Ajouter' : 'Hors connexion'}
    </Button>
  );
}
