import { createFileRoute } from '@tanstack/react-router';
import { DishDetailOverlay } from './-components/dish-detail-overlay';
import { loadDish } from './-components/load-dish';

export const Route = createFileRoute('/_home/$slug')({
  loader: ({ context, params }) => loadDish(context.queryClient, params.slug),
  component: function HomeDishRoute() {
    return <DishDetailOverlay slug={Route.useParams().slug} />;
  },
});
