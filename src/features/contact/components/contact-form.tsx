import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useFormDraft } from '../../../lib/form-draft';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/text-field';
import field from '../../../components/ui/text-field.module.css';
import { ApiError, newIdempotencyKey } from '../../../lib/api-client';
import { useAppState } from '../../../lib/app-state';
import { applyServerErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/snackbar-store';
import { CONTACT_MESSAGES, MAX_TOTAL_BYTES, contactBodySchema, requestTypesFor, type ContactBody, type ContactFields, type ContactMode } from '../../../shared/api/contact';
import { contactFailureMessage, keepsItsKey, sendContact } from '../api/send-contact';
import { submissionId } from '../submission-id';
import { FilePicker } from './file-picker';
import { MessageField, SendFooter, useSendStatus } from './form-parts';
import styles from './contact-form.module.css';

const FIELDS = ['request_type', 'firstname', 'lastname', 'email', 'phone', 'message', 'recall'] as const;
const IDENTITY_FIELDS = ['firstname', 'lastname', 'email', 'phone'] as const;

const SUBMIT_LABEL: Record<ContactMode, string> = {
  contactPage: 'Envoyer mon message',
  apply: 'Envoyer ma candidature',
  userAccount: 'Envoyer ma demande',
};

/**
 * The contact form (docs/product/contact.md) in its three modes: contactPage (/contact), apply
 * (/rejoignez-nous, with attachments) and userAccount (the account's help; the identity is the
 * customer's). Idle, 'Envoi en cours...', the success message for 2 s, or the error: a failed send
 * is retried once after a token refresh, then the error snackbar shows.
 */
export function ContactForm({ mode, onSent }: { mode: ContactMode; onSent?: () => void }) {
  const { data: state } = useAppState();
  const types = requestTypesFor(mode, Object.entries(state?.contact_types ?? {}));
  const hasJobType = types.some(([key]) => key === 'job');
  const customer = state?.customer ?? null;
  const selectId = useId();
  const [status, setStatus] = useSendStatus();
  const [general, setGeneral] = useState<string | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | undefined>();
  // One id per message: a retry of it carries the same, the next message a new one.
  const [submission, setSubmission] = useState(submissionId);
  // Its idempotency key: kept while an answer may have been lost, new once the server judged it.
  const [key, setKey] = useState(newIdempotencyKey);
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
  const { register, handleSubmit, setError, reset, setValue, getValues, watch, formState } = useForm<ContactBody, unknown, ContactFields>({
    resolver: zodResolver(contactBodySchema),
    mode: 'onChange',
    defaultValues: defaults,
  });
  const { errors } = formState;
  // A message being written survives a reload of the tab (the files must be chosen again).
  const forgetDraft = useFormDraft(`contact-${mode}`, { watch, reset, getValues }, ['request_type', 'message', 'firstname', 'lastname', 'email', 'phone', 'recall']);

  // The types arrive with the app state: apply mode then starts on « Candidature ».
  useEffect(() => {
    if (mode === 'apply' && hasJobType && !getValues('request_type')) setValue('request_type', 'job');
  }, [mode, hasJobType, getValues, setValue]);

  // A logged-in customer's name, e-mail and phone fill the fields left empty, after the draft is
  // restored (declared after it, this effect runs after it): what the customer typed stays.
  const fillFromAccount = useCallback(() => {
    if (!identity || !customer) return;
    for (const name of IDENTITY_FIELDS) if (!getValues(name)) setValue(name, customer[name]);
  }, [identity, customer, getValues, setValue]);
  useEffect(fillFromAccount, [fillFromAccount]);

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
      await sendContact(body, key);
      setStatus('success');
      reset({ ...defaults, request_type: defaults.request_type || (mode === 'apply' && hasJobType ? 'job' : '') });
      forgetDraft();
      fillFromAccount();
      setFiles([]);
      setSubmission(submissionId());
      setKey(newIdempotencyKey());
      onSent?.();
    } catch (error) {
      setStatus('error');
      if (!keepsItsKey(error)) setKey(newIdempotencyKey());
      const unplaced = applyServerErrors(error, setError, FIELDS);
      const fileMessage = error instanceof ApiError ? error.fieldMessage('files') : undefined;
      if (fileMessage) setFilesError(fileMessage);
      else setGeneral(unplaced);
      notify({ title: CONTACT_MESSAGES.failureTitle, message: contactFailureMessage(error), type: 'error' });
    }
  });

  const loading = status === 'loading';
  return (
    <form method="post" className={styles.form} onSubmit={onSubmit} noValidate aria-label={mode === 'apply' ? 'Candidature' : 'Formulaire de contact'}>
      {/* Nothing changes while the message is on its way. */}
      <fieldset className={styles.fieldset} disabled={loading}>
        <div className={field.field}>
          <label htmlFor={selectId} className={field.label}>
            Objet
            {typeRequired ? <span aria-hidden="true"> *</span> : null}
          </label>
          <select
            id={selectId}
            className={`${field.input} ${styles.select}`}
            aria-required={typeRequired || undefined}
            aria-invalid={errors.request_type ? true : undefined}
            aria-describedby={errors.request_type ? `${selectId}-error` : undefined}
            {...register('request_type')}
          >
            <option value="">Choisissez l’objet de votre message</option>
            {types.map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
          {errors.request_type ? (
            <p id={`${selectId}-error`} className={field.error}>
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

        <MessageField
          rows={mode === 'userAccount' ? 5 : 7}
          placeholder={mode === 'apply' ? 'Le poste qui vous intéresse, vos disponibilités, quelques mots sur vous…' : undefined}
          error={errors.message?.message}
          {...register('message')}
        />

        {mode === 'apply' ? (
          <div className={field.field}>
            <span className={field.label}>
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

      <SendFooter status={status} label={SUBMIT_LABEL[mode]} purpose="vous répondre" disabled={tooBig} />
    </form>
  );
}
