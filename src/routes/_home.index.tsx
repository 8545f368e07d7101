import { createFileRoute } from '@tanstack/react-router';

/** The home page itself is the /_home layout; without a slug nothing opens over it. */
export const Route = createFileRoute('/_home/')({
  component: () => null,
});
