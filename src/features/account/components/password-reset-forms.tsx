import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { OfflineReason } from '../../../components/ui/offline-reason';
import { useOnline } from '../../../lib/connection-store';
import { TextField } from '../../../components/ui/text-field';
import { AUTH_MESSAGES, passwordEmailBodySchema, passwordResetBodySchema } from '../../../shared/api/auth';
import { useRequestReset, useResetPassword } from '../api/auth-calls';
import { applyServerErrors } from '../../../lib/form-errors';
import styles from './account-forms.module.css';

/** 'Mot de passe oublié': one e-mail field; the same success whatever the address (no enumeration). */
export function ResetRequestForm() {
  const online = useOnline();
  const request = useRequestReset();
  const [done, setDone] = useState(false);
  const [general, setGeneral] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<{ email: string }>({
    resolver: zodResolver(passwordEmailBodySchema),
    mode: 'onChange',
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(async ({ email }) => {
    setGeneral(null);
    try {
      await request.mutateAsync(email);
      setDone(true);
    } catch (error) {
      setGeneral(applyServerErrors(error, setError, ['email']));
    }
  });
  if (done) {
    return (
      <p className={styles.success} role="status">
        {AUTH_MESSAGES.resetRequested}
      </p>
    );
  }
  return (
    <form method="post" className={styles.form} onSubmit={onSubmit} noValidate aria-label="Mot de passe oublié">
      {general ? <Alert>{general}</Alert> : null}
      <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" required error={formState.errors.email?.message} {...register('email')} />
      <Button type="submit" busy={request.isPending} disabled={!online}>
        Recevoir le lien
      </Button>
      <OfflineReason offline={!online} />
    </form>
  );
}

type NewPassword = z.input<typeof passwordResetBodySchema>;

/** The page the mail's link opens: e-mail (prefilled), new password twice; logs the customer in. */
export function NewPasswordForm({ token, email, onDone }: { token: string; email: string; onDone: () => void }) {
  const online = useOnline();
  const reset = useResetPassword();
  const [general, setGeneral] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<NewPassword>({
    resolver: zodResolver(passwordResetBodySchema),
    mode: 'onChange',
    defaultValues: { token, email, password: '', password_confirmation: '' },
  });
  const { errors } = formState;
  const onSubmit = handleSubmit(async (values) => {
    setGeneral(null);
    try {
      await reset.mutateAsync(values);
      onDone();
    } catch (error) {
      setGeneral(applyServerErrors(error, setError, ['email', 'password', 'password_confirmation']));
    }
  });
  return (
    <form method="post" className={styles.form} onSubmit={onSubmit} noValidate aria-label="Nouveau mot de passe">
      {general || errors.token ? <Alert>{general ?? errors.token?.message}</Alert> : null}
      <TextField label="E-mail" type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
      <TextField label="Nouveau mot de passe" type="password" autoComplete="new-password" required error={errors.password?.message} {...register('password')} />
      <TextField
        label="Confirmation du mot de passe"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password_confirmation?.message}
        {...register('password_confirmation')}
      />
      <Button type="submit" busy={reset.isPending} disabled={!online}>
        Enregistrer mon mot de passe
      </Button>
      <OfflineReason offline={!online} />
    </form>
  );
}
