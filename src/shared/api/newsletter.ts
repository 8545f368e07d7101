import { z } from 'zod/mini';
import { emailField } from './fields';

export const newsletterBodySchema = z.object({ email: emailField });
export type NewsletterBody = z.input<typeof newsletterBodySchema>;

export const newsletterResponseSchema = z.object({ message: z.string(), subscribed: z.boolean() });
