import { createFileRoute } from '@tanstack/react-router';

/** The order page itself is the /passer-commande layout; without a slug nothing opens over it. */
export const Route = createFileRoute('/_shop/passer-commande/')({
  component: () => null,
});
