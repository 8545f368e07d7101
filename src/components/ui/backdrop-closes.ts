import { createContext } from 'react';

/**
 * Whether a click on the dimmed page closes dialogs on this page (the page decides; see
 * src/app/order-page-backdrop.tsx). Apart from the dialog: the shell sets it on every page, and
 * the dialog's code (with its styles) then stays in the chunks of what opens one, out of the app's.
 */
export const BackdropCloses = createContext(true);
