/**
 * Addresses that carry a secret: the password-reset link (`/compte/mot-de-passe/<token>?email=…`,
 * valid an hour, once), an OAuth return (`?code=…&state=…`). Such an address must not be written
 * to the logs (whoever reads them could use the link before its owner), nor kept by a shared cache
 * (server/plugins/pages.ts answers its page `private, no-store`).
 */

/** The reset page's token and whatever follows it, however the path is spelt (the router ignores case and decodes). */
const SECRET_PATH = /^(\/+compte\/+mot-de-passe\/+).+/i;
/** Query parameters that hold a credential or a customer's address. */
const SECRET_PARAMS = new Set(['token', 'code', 'state', 'email', 'password', 'id_token_hint', 'access_token', 'refresh_token']);
const HIDDEN = '[caché]';

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Whether the address holds a secret (a token in its path, or a secret parameter in its query). */
export function carriesSecret(url: string): boolean {
  const [path = '', query] = splitUrl(url);
  if (SECRET_PATH.test(decoded(path))) return true;
  return query !== undefined && query.split('&').some((pair) => isSecretParam(pair.split('=', 1)[0]!));
}

/** The address as the logs may show it: the reset token and the secret parameters' values hidden. */
export function redactUrl(url: string): string {
  const [path = '', query] = splitUrl(url);
  const plain = decoded(path);
  const shownPath = SECRET_PATH.test(plain) ? plain.replace(SECRET_PATH, `$1${HIDDEN}`) : path;
  if (query === undefined) return shownPath;
  const pairs = query.split('&').map((pair) => {
    const key = pair.split('=', 1)[0]!;
    return isSecretParam(key) ? `${key}=${HIDDEN}` : pair;
  });
  return `${shownPath}?${pairs.join('&')}`;
}

const isSecretParam = (rawKey: string) => SECRET_PARAMS.has(decoded(rawKey.replaceAll('+', ' ')).trim().toLowerCase());

function splitUrl(url: string): [string, string | undefined] {
  const at = url.indexOf('?');
  return at < 0 ? [url, undefined] : [url.slice(0, at), url.slice(at + 1)];
}
