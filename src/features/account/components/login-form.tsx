import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { OfflineReason } from '../../../components/ui/offline-reason';
import { useOnline } from '../../../lib/connection-store';
import { LinkButton } from '../../../components/ui/link-button';
import { TextField } from '../../../components/ui/text-field';
import { loginBodySchema, type LoginBody } from '../../../shared/api/auth';
import { useLogin } from '../api/auth-calls';
import { applyServerErrors } from '../../../lib/form-errors';
import styles from './account-forms.module.css';

interface LoginFormProps {
  onLoggedIn?: () => void;
  onForgotPassword?: () => void;
}

/** Login: e-mail, password, "remember me" (7 days); the server's errors show on their fields. */
export function LoginForm({ onLoggedIn, onForgotPassword }: LoginFormProps) {
  const online = useOnline();
  const login = useLogin();
  const [general, setGeneral] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    mode: 'onChange',
    defaultValues: { email: '', password: '', remember: false },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setGeneral(null);
    try {
      await login.mutateAsync(values);
      onLoggedIn?.();
    } catch (error) {
      setGeneral(applyServerErrors(error, setError, ['email', 'password']));
    }
  });

  return (
    <form method="post" className={styles.form} onSubmit={onSubmit} noValidate aria-label="Connexion">
      {general ? <Alert>{general}</Alert> : null}
      <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" required error={errors.email?.message} {...register('email')} />
      <TextField label="Mot de passe" type="password" autoComplete="current-password" required error={errors.password?.message} {...register('password')} />
      <label className={styles.check}>
        <input type="checkbox" {...register('remember')} /> Se souvenir de moi
      </label>
      <Button type="submit" busy={login.isPending} disabled={!online}>
        Se connecter
      </Button>
      <OfflineReason offline={!online} />
      {onForgotPassword ? (
        <LinkButton onClick={onForgotPassword}>Mot de passe oublié</LinkButton>
      ) : null}
    </form>
  );
}
