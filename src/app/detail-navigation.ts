import { useNavigate, useParams, useRouter, useRouterState } from '@tanstack/react-router';
import { useCallback } from 'react';

/**
 * A dish detail opens over the home page (/:slug) or the order page (/passer-commande/:slug),
 * with its own URL. Closing it goes back when the customer came from the page below, and to that
 * page when the detail was opened by a link from elsewhere.
 */
export function useDishDetail() {
  const router = useRouter();
  const navigate = useNavigate();
  const { slug } = useParams({ strict: false }) as { slug?: string };
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const parent = pathname.startsWith('/passer-commande') ? '/passer-commande' : '/';
  const close = useCallback(() => {
    if (router.history.canGoBack()) router.history.back();
    else void navigate({ to: parent });
  }, [router, navigate, parent]);
  return { slug: slug ?? null, open: Boolean(slug), close };
}
