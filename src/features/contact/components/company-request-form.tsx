import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/snackbar-store';
import { CONTACT_MESSAGES, landingContactBodySchema, type LandingContactBody } from '../../../shared/api/contact';
import { contactFailureMessage, keepsItsKey, sendLandingContact } from '../api/send-contact';
import { newIdempotencyKey } from '../../../lib/api-client';
import { submissionId } from '../submission-id';
import { MessageField, SendFooter, useSendStatus } from './form-parts';
import styles from './contact-form.module.css';

const FIELDS = ['company', 'name', 'email', 'phone', 'headcount', 'message'] as const;
type Output = z.output<typeof landingContactBodySchema>;

/** The companies' request for a private delivery point (/entreprises), sent like the contact form. */
export function CompanyRequestForm() {
  const [status, setStatus] = useSendStatus();
  const [general, setGeneral] = useState<string | null>(null);
  // One id per message: a retry of it carries the same, the next message a new one.
  const [submission, setSubmission] = useState(submissionId);
  // Its idempotency key: kept while an answer may have been lost, new once the server judged it.
  const [key, setKey] = useState(newIdempotencyKey);
  const { register, handleSubmit, setError, reset, formState } = useForm<LandingContactBody, unknown, Output>({
    resolver: zodResolver(landingContactBodySchema),
    mode: 'onChange',
    defaultValues: { company: '', name: '', email: '', phone: '', headcount: '', message: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setGeneral(null);
    setStatus('loading');
    try {
      await sendLandingContact({ ...values, submission_id: submission }, key);
      setStatus('success');
      reset();
      setSubmission(submissionId());
      setKey(newIdempotencyKey());
    } catch (error) {
      setStatus('error');
      if (!keepsItsKey(error)) setKey(newIdempotencyKey());
      setGeneral(applyServerErrors(error, setError, FIELDS));
      notify({ title: CONTACT_MESSAGES.failureTitle, message: contactFailureMessage(error), type: 'error' });
    }
  });

  const loading = status === 'loading';
  return (
    <form method="post" className={styles.form} onSubmit={onSubmit} noValidate aria-label="Demande de point de livraison">
      <fieldset className={styles.fieldset} disabled={loading}>
        <div className={styles.pair}>
          <TextField label="Entreprise" autoComplete="organization" required error={errors.company?.message} {...register('company')} />
          <TextField
            label="Salariés sur le site"
            inputMode="numeric"
            placeholder="Nombre approximatif"
            required
            error={errors.headcount?.message}
            {...register('headcount')}
          />
        </div>
        <TextField label="Nom et prénom" autoComplete="name" required error={errors.name?.message} {...register('name')} />
        <div className={styles.pair}>
          <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" required error={errors.email?.message} {...register('email')} />
          <TextField label="Téléphone" type="tel" autoComplete="tel" inputMode="tel" required error={errors.phone?.message} {...register('phone')} />
        </div>
        <MessageField
          rows={6}
          placeholder="L’adresse de votre site, vos horaires de déjeuner, la personne à contacter…"
          error={errors.message?.message}
          {...register('message')}
        />
      </fieldset>

      {general ? <Alert>{general}</Alert> : null}

      <SendFooter status={status} label="Envoyer ma demande" purpose="étudier votre demande" />
    </form>
  );
}
