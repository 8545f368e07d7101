import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { newsletterResponseSchema, type NewsletterBody } from '../../../shared/api/newsletter';

/** POST /api/newsletter: the email is sent as typed; the server validates it. */
export function useSubscribe() {
  return useMutation({
    mutationFn: (body: NewsletterBody) => api('/api/newsletter', { method: 'POST', body, schema: newsletterResponseSchema }),
  });
}
