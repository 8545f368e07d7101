import { createRootRouteWithContext, HeadContent, Outlet, Scripts } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AppShell } from '../app/app-shell';
import type { RouterContext } from '../app/router-context';
import { ErrorPage } from '../features/shell/components/error-page';
import { validatePanelSearch } from '../shared/panels';

/**
 * The document both apps share, and nothing else: each app is a layout route of its own, with its
 * loader, head (title, manifest, icons) and frame: the shop (`_shop.tsx`, every public page) and
 * Popote Équipe (`equipe.tsx`). The root reads nothing and draws no frame, so neither app pays for
 * the other (docs/decisions/0016-two-layouts.md).
 */
export const Route = createRootRouteWithContext<RouterContext>()({
  head: ({ matches }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' },
      // An address no app knows has no page of its own to name it: the not-found page says what it is.
      { title: matches.some((m) => m._notFound || m.status === 'notFound') ? 'Page introuvable — Popote' : 'Popote' },
    ],
    links: [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }],
  }),
  // Every page takes the open panel in its address (?volet=panier): the overlays are the router's.
  validateSearch: validatePanelSearch,
  shellComponent: RootDocument,
  component: Outlet,
  // An address no app knows is the shop's (a mistyped link, an old dish): said in its frame. The
  // team's app says its own (src/routes/equipe.tsx).
  notFoundComponent: () => (
    <AppShell>
      <ErrorPage status={404} />
    </AppShell>
  ),
  errorComponent: () => <ErrorPage status={500} />,
});

/** The whole document, rendered by the server and hydrated by the browser. */
function RootDocument({ children }: { children: ReactNode }) {
  return (
    <html lang="fr">
      <head>
        <HeadContent />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}
