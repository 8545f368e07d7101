import { createFileRoute } from '@tanstack/react-router';
import { DishDetailOverlay, loadDish } from './-components/dish-detail-overlay';

export const Route = createFileRoute('/_home/$slug')({
  loader: ({ context, params }) => loadDish(context.queryClient, params.slug),
  component: function HomeDishRoute() {
    return <DishDetailOverlay slug={Route.useParams().slug} />;
  },
});
