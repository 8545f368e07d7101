import type { sandboxEdenredAccounts } from '../db/schema';
import { SANDBOX_EDENRED_PATH as P } from '../payments/edenred/edenred-client';
import { escapeHtml, sandboxPage } from './sandbox-page';

/** The Edenred emulator's own pages (its login, its errors), and how its OAuth redirects are made. */

type Account = typeof sandboxEdenredAccounts.$inferSelect;

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const formatEuros = (cents: number) => euros.format(cents / 100);

/** Edenred's look: its red, its navy ink. */
const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#14213d;background:#f5f6fa}
main{background:#fff;border:1px solid #d5d9e6;border-radius:12px;padding:1.25rem 1.5rem}
.badge{display:inline-block;background:#fff3cd;color:#6b4e00;border-radius:999px;padding:.15rem .7rem;font-size:.85rem}
h1{font-size:1.35rem;margin:.6rem 0}ul{padding-left:1.2rem}
form{display:grid;gap:.5rem;margin:1.2rem 0 .8rem}label{font-weight:600}
input{font:inherit;padding:.55rem .7rem;border:1px solid #8a93ad;border-radius:8px}
.actions{display:flex;gap:.6rem;margin-top:.6rem}button{font:inherit;padding:.7rem 1rem;border-radius:8px;border:1px solid #e2001a;cursor:pointer}
.login{background:#e2001a;color:#fff}.cancel{background:#fff;color:#14213d;border-color:#8a93ad}
.error{color:#a12a2a;font-weight:600}`;

const page = (title: string, body: string) => sandboxPage('Edenred', STYLE, title, body);

/** The parameters of an authorization request, carried from the query to the login form. */
export const AUTHORIZE_FIELDS = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'nonce', 'code_challenge', 'code_challenge_method'] as const;
export type AuthorizeParams = Partial<Record<(typeof AUTHORIZE_FIELDS)[number], string>>;

export function loginPage(params: AuthorizeParams, accounts: Account[], error: { email: string } | null): string {
  const hidden = AUTHORIZE_FIELDS.filter((name) => params[name] !== undefined)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params[name]!)}">`)
    .join('\n');
  const demo = accounts.map((a) => `<li><strong>${escapeHtml(a.username)}</strong> : solde ${escapeHtml(formatEuros(a.balanceCents))}</li>`).join('\n');
  return page(
    'Connexion',
    `<h1>Connexion à votre compte Edenred</h1>
<p>Popote demande l’accès à votre solde de titres-restaurant pour payer vos commandes.</p>
${error ? '<p class="error" role="alert">Identifiants incorrects.</p>' : ''}
<form method="post" action="${P}/connect/authorize">
${hidden}
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(error?.email ?? '')}">
<label for="password">Mot de passe</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<div class="actions">
<button class="login" type="submit" name="action" value="login">Se connecter</button>
<button class="cancel" type="submit" name="action" value="cancel" formnovalidate>Annuler</button>
</div>
</form>
<p>Comptes de démonstration (mot de passe <strong>demo</strong>) :</p>
<ul>
${demo}
</ul>`,
  );
}

export const errorPage = (title: string, text: string) => page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);

/** `url` with these query parameters added (its own kept), as OAuth redirects are made. */
export function withParams(url: string, params: Record<string, string | undefined>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) target.searchParams.set(name, value);
  return target.toString();
}
