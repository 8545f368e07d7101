import { createFileRoute } from '@tanstack/react-router';
import { DishDetailOverlay, loadDish } from './-components/dish-detail-overlay';

export const Route = createFileRoute('/passer-commande/$slug')({
  loader: ({ context, params }) => loadDish(context.queryClient, params.slug),
  component: function OrderDishRoute() {
    return <DishDetailOverlay slug={Route.useParams().slug} />;
  },
});
