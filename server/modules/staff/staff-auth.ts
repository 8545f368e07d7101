import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * A preHandler for staff routes: `Authorization: Bearer <STAFF_TOKEN>`, compared in constant time
 * (both sides hashed, so neither the length nor a prefix leaks). Refused while STAFF_TOKEN is unset.
 */
export function requireStaff(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const token = app.env.STAFF_TOKEN;
    if (!token) throw new AppError(403, 'staff_disabled', 'L’accès de l’équipe n’est pas configuré sur ce serveur.');
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), digest(token))) throw new AppError(401, 'staff_unauthorized', 'Accès réservé à l’équipe Popote.');
  };
}
