import { z } from 'zod/mini';

/*
 * Web push (docs/product/notifications.md): the server's public key, a browser's subscription
 * (RFC 8030 endpoint and RFC 8291 keys) kept for the logged-in customer, and what a push says.
 *
 * GET    /api/push/key             {public_key}
 * POST   /api/push/subscriptions   {endpoint, keys: {p256dh, auth}} → 201
 * DELETE /api/push/subscriptions   {endpoint} → 200 {subscribed: false}
 */

export const PUSH_ERRORS = {
  /** The endpoint is not on a known push service (https, host on the list). */
  endpointRefused: 'push_endpoint_refused',
  /** No VAPID keys configured (production without them): nothing is pushed. */
  off: 'push_off',
} as const;

export const PUSH_MESSAGES = {
  endpointRefused: 'Ce service de notifications n’est pas pris en charge.',
  off: 'Les notifications ne sont pas disponibles pour le moment.',
} as const;

/** base64url of exactly `bytes` bytes. */
const base64urlOf = (bytes: number, message: string) =>
  z.string({ error: message }).check(
    z.regex(/^[\w-]+={0,2}$/, { error: message }),
    z.refine((v) => decodedLength(v) === bytes, { error: message }),
  );

/** Bytes a base64url text decodes to, without a Buffer (the client reads this file too). */
function decodedLength(value: string): number {
  const bare = value.replace(/=+$/, '');
  return Math.floor((bare.length * 3) / 4);
}

export const pushKeySchema = z.object({ public_key: z.string() });

const endpointField = z.string({ error: 'Adresse de notification invalide.' }).check(
  z.maxLength(2048, { error: 'Adresse de notification trop longue.' }),
  z.refine((v) => URL.canParse(v), {
    error: 'Adresse de notification invalide.',
  }),
);

export const pushSubscriptionBodySchema = z.object({
  endpoint: endpointField,
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64urlOf(65, 'Clé de notification invalide.'),
    /** The authentication secret (16 bytes). */
    auth: base64urlOf(16, 'Secret de notification invalide.'),
  }),
});

export const pushUnsubscribeBodySchema = z.object({ endpoint: endpointField });

/** What a push carries, as the service worker shows it. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** One per order: a newer notice replaces an older one. */
  tag: z.string(),
  /** The page a tap on the notice opens (same origin). */
  url: z.string(),
});
export type PushMessageBody = z.infer<typeof pushMessageSchema>;
