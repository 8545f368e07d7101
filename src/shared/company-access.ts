/**
 * The access rules of company points (docs/product/delivery.md, "Company points"): the server
 * judges choices and checkouts with them; the browser only says what a point asks.
 */

/**
 * Whether an account's e-mail is of the company's domain: exactly `@domain` after its last '@',
 * case ignored. Neither a look-alike (`evil-lugduneo.fr`) nor a domain merely starting with it
 * (`lugduneo.fr.evil.com`) is; nor a subdomain (`rh.lugduneo.fr`): the company names each domain
 * its staff write from.
 */
export function emailMatchesDomain(email: string, domain: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0 || !domain) return false;
  return email.slice(at + 1).trim().toLowerCase() === domain.trim().toLowerCase();
}

/** A code is typed as given on a badge or a note: spaces around and case do not matter. */
export function accessCodeMatches(given: string, expected: string): boolean {
  const fold = (code: string) => code.trim().normalize('NFC').toLowerCase();
  return fold(given) !== '' && fold(given) === fold(expected);
}
