import { AppError } from '../../lib/errors';

/** A refusal of a cart change in the customer's words, on the field it concerns when it concerns one. */
export const refusal = (status: number, code: string, message: string, field?: string) =>
  new AppError(status, code, message, field ? { [field]: [message] } : undefined);
