import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useCallback } from 'react';

const DETAIL_ROUTES = new Set(['/_shop/_home/$slug', '/_shop/passer-commande/$slug']);

/**
 * A dish detail opens over the home page (/:slug) or the order page (/passer-commande/:slug),
 * with its own URL. Closing it goes back when the customer came from the page below, and to that
 * page when the detail was opened by a link from elsewhere.
 */
export function useDishDetail() {
  const router = useRouter();
  const navigate = useNavigate();
  // Only a detail route that loaded counts: an unknown path matched as far as /:slug is a 404.
  // The server marks the not-found boundary on the root, the browser's hydration on the detail:
  // any match short of success (or marked not found) means no detail, on both sides alike.
  const leaf = useRouterState({
    select: (s) => {
      const match = s.matches[s.matches.length - 1];
      const found = s.matches.every((m) => m.status === 'success' && !(m as { _notFound?: boolean })._notFound);
      return match ? { routeId: match.routeId as string, found, pathname: match.pathname } : null;
    },
    structuralSharing: true,
  });
  const open = Boolean(leaf && DETAIL_ROUTES.has(leaf.routeId) && leaf.found);
  const parent = leaf?.pathname.startsWith('/passer-commande') ? '/passer-commande' : '/';
  const close = useCallback(() => {
    if (router.history.canGoBack()) router.history.back();
    else void navigate({ to: parent });
  }, [router, navigate, parent]);
  return { open, close };
}
