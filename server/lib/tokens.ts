import { createHash, randomBytes } from 'node:crypto';

/** An unguessable token for cookies and links (256 bits, URL-safe). */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored hashed, so a leaked table does not leak live sessions or links. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
