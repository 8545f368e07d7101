import { PAGE_SCRIPTS_ID } from '../src/shared/page-scripts';

/*
 * The first screen's mechanisms (docs/architecture.md, "How a request becomes HTML"), each with
 * what the page would be without it: a change of the app's source for the variant's build, or of
 * the page's HTML on its way to the browser (bench/first-paint.ts). A variant takes away one
 * mechanism and keeps every other. A change whose text is no longer in its file stops the run,
 * naming it: the mechanism moved, and its variant must follow it.
 */

export interface SourceChange {
  /** Path from the repository's root. */
  file: string;
  from: string;
  to: string;
  /** Every occurrence (otherwise exactly one is expected). */
  all?: boolean;
}

export interface Variant {
  name: string;
  /** What the variant takes away, for the report. */
  without: string;
  source?: SourceChange[];
  html?: (html: string) => string;
}

const STYLE = /<style data-href="(\/assets\/[^"]+\.css)">[\s\S]*?<\/style>/g;
const PAGE_SCRIPTS = new RegExp(`<script type="application/json" id="${PAGE_SCRIPTS_ID}">([^<]*)</script>`);

export const VARIANTS: Variant[] = [
  { name: 'as built', without: 'nothing: every mechanism' },
  {
    name: 'no inline styles',
    without: "the page's stylesheets written into it (server/ssr/inline-styles.ts): linked instead",
    html: (html) => html.replace(STYLE, (_style, href: string) => `<link rel="stylesheet" href="${href}">`),
  },
  {
    name: 'no scripts after paint',
    without: "the scripts fetched and run only after the first paint (scripts-after-paint.ts, boot.ts): preloaded from the head, run at once",
    html: (html) =>
      html.replace(PAGE_SCRIPTS, (list, json: string) => {
        const { app, chunks } = JSON.parse(json) as { app: string; chunks: string[] };
        return [app, ...chunks].map((href) => `<link rel="modulepreload" href="${href}">`).join('') + list;
      }),
    source: [{ file: 'src/boot.ts', from: 'await afterFirstPaint();\n', to: '' }],
  },
  {
    name: 'no paced preloads',
    without: "one preload a task after the paint (loadPageScripts): all in one task",
    source: [
      { file: 'src/app/first-paint.ts', from: '    if (index > 0) await nextTask();\n', to: '' },
      { file: 'src/app/first-paint.ts', from: '    for (const href of scripts.tap) {\n      await nextTask();\n', to: '    for (const href of scripts.tap) {\n' },
    ],
  },
  {
    name: 'no yields before hydration',
    without: "the main thread given back between the app's start steps (main.tsx's wait(0))",
    source: [{ file: 'src/main.tsx', from: 'await wait(0);\n', to: '', all: true }],
  },
  {
    name: 'no hydration as a transition',
    without: 'hydrateRoot inside startTransition (main.tsx): hydrated in one go',
    // Runs its callback once, at once: the same closing parenthesis as startTransition's call.
    source: [{ file: 'src/main.tsx', from: 'startTransition(() => {', to: '[0].forEach(() => {' }],
  },
  {
    name: 'no state before hydration',
    without: "the visitor's state asked for before hydration (main.tsx): asked by hydration's effects",
    source: [{ file: 'src/main.tsx', from: 'if (visitorState) void queryClient.prefetchQuery(appStateQuery);', to: 'void appStateQuery;' }],
  },
  {
    name: 'no state after hydration',
    without: "the state's answer held until hydration has ended (pageHydrated): applied when it comes",
    source: [{ file: 'src/main.tsx', from: 'if (shell || !visitorState) markHydrated();', to: 'markHydrated();' }],
  },
  {
    name: 'no later boundaries',
    without: 'the footer and the overlays hydrated in later passes (their Suspense boundaries in app-shell.tsx): with the first screen',
    source: [
      { file: 'src/app/app-shell.tsx', from: '      <Suspense fallback={null}>\n        <ShopFooter', to: '      <>\n        <ShopFooter' },
      { file: 'src/app/app-shell.tsx', from: '        />\n      </Suspense>\n      <Suspense fallback={null}>\n        <OpenOverlay />', to: '        />\n      </>\n      <>\n        <OpenOverlay />' },
      { file: 'src/app/app-shell.tsx', from: '        </AboveDialogs>\n      </Suspense>', to: '        </AboveDialogs>\n      </>' },
    ],
  },
];

/** The source of `file` with the variant's changes made: throws when one no longer applies. */
export function changedSource(variant: Variant, file: string, code: string): string {
  let out = code;
  for (const change of variant.source ?? []) {
    if (change.file !== file) continue;
    const count = out.split(change.from).length - 1;
    if (count === 0 || (!change.all && count > 1)) {
      throw new Error(`variant "${variant.name}": ${file} holds ${count} times ${JSON.stringify(change.from)} (expected ${change.all ? 'some' : 'one'}); the mechanism moved, bench/first-paint-variants.ts must follow it`);
    }
    out = out.split(change.from).join(change.to);
  }
  return out;
}
