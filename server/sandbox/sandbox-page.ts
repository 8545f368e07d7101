/*
 * The one page template of the provider emulators (their hosted payment page, their login page,
 * their errors): each says which provider it stands for and that no real payment is made, and
 * brings its own look.
 */

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An emulator's page: `style` is the provider's stylesheet, `body` HTML already escaped where it must be. */
export function sandboxPage(provider: string, style: string, title: string, body: string): string {
  // No script: the app's CSP allows none inline, and the forms post to this origin (form-action 'self').
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Bac à sable ${provider}</title>
<style>
${style}
</style></head>
<body><main><span class="badge">Bac à sable ${provider} · aucun paiement réel</span>
${body}
</main></body></html>`;
}
