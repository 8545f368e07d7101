import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useFormDraft } from '../../../lib/form-draft';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { OfflineReason } from '../../../components/ui/offline-reason';
import { useOnline } from '../../../lib/connection-store';
import { TextField } from '../../../components/ui/text-field';
import field from '../../../components/ui/text-field.module.css';
import { registerBodySchema, type RegisterBody } from '../../../shared/api/auth';
import { SIGNUP_MESSAGE_MS } from '../../../shared/constants';
import { useRegister } from '../api/auth-calls';
import { applyServerErrors } from '../../../lib/form-errors';
import { errorBoxTitle } from '../form-errors';
import styles from './account-forms.module.css';

const FIELDS = ['firstname', 'lastname', 'company_name', 'phone', 'email', 'password', 'password_confirmation', 'cgv'] as const;

/**
 * Sign-up (docs/product/accounts.md): required marks, checks on change, the error box with its singular or
 * plural title, 'Inscription en cours...' for up to 5 s, then the local login. The terms' box is
 * checked by the shared schema like the other fields: unticked, nothing is sent, and the box says
 * why and takes the focus (when it is the first field to mend).
 */
export function SignupForm({ onSignedUp }: { onSignedUp?: () => void }) {
  const online = useOnline();
  const signup = useRegister();
  const [general, setGeneral] = useState<string | null>(null);
  const [showProgress, setShowProgress] = useState(false);
  const cgvErrorId = useId();
  const { register, handleSubmit, setError, formState, watch, reset, getValues } = useForm<RegisterBody>({
    resolver: zodResolver(registerBodySchema),
    mode: 'onChange',
    defaultValues: { firstname: '', lastname: '', company_name: '', phone: '', email: '', password: '', password_confirmation: '', cgv: false },
  });
  // What was typed survives a reload of the tab, passwords and the terms' box excepted.
  const forgetDraft = useFormDraft('signup', { watch, reset, getValues }, ['firstname', 'lastname', 'company_name', 'phone', 'email']);
  const { errors, isSubmitted } = formState;

  useEffect(() => {
    if (!showProgress) return;
    const timer = setTimeout(() => setShowProgress(false), SIGNUP_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [showProgress]);

  const onSubmit = handleSubmit(async (values) => {
    setGeneral(null);
    setShowProgress(true);
    try {
      await signup.mutateAsync(values);
      forgetDraft();
      onSignedUp?.();
    } catch (error) {
      setGeneral(applyServerErrors(error, setError, FIELDS));
    } finally {
      setShowProgress(false);
    }
  });

  const messages = FIELDS.map((f) => errors[f]?.message).filter((m): m is string => Boolean(m));
  return (
    <form
      method="post"
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label="Inscription"
    >
      {isSubmitted && messages.length ? (
        <Alert>
          <strong>{errorBoxTitle(messages.length)}</strong>
          <ul className={styles.errorList}>
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {general ? <Alert>{general}</Alert> : null}
      <div className={styles.pair}>
        <TextField label="Prénom" autoComplete="given-name" required error={errors.firstname?.message} {...register('firstname')} />
        <TextField label="Nom" autoComplete="family-name" required error={errors.lastname?.message} {...register('lastname')} />
      </div>
      <TextField label="Entreprise" autoComplete="organization" error={errors.company_name?.message} {...register('company_name')} />
      <TextField label="Téléphone" type="tel" autoComplete="tel" inputMode="tel" required error={errors.phone?.message} {...register('phone')} />
      <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" required error={errors.email?.message} {...register('email')} />
      <TextField label="Mot de passe" type="password" autoComplete="new-password" required error={errors.password?.message} {...register('password')} />
      <TextField
        label="Confirmation du mot de passe"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password_confirmation?.message}
        {...register('password_confirmation')}
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          {...register('cgv')}
          aria-required="true"
          aria-invalid={errors.cgv ? true : undefined}
          aria-describedby={errors.cgv ? cgvErrorId : undefined}
        />
        {/* One run of text beside the box: as separate flex items, words and link made three columns. */}
        <span>
          J’accepte les{' '}
          <a href="/conditions-generales-de-vente" target="_blank" rel="noreferrer">
            conditions générales de vente
          </a>
          {'\u00a0'}*
        </span>
      </label>
      {errors.cgv ? (
        <p id={cgvErrorId} className={field.error}>
          {errors.cgv.message}
        </p>
      ) : null}
      <Button type="submit" busy={signup.isPending} disabled={!online}>
        {signup.isPending && showProgress ? 'Inscription en cours...' : 'Créer mon compte'}
      </Button>
      <OfflineReason offline={!online} />
    </form>
  );
}
