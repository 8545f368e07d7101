import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { pushMessageSchema, type PushMessageBody } from '#shared/api/push';

/** The test's own browser: a P-256 key pair and an auth secret, as PushManager.subscribe makes them. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') };
}
export type BrowserKeys = ReturnType<typeof browserKeys>;

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * Decrypts a push body as the browser does (RFC 8291 over RFC 8188 aes128gcm), with node:crypto
 * alone: what the server sent is read back only with the keys the test generated.
 */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const prkKey = hmac(Buffer.from(keys.auth, 'base64url'), shared);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with 0x02 then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** A box of the sandbox's push service, and a subscription body a browser would send for it. */
export function sandboxSubscription(publicUrl: string, box = `box-${randomBytes(6).toString('hex')}`, keys = browserKeys()) {
  return { box, keys, body: { endpoint: `${publicUrl}/__sandbox/push/${box}`, keys: { p256dh: keys.p256dh, auth: keys.auth } } };
}

export interface ReceivedPush {
  headers: Record<string, string>;
  body_base64: string;
}

/** What a sandbox push box received. */
export async function pushesIn(app: FastifyInstance, box: string): Promise<ReceivedPush[]> {
  const res = await app.inject(`/__sandbox/push/${box}`);
  expect(res.statusCode).toBe(200);
  return res.json() as ReceivedPush[];
}

/** A received push, decrypted and read as the service worker reads it. */
export const messageOf = (push: ReceivedPush, keys: BrowserKeys): PushMessageBody => pushMessageSchema.parse(JSON.parse(decryptPush(Buffer.from(push.body_base64, 'base64'), keys)));
