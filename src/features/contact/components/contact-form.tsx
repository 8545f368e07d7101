import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { appStateQuery } from '../../../lib/app-state';
import { applyServerErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/snackbar-store';
import { CONTACT_MESSAGES, MAX_TOTAL_BYTES, contactBodySchema, type ContactBody, type ContactFields, type ContactMode } from '../../../shared/api/contact';
import { CONTACT_SUCCESS_MS } from '../../../shared/constants';
import { sendContact } from '../api/send-contact';
import { submissionId } from '../submission-id';
import { FilePicker } from './file-picker';
import styles from './contact-form.module.css';

const FIELDS = ['request_type', 'firstname', 'lastname', 'email', 'phone', 'message', 'recall'] as const;

const SUBMIT_LABEL: Record<ContactMode, string> = {
  contactPage: 'Envoyer mon message',
  apply: 'Envoyer ma candidature',
  userAccount: 'Envoyer ma demande',
};

type Status = 'idle' | 'loading' | 'success' | 'error';

/**
 * The contact form (shop.md §2, §4, §5) in its three modes: contactPage (/contact), apply
 * (/rejoignez-nous, with attachments) and userAccount (the account's help; the identity is the
 * customer's). Idle, 'Envoi en cours...', the success message for 2 s, or the error: a failed send
 * is retried once after a token refresh, then the error snackbar shows.
 */
export function ContactForm({ mode, onSent }: { mode: ContactMode; onSent?: () => void }) {
  const { data: state } = useQuery(appStateQuery);
  const types = Object.entries(state?.contact_types ?? {});
  const hasJobType = types.some(([key]) => key === 'job');
  const selectId = useId();
  const messageId = useId();
  const [status, setStatus] = useState<Status>('idle');
  const [general, setGeneral] = useState<string | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | undefined>();
  // One id per message: a retry of it carries the same, the next message a new one.
  const [submission, setSubmission] = useState(submissionId);
  const identity = mode !== 'userAccount';
  const typeRequired = mode !== 'apply';

  const defaults: ContactBody = {
    mode,
    request_type: mode === 'apply' && hasJobType ? 'job' : '',
    message: '',
    firstname: '',
    lastname: '',
    email: '',
    phone: '',
    recall: true,
  };
  const { register, handleSubmit, setError, reset, setValue, getValues, formState } = useForm<ContactBody, unknown, ContactFields>({
    resolver: zodResolver(contactBodySchema),
    mode: 'onChange',
    defaultValues: defaults,
  });
  const { errors } = formState;

  // The types arrive with the app state: apply mode then starts on « Candidature ».
  useEffect(() => {
    if (mode === 'apply' && hasJobType && !getValues('request_type')) setValue('request_type', 'job');
  }, [mode, hasJobType, getValues, setValue]);

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => setStatus('idle'), CONTACT_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const total = files.reduce((sum, f) => sum + f.size, 0);
  const tooBig = total > MAX_TOTAL_BYTES;

  const onSubmit = handleSubmit(async (values) => {
    if (tooBig) return;
    setGeneral(null);
    setFilesError(undefined);
    setStatus('loading');
    const body = new FormData();
    body.append('mode', mode);
    body.append('submission_id', submission);
    if (values.request_type) body.append('request_type', values.request_type);
    if (identity) {
      body.append('firstname', values.firstname);
      body.append('lastname', values.lastname);
      body.append('email', values.email);
      body.append('phone', values.phone);
    }
    body.append('message', values.message);
    body.append('recall', values.recall ? '1' : '0');
    if (mode === 'apply') for (const file of files) body.append('files', file, file.name);
    try {
      await sendContact(body);
      setStatus('success');
      reset({ ...defaults, request_type: defaults.request_type || (mode === 'apply' && hasJobType ? 'job' : '') });
      setFiles([]);
      setSubmission(submissionId());
      onSent?.();
    } catch (error) {
      setStatus('error');
      const unplaced = applyServerErrors(error, setError, FIELDS);
      const fileMessage = error instanceof ApiError ? error.fieldMessage('files') : undefined;
      if (fileMessage) setFilesError(fileMessage);
      else setGeneral(unplaced);
      notify({ title: CONTACT_MESSAGES.failureTitle, message: CONTACT_MESSAGES.failureMessage, type: 'error' });
    }
  });

  const loading = status === 'loading';
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={mode === 'apply' ? 'Candidature' : 'Formulaire de contact'}>
      {/* Nothing changes while the message is on its way. */}
      <fieldset className={styles.fieldset} disabled={loading}>
        <div className={styles.field}>
          <label htmlFor={selectId} className={styles.label}>
            Objet
            {typeRequired ? <span aria-hidden="true"> *</span> : null}
          </label>
          <select
            id={selectId}
            className={styles.select}
            aria-required={typeRequired || undefined}
            aria-invalid={errors.request_type ? true : undefined}
            aria-describedby={errors.request_type ? `${selectId}-error` : undefined}
            {...register('request_type')}
          >
            <option value="">Choisissez l’objet de votre demande</option>
            {types.map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
          {errors.request_type ? (
            <p id={`${selectId}-error`} className={styles.error}>
              {errors.request_type.message}
            </p>
          ) : null}
        </div>

        {identity ? (
          <>
            <div className={styles.pair}>
              <TextField label="Prénom" autoComplete="given-name" required error={errors.firstname?.message} {...register('firstname')} />
              <TextField label="Nom" autoComplete="family-name" required error={errors.lastname?.message} {...register('lastname')} />
            </div>
            <div className={styles.pair}>
              <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" required error={errors.email?.message} {...register('email')} />
              <TextField label="Téléphone" type="tel" autoComplete="tel" inputMode="tel" required error={errors.phone?.message} {...register('phone')} />
            </div>
          </>
        ) : (
          <p className={styles.hint}>Nous vous répondons à l’adresse e-mail et au numéro de votre compte.</p>
        )}

        <div className={styles.field}>
          <label htmlFor={messageId} className={styles.label}>
            Message<span aria-hidden="true"> *</span>
          </label>
          <textarea
            id={messageId}
            className={styles.textarea}
            rows={mode === 'userAccount' ? 5 : 7}
            aria-required="true"
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? `${messageId}-error` : undefined}
            placeholder={mode === 'apply' ? 'Le poste qui vous intéresse, vos disponibilités, quelques mots sur vous…' : undefined}
            {...register('message')}
          />
          {errors.message ? (
            <p id={`${messageId}-error`} className={styles.error}>
              {errors.message.message}
            </p>
          ) : null}
        </div>

        {mode === 'apply' ? (
          <div className={styles.field}>
            <span className={styles.label}>
              Pièces jointes (CV, lettre de motivation)
            </span>
            <FilePicker
              files={files}
              disabled={loading}
              error={filesError}
              onChange={(next) => {
                setFilesError(undefined);
                setFiles(next);
              }}
            />
            {tooBig ? <Alert>{CONTACT_MESSAGES.totalTooBig}</Alert> : null}
          </div>
        ) : null}

        <label className={styles.check}>
          <input type="checkbox" {...register('recall')} /> Je souhaite être rappelé(e)
        </label>
      </fieldset>

      {general ? <Alert>{general}</Alert> : null}

      <p className={styles.legal}>
        Les champs marqués d’un * sont obligatoires. Vos données servent uniquement à vous répondre : lisez notre{' '}
        <a href="/politique-de-confidentialite" target="_blank" rel="noreferrer">
          politique de confidentialité
        </a>
        .
      </p>

      {status === 'success' ? (
        <p className={styles.success} role="status">
          {CONTACT_MESSAGES.success}
        </p>
      ) : (
        <Button type="submit" busy={loading} disabled={tooBig} className={styles.submit}>
          {loading ? CONTACT_MESSAGES.sending : SUBMIT_LABEL[mode]}
        </Button>
      )}
    </form>
  );
}
