import { createFileRoute } from '@tanstack/react-router';
import { DishDetailOverlay } from './-components/dish-detail-overlay';
import { loadDish } from './-components/load-dish';

export const Route = createFileRoute('/passer-commande/$slug')({
  loader: ({ context, params }) => loadDish(context.queryClient, params.slug),
  component: function OrderDishRoute() {
    return <DishDetailOverlay slug={Route.useParams().slug} />;
  },
});
