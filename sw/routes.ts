import { SERVER_PATH } from '../src/shared/paths';

/** Paths a navigation must never be answered from the shell for (they are server pages). */
export const NAVIGATION_DENYLIST = [SERVER_PATH];
