import { useMutation } from '@tanstack/react-query';
import type { NewsletterBody } from '../../../shared/api/newsletter';
import { call } from '../../../lib/api-call';
import { NEWSLETTER } from '../../../shared/api/routes/newsletter';

/** POST /api/newsletter: the email is sent as typed; the server validates it. */
export function useSubscribe() {
  return useMutation({
    mutationFn: (body: NewsletterBody) => call(NEWSLETTER.postNewsletter, { body }),
  });
}
