/// <reference types="vite/client" />

/** Build-time configuration read by the client (documented in .env.example). */
interface ImportMetaEnv {
  /** Google Geocoding key; unset: the national address API. */
  readonly VITE_GOOGLE_MAPS_KEY?: string;
  /** MapLibre style URL; unset: OpenFreeMap "liberty". */
  readonly VITE_MAP_STYLE_URL?: string;
  /** "Proposer mon entreprise" link of the delivery suggestion modal; unset: /entreprises. */
  readonly VITE_DELIVERY_SUGGEST_URL?: string;
  /** Set by vite.config.ts for each build: busts the persisted offline cache. */
  readonly VITE_BUILD_ID?: string;
}
