import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Env } from '../env';

/**
 * Secrets kept in the database (the customers' Edenred tokens) are encrypted with AES-256-GCM:
 * a leaked table or backup does not leak live provider tokens. Stored as v1.<iv>.<tag>.<data>.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

/**
 * The sandbox's built-in key, used only when TOKEN_ENCRYPTION_KEY is unset (the environment
 * refuses real Edenred credentials without one): sandbox tokens are worth nothing.
 */
const SANDBOX_KEY = createHash('sha256').update('popote-sandbox-token-key').digest();

export function createSecretBox(env: Pick<Env, 'TOKEN_ENCRYPTION_KEY'>): SecretBox {
  const key = env.TOKEN_ENCRYPTION_KEY ? Buffer.from(env.TOKEN_ENCRYPTION_KEY, 'base64') : SANDBOX_KEY;
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Not a sealed secret.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
