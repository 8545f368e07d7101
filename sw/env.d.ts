/** The build-time variables the worker reads (Vite replaces them; documented in .env.example). */
interface ImportMetaEnv {
  /** MapLibre style URL; unset: OpenFreeMap "liberty". Its origin's style, sprites, glyphs and tiles are cached. */
  readonly VITE_MAP_STYLE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
