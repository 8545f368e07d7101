export interface InstallContext {
  /** A `beforeinstallprompt` offer is held (Chromium, Edge, Samsung Internet). */
  hasPrompt: boolean;
  userAgent: string;
  /** `navigator.maxTouchPoints`: iPadOS presents itself as a Mac. */
  maxTouchPoints: number;
  /** Already opened from the home screen (display-mode standalone, or iOS `navigator.standalone`). */
  standalone: boolean;
}

/** Other iOS browsers and in-app views: their share sheet is not Safari's. */
const NOT_SAFARI = /CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|FBAN|FBAV|Instagram|Line\//;

/** Safari on an iPhone, iPod or iPad (iPadOS says "Macintosh" but has a touch screen). */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari\//.test(userAgent) && !NOT_SAFARI.test(userAgent);
}

/** What to offer: the browser's install dialog, Safari's steps, or nothing (installed, or no way to). */
export function installOffer({ hasPrompt, userAgent, maxTouchPoints, standalone }: InstallContext): 'prompt' | 'ios' | null {
  if (standalone) return null;
  if (hasPrompt) return 'prompt';
  return isIosSafari(userAgent, maxTouchPoints) ? 'ios' : null;
}

/** Whether the app runs installed, from the home screen. */
export function isStandalone(): boolean {
  return (navigator as Navigator & { standalone?: boolean }).standalone === true || matchMedia('(display-mode: standalone)').matches;
}
