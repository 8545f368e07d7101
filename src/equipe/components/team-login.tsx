import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { OfflineReason } from '../../components/ui/offline-reason';
import { TextField } from '../../components/ui/text-field';
import { useOnline } from '../../lib/connection-store';
import { applyServerErrors } from '../../lib/form-errors';
import { staffLoginBodySchema } from '../../shared/api/staff';
import { useStaffLogin } from '../team-api';
import { RoundWaitingNotice } from './round-waiting-notice';
import styles from './team-forms.module.css';

interface LoginValues {
  email: string;
  password: string;
}

/** The team's login: the page asked for opens once logged in. */
export function TeamLogin() {
  const online = useOnline();
  const login = useStaffLogin();
  const [general, setGeneral] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<LoginValues>({ resolver: zodResolver(staffLoginBodySchema), defaultValues: { email: '', password: '' } });
  const { errors } = formState;
  const onSubmit = handleSubmit(async (values) => {
    setGeneral(null);
    try {
      await login.mutateAsync(values);
    } catch (error) {
      setGeneral(applyServerErrors(error, setError, ['email', 'password']));
    }
  });
  return (
    <section className={styles.card} aria-labelledby="team-login-title">
      <h1 id="team-login-title">Connexion à Popote Équipe</h1>
      <p className={styles.lead}>Réservé à l’équipe de Popote. Les clients se connectent depuis la boutique.</p>
      <RoundWaitingNotice />
      <form method="post" className={styles.form} onSubmit={onSubmit} noValidate aria-label="Connexion à Popote Équipe">
        {general ? <Alert>{general}</Alert> : null}
        <TextField label="E-mail" type="email" autoComplete="username" inputMode="email" required error={errors.email?.message} {...register('email')} />
        <TextField label="Mot de passe" type="password" autoComplete="current-password" required error={errors.password?.message} {...register('password')} />
        <Button type="submit" busy={login.isPending} disabled={!online}>
          Se connecter
        </Button>
        <OfflineReason offline={!online} />
      </form>
    </section>
  );
}
