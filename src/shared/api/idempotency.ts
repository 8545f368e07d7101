/** The header a change carries its idempotency key in (the same key with every repeat of it). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'Clé de requête invalide.',
  reused: 'Cette clé de requête a déjà servi pour une autre demande.',
  inProgress: 'Votre demande précédente est encore en cours : un instant, puis réessayez.',
} as const;
