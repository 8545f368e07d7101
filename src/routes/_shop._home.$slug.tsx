import { createFileRoute } from '@tanstack/react-router';
import { DishDetailOverlay } from './-components/dish-detail-overlay';
import { dishHead } from './-components/dish-head';
import { loadDish } from './-components/load-dish';

export const Route = createFileRoute('/_shop/_home/$slug')({
  loader: ({ context, params }) => loadDish(context.queryClient, params.slug),
  head: ({ match, params }) => dishHead(match.context, params.slug, `/${params.slug}`),
  component: function HomeDishRoute() {
    return <DishDetailOverlay slug={Route.useParams().slug} />;
  },
});
