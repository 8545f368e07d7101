import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's field errors (`errors` of the envelope, first message each) on the form's
 * fields; answers the message for what no field shows (429, network, unknown field).
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): string | null {
  if (!(error instanceof ApiError)) return 'Une erreur est survenue. Merci de réessayer.';
  let unplaced: string | null = null;
  for (const [field, messages] of Object.entries(error.body.errors ?? {})) {
    if (fields.includes(field)) setError(field as Path<T>, { type: 'server', message: messages[0] });
    else unplaced ??= messages[0] ?? null;
  }
  return error.body.errors ? unplaced : error.message;
}
