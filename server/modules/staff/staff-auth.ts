import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { failureLimit } from '../../lib/rate-limit';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Wrong staff tokens per client address. The token itself cannot be guessed (server/env.ts asks
 * for 128 bits at least); the limit stops a script from hammering the staff routes, and a team
 * that mistyped its token 20 times waits a quarter of an hour at most.
 */
export const STAFF_WRONG_TOKENS = { perIp: 20, windowMs: 15 * 60 * 1000 } as const;

const wrongTokens = failureLimit({
  name: 'staff-token',
  windowMs: STAFF_WRONG_TOKENS.windowMs,
  limits: (request) => ({ [`ip:${request.ip}`]: STAFF_WRONG_TOKENS.perIp }),
});

const unauthorized = () => new AppError(401, 'staff_unauthorized', 'Accès réservé à l’équipe Popote.');
const isWrongToken = (error: unknown) => error instanceof AppError && error.code === 'staff_unauthorized';

/**
 * A preHandler for staff routes: `Authorization: Bearer <STAFF_TOKEN>`, compared in constant time
 * (both sides hashed, so neither the length nor a prefix leaks). Refused while STAFF_TOKEN is unset.
 * Each call takes a slot of its address's wrong-token limit before the token is compared, so
 * tokens sent at once all count, and past the limit even the right token waits (429); a right
 * token gives its slot back.
 */
export function requireStaff(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const token = app.env.STAFF_TOKEN;
    if (!token) throw new AppError(403, 'staff_disabled', 'L’accès de l’équipe n’est pas configuré sur ce serveur.');
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    await wrongTokens.judge(
      request,
      async () => {
        if (!timingSafeEqual(digest(given), digest(token))) throw unauthorized();
      },
      isWrongToken,
    );
  };
}
