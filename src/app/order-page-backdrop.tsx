import { useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BackdropCloses } from '../components/ui/backdrop-closes';
import { useAppStateOf } from '../lib/app-state';

/**
 * A click on the dimmed page closes the dialog, except on a dish's order page before a delivery
 * point is chosen: the choice comes first there.
 */
export function OrderPageBackdrop({ children }: { children: ReactNode }) {
  const onDishOrder = useRouterState({ select: (s) => s.location.pathname.startsWith('/passer-commande/') });
  const chosen = useAppStateOf((state) => state.current_delivery !== null) ?? false;
  return <BackdropCloses value={!(onDishOrder && !chosen)}>{children}</BackdropCloses>;
}
