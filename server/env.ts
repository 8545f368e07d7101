import { isIP } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';

const flag = z.enum(['0', '1']).transform((v) => v === '1');

const DEFAULT_HOST = '127.0.0.1';

/** Whether an interface is this machine's alone (nobody else on the network reaches it). */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Whether a URL names this machine (localhost, 127.x.x.x, [::1]): nobody elsewhere reaches it by that name. */
function isLocalUrl(url: string): boolean {
  return URL.canParse(url) && isLoopback(new URL(url).hostname.replace(/^\[(.*)\]$/, '$1'));
}

/** The server's own address, as a browser on this machine (or the network) would write it. */
function listeningUrl(host: string, port: number): string {
  const name = isLoopback(host) || host === '0.0.0.0' || host === '::' ? 'localhost' : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

function isAddressOrCidr(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  if (rest.length || !address || !isIP(address)) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 6 ? 128 : 32));
}

/** The role a postgres:// address logs in as, or null when it names none (then the system user's). */
export function databaseUser(url: string | undefined): string | null {
  if (!url || !URL.canParse(url)) return null;
  const user = decodeURIComponent(new URL(url).username);
  return user || null;
}

/** Fastify's trustProxy: false, a hop count, or the proxies' addresses. Never `true` (any client could name its own IP). */
function trustProxyOf(value: string): false | number | string[] {
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value.split(',').map((part) => part.trim());
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    // Unset: loopback only (127.0.0.1). 0.0.0.0 or an address opens the server to the network.
    HOST: z.string().min(1).optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // Unset: the address the server listens on (http://localhost:PORT on loopback).
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://popote.fr' }).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^(postgres(ql)?:\/\/|memory:\/\/|file:)/, { error: 'must start with postgres://, postgresql://, memory:// or file:' })
      .optional(),
    // The schema owner's address (PostgreSQL): the server migrates through it at start, lets the role
    // of DATABASE_URL read and write (never change nor delete the audit trail), then closes it and
    // serves as DATABASE_URL's role. Unset: DATABASE_URL's role does both (docs/operations.md).
    DATABASE_OWNER_URL: z.string().regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' }).optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    // Where the dish photos' variants are written and served from (/media/…). Unset: DATA_DIR/media.
    MEDIA_DIR: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SANDBOX: flag.optional(),
    SEED_ON_START: flag.default(true),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().min(3).default('Popote <bonjour@popote.fr>'),
    // How often the background sender looks for due mail (ms); retries keep their own backoff.
    MAIL_SEND_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
    // Where the team receives the contact form, job applications and companies' requests.
    CONTACT_MAIL_TO: z.email({ error: 'must be an e-mail address' }).default('bonjour@popote.fr'),
    JOBS_MAIL_TO: z.email({ error: 'must be an e-mail address' }).default('recrutement@popote.fr'),
    COMPANIES_MAIL_TO: z.email({ error: 'must be an e-mail address' }).default('entreprises@popote.fr'),
    // 0: no proxy. A number: how many proxies stand in front (their X-Forwarded-For entries are
    // trusted, no more). Addresses or CIDRs, comma-separated: the proxies' own addresses.
    TRUST_PROXY: z
      .string()
      .refine((v) => /^\d{1,2}$/.test(v) || v.split(',').every((part) => isAddressOrCidr(part.trim())), {
        error: 'must be 0, a number of proxy hops (1 behind one reverse proxy), or the proxies\' addresses or CIDRs, comma-separated',
      })
      // A /0 range is every address: any client could then write its own address in
      // X-Forwarded-For (and escape the rate limits). Fastify would refuse it at start anyway.
      .refine((v) => !v.split(',').some((part) => /\/0+$/.test(part.trim())), {
        error: 'must not trust every address (a /0 range such as 0.0.0.0/0 or ::/0): any client could then choose the address the rate limits count; give the proxies\' own addresses or a hop count',
      })
      .default('0'),
    // Who may scrape GET /metrics besides this machine (loopback, unforwarded, always may):
    // addresses or CIDRs of the monitoring network, comma-separated. Matched against the client's
    // address as the rate limits read it (X-Forwarded-For only as far as TRUST_PROXY says). Unset:
    // loopback only.
    METRICS_ALLOW: z
      .string()
      .refine((v) => v.split(',').every((part) => isAddressOrCidr(part.trim())), {
        error: 'must be addresses or CIDRs, comma-separated (e.g. 10.0.5.0/24,fd00::7)',
      })
      .optional(),
    // Multiplies every rate limit: more room behind a large shared address, or for the e2e run,
    // whose many sign-ups all come from 127.0.0.1.
    RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(10_000).default(1),
    // Read by the client build (Vite) and here, to allow the geocoder the client will call.
    VITE_GOOGLE_MAPS_KEY: z.string().min(1).optional(),
    // The map style (and so the tiles' origin) the client loads; allowed by the CSP.
    VITE_MAP_STYLE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL of a MapLibre style' }).optional(),
    // PayGreen v3 (card and meal-voucher cards). Both set: the real API; none: the sandbox emulator.
    PAYGREEN_SHOP_ID: z.string().regex(/^sh_\w+$/, { error: 'must be a PayGreen shop id such as sh_0123…' }).optional(),
    PAYGREEN_SECRET_KEY: z.string().min(8).optional(),
    PAYGREEN_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.paygreen.fr' }).default('https://api.paygreen.fr'),
    // Edenred (meal-voucher balance and widget). Client id, secret and merchant id together: the
    // real APIs; none: the sandbox emulator.
    EDENRED_CLIENT_ID: z.string().min(1).optional(),
    EDENRED_CLIENT_SECRET: z.string().min(8).optional(),
    EDENRED_MID: z.string().min(1).optional(),
    EDENRED_AUTH_URL: z.url({ protocol: /^https$/, error: 'must be the https URL of Edenred\'s OpenID Connect server' }).default('https://sso.auth.api.edenred.com'),
    EDENRED_API_URL: z.url({ protocol: /^https$/, error: 'must be the https URL of Edenred Direct Payment v2' }).default('https://directpayment.eu.edenred.io/v2'),
    EDENRED_WIDGET_URL: z.url({ protocol: /^https$/, error: 'must be the https URL of Edenred\'s payment widget service' }).default('https://widget.eu.edenred.io'),
    // 32 bytes, base64: encrypts the Edenred tokens kept in the database. Required with EDENRED_*.
    TOKEN_ENCRYPTION_KEY: z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, { error: 'must be 32 random bytes in base64 (openssl rand -base64 32)' })
      .optional(),
    // Web push (RFC 8292): the server's key pair, made once with `npx web-push generate-vapid-keys`,
    // and who push services may write to about it. Unset in production: no push is sent. Unset
    // elsewhere: the demo makes a pair at its first start and keeps it in the database.
    VAPID_PUBLIC_KEY: z
      .string()
      .refine((v) => /^[\w-]+$/.test(v) && Buffer.from(v, 'base64url').length === 65 && Buffer.from(v, 'base64url')[0] === 4, {
        error: 'must be a P-256 public key in base64url (npx web-push generate-vapid-keys)',
      })
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .refine((v) => /^[\w-]+$/.test(v) && Buffer.from(v, 'base64url').length === 32, { error: 'must be a P-256 private key in base64url (npx web-push generate-vapid-keys)' })
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { error: 'must be a mailto: or https: address push services may write to, e.g. mailto:bonjour@popote.fr' })
      .optional(),
    // The staff's shared bearer token is gone: each member logs in with their own account
    // (npm run staff:add). Still set, it is refused, so nobody believes it still opens anything.
    STAFF_TOKEN: z.undefined({ error: 'is no longer used: team members log in with their own accounts (npm run staff:add -- --email … --name … --role admin)' }).optional(),
  })
  .superRefine((env, ctx) => {
    const production = env.NODE_ENV === 'production';
    // The sandbox fakes payments and shows every mail (reset links included) to whoever asks.
    if (production && env.SANDBOX === true) {
      ctx.addIssue({
        code: 'custom',
        path: ['SANDBOX'],
        message: 'the sandbox (simulated payments, open mailbox) never runs with NODE_ENV=production; a public demo runs with NODE_ENV unset and SANDBOX=1',
      });
    }
    if (production && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required with NODE_ENV=production (the address in mails and payment returns), e.g. https://popote.fr' });
    }
    // Demo mode by default stays on this machine: open to the network, it takes an explicit SANDBOX=1.
    if (!production && env.SANDBOX === undefined) {
      const host = env.HOST ?? DEFAULT_HOST;
      if (!isLoopback(host)) {
        ctx.addIssue({
          code: 'custom',
          path: ['SANDBOX'],
          message: `demo mode (simulated payments, open mailbox) refuses to listen beyond this machine (HOST=${host}): set SANDBOX=1 for a public demo, or NODE_ENV=production (with SANDBOX unset) for the real shop`,
        });
      } else if (env.PUBLIC_URL?.startsWith('https://')) {
        ctx.addIssue({
          code: 'custom',
          path: ['SANDBOX'],
          message: `demo mode (simulated payments, open mailbox) refuses a public https address (PUBLIC_URL=${env.PUBLIC_URL}): set SANDBOX=1 for a public demo, or NODE_ENV=production (with SANDBOX unset) for the real shop`,
        });
      } else if (env.PUBLIC_URL && !isLocalUrl(env.PUBLIC_URL)) {
        // A name that leads here from elsewhere is a demo reached beyond this machine, plain http too.
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_URL'],
          message: `demo mode (simulated payments, open mailbox) is served on this machine's own names only (localhost, 127.0.0.1, [::1]), not PUBLIC_URL=${env.PUBLIC_URL}: set SANDBOX=1 for a public demo, or NODE_ENV=production (with SANDBOX unset) for the real shop`,
        });
      }
    }
    // Two roles: the server's must be another than the owner's, named in its address.
    if (env.DATABASE_OWNER_URL) {
      const runtime = databaseUser(env.DATABASE_URL);
      if (!env.DATABASE_URL || !/^postgres(ql)?:\/\//.test(env.DATABASE_URL) || !runtime) {
        ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'must be a postgres:// address naming the server\'s own role (postgres://popote_app:…@host/db) when DATABASE_OWNER_URL is set' });
      } else if (runtime === databaseUser(env.DATABASE_OWNER_URL)) {
        ctx.addIssue({ code: 'custom', path: ['DATABASE_OWNER_URL'], message: `names the same role as DATABASE_URL (${runtime}): the owner's address is for another role, the one that owns the tables and applies the migrations` });
      }
    }
    // Half a PayGreen configuration would silently fall back to the sandbox (or fail at checkout).
    if (Boolean(env.PAYGREEN_SHOP_ID) !== Boolean(env.PAYGREEN_SECRET_KEY)) {
      const missing = env.PAYGREEN_SHOP_ID ? 'PAYGREEN_SECRET_KEY' : 'PAYGREEN_SHOP_ID';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'PAYGREEN_SHOP_ID and PAYGREEN_SECRET_KEY are set together' });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: 'custom', path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (npx web-push generate-vapid-keys)' });
    }
    const edenred = [env.EDENRED_CLIENT_ID, env.EDENRED_CLIENT_SECRET, env.EDENRED_MID].filter(Boolean).length;
    if (edenred !== 0 && edenred !== 3) {
      ctx.addIssue({ code: 'custom', path: ['EDENRED_CLIENT_ID'], message: 'EDENRED_CLIENT_ID, EDENRED_CLIENT_SECRET and EDENRED_MID are set together' });
    }
    // Real customers' tokens are never encrypted with the sandbox's built-in key.
    if (edenred === 3 && !env.TOKEN_ENCRYPTION_KEY) {
      ctx.addIssue({ code: 'custom', path: ['TOKEN_ENCRYPTION_KEY'], message: 'is required with EDENRED_* (openssl rand -base64 32)' });
    } else if (production && !env.TOKEN_ENCRYPTION_KEY) {
      // Nor are the admins' second-factor secrets: a key in the source seals nothing.
      ctx.addIssue({ code: 'custom', path: ['TOKEN_ENCRYPTION_KEY'], message: 'is required with NODE_ENV=production: it seals the team\'s second-factor secrets in the database (openssl rand -base64 32)' });
    }
  })
  .transform((env) => {
    const HOST = env.HOST ?? DEFAULT_HOST;
    const PUBLIC_URL = (env.PUBLIC_URL ?? listeningUrl(HOST, env.PORT)).replace(/\/+$/, '');
    return {
    ...env,
    HOST,
    PUBLIC_URL,
    MEDIA_DIR: env.MEDIA_DIR ?? join(env.DATA_DIR, 'media'),
    // The sandbox (provider emulators, mailbox) is on unless switched off; never in production.
    SANDBOX: env.SANDBOX ?? env.NODE_ENV !== 'production',
    // The demo's customer, codes and orders: seeded, and allowed to log in or apply, outside production only.
    DEMO_DATA: env.NODE_ENV !== 'production',
    TRUST_PROXY: trustProxyOf(env.TRUST_PROXY),
    VAPID_SUBJECT: env.VAPID_SUBJECT ?? `mailto:${env.CONTACT_MAIL_TO}`,
    METRICS_ALLOW: env.METRICS_ALLOW ? env.METRICS_ALLOW.split(',').map((part) => part.trim()) : [],
    COOKIE_SECURE: PUBLIC_URL.startsWith('https://'),
    MAP_ORIGIN: new URL(env.VITE_MAP_STYLE_URL ?? 'https://tiles.openfreemap.org/styles/liberty').origin,
    GEOCODER_ORIGIN: env.VITE_GOOGLE_MAPS_KEY ? 'https://maps.googleapis.com' : 'https://api-adresse.data.gouv.fr',
    // The real Edenred widget's script and calls run in the page: allowed by the CSP. The sandbox's are this origin.
    EDENRED_WIDGET_ORIGIN: env.EDENRED_CLIENT_ID ? new URL(env.EDENRED_WIDGET_URL).origin : null,
    };
  });

export type Env = z.output<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment; throws an EnvError listing every wrong variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings in a .env mean "unset".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  return result.data;
}
