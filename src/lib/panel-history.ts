import { useRouterState, type RegisteredRouter } from '@tanstack/react-router';
import { isVolet, PANELS, type Panel, type Volet } from '../shared/panels';

/*
 * The open panel is the router's: the root route's `volet` search parameter (src/shared/panels.ts),
 * opened and closed with navigate({ search }). What the router cannot know is kept here: whether
 * this app pushed the entry a panel stands on. Closing such a panel goes back over its entry, so
 * the back button does not open it again; one opened by a link or drawn by the server has no entry
 * of its own before it on this page, and is removed from the address instead.
 */

/** The mark on a history entry this app pushed to open a panel. */
const OPENED_HERE = 'popoteVolet';
/** The panel to show again once this one is done with (the cart, after choosing a point from it). */
const RETURN_TO = 'popoteReturnTo';

let router: RegisteredRouter | null = null;

/** Bound once in the browser (src/app/router.tsx): panels opened from code (a checkout's answer, a timer) move it. */
export function bindPanelRouter(bound: RegisteredRouter) {
  router = bound;
}

function openVolet(): Volet | undefined {
  const volet: unknown = router?.latestLocation.search.volet;
  return isVolet(volet) ? volet : undefined;
}

const entryState = () => (router?.latestLocation.state ?? {}) as Record<string, unknown>;

function openedHere(): boolean {
  return Boolean(entryState()[OPENED_HERE]);
}

/** The panel the open one was opened from and gives way back to when closed, if it asked to. */
export function panelReturnsTo(): Volet | undefined {
  const volet = entryState()[RETURN_TO];
  return isVolet(volet) ? volet : undefined;
}

/**
 * Opens a panel over the page where it is scrolled: a new entry, or in place of the open panel's
 * (one at a time, so the back button closes both). With `returning`, closing it shows the panel
 * open now again instead (a point chosen from the cart goes back to the cart).
 */
export function openPanel(panel: Panel, options: { returning?: boolean } = {}) {
  const volet = PANELS[panel];
  const open = openVolet();
  if (!router || open === volet) return;
  const state: Record<string, unknown> = { [OPENED_HERE]: open === undefined || openedHere() };
  if (options.returning && open) state[RETURN_TO] = open;
  void router.navigate({
    to: '.',
    unsafeRelative: 'path',
    search: (prev) => ({ ...prev, volet }),
    hash: true,
    replace: open !== undefined,
    state,
    resetScroll: false,
  });
}

/** Closes the open panel, or only the one named (when another is open, nothing changes). */
export function closePanel(panel?: Panel) {
  const open = openVolet();
  if (!router || open === undefined || (panel && PANELS[panel] !== open)) return;
  const volet = panelReturnsTo();
  if (volet) {
    const state: Record<string, unknown> = { [OPENED_HERE]: openedHere() };
    void router.navigate({ to: '.', unsafeRelative: 'path', search: (prev) => ({ ...prev, volet }), hash: true, replace: true, state, resetScroll: false });
    return;
  }
  if (openedHere()) return router.history.back();
  void router.navigate({ to: '.', unsafeRelative: 'path', search: (prev) => ({ ...prev, volet: undefined }), hash: true, replace: true, resetScroll: false });
}

/** The panel the address names now (at once, before the page's loaders have answered), if any. */
export function useOpenVolet(): Volet | undefined {
  return useRouterState({ select: (s) => (isVolet(s.location.search.volet) ? s.location.search.volet : undefined) });
}
