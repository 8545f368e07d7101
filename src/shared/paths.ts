/**
 * Paths the server answers itself, never the app shell: the API and the sandbox. The server's
 * page fallback, the service worker's navigation route and the client's link handling all ask this.
 */
export const SERVER_PATH = /^\/(api|__sandbox)(\/|$)/;

export const isServerPath = (pathname: string) => SERVER_PATH.test(pathname);

/** The offline shell: the root of the app rendered alone by the server, the route drawn by the browser. */
export const SHELL_PATH = '/__shell';

/**
 * The team app's offline shell: the same, with the team's head (its manifest, icons, title). Under
 * /equipe, the team app's layout: the server draws its head, the browser its frame and page.
 */
export const TEAM_SHELL_PATH = '/equipe/__shell';

/** The team's app (Popote Équipe): its own frame, manifest and cache rules. */
export const TEAM_PATH = /^\/equipe(\/|$)/;

export const isTeamPath = (pathname: string) => TEAM_PATH.test(pathname);

/** The offline shell a navigation falls back to: each app its own (the service worker keeps both). */
export const shellPathOf = (pathname: string) => (isTeamPath(pathname) ? TEAM_SHELL_PATH : SHELL_PATH);

