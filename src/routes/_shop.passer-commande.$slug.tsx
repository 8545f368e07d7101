import { createFileRoute } from '@tanstack/react-router';
import { DishDetailOverlay } from './-components/dish-detail-overlay';
import { dishHead } from './-components/dish-head';
import { loadDish } from './-components/load-dish';

export const Route = createFileRoute('/_shop/passer-commande/$slug')({
  loader: ({ context, params }) => loadDish(context.queryClient, params.slug),
  // The same dish as at /:slug, which is its canonical address.
  head: ({ match, params }) => dishHead(match.context, params.slug, `/${params.slug}`),
  component: function OrderDishRoute() {
    return <DishDetailOverlay slug={Route.useParams().slug} />;
  },
});
