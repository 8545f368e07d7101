import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { OfflineReason } from '../../components/ui/offline-reason';
import { TextField } from '../../components/ui/text-field';
import { useOnline } from '../../lib/connection-store';
import { applyServerErrors } from '../../lib/form-errors';
import { staffPasswordBodySchema, type StaffMe } from '../../shared/api/staff';
import { useStaffPassword } from '../team-api';
import styles from './team-forms.module.css';

function onHashChange(changed: () => void) {
  window.addEventListener('hashchange', changed);
  return () => window.removeEventListener('hashchange', changed);
}

interface PasswordValues {
  token: string;
  password: string;
  password_confirmation: string;
}

/**
 * The one-time link's page (/equipe/bienvenue#<token>): the member chooses a password and is
 * logged in. The token is after '#': it never reaches a server, nor its logs.
 */
export function WelcomePage() {
  const online = useOnline();
  const save = useStaffPassword();
  // Read in the browser only (the server never sees what follows '#'): null while drawn there.
  const token = useSyncExternalStore(onHashChange, () => window.location.hash.slice(1), () => null);
  const [general, setGeneral] = useState<string | null>(null);
  const [done, setDone] = useState<StaffMe | null>(null);
  const { register, handleSubmit, setError, setValue, setFocus, formState } = useForm<PasswordValues>({ resolver: zodResolver(staffPasswordBodySchema), defaultValues: { token: '', password: '', password_confirmation: '' } });
  const { errors } = formState;
  const send = handleSubmit(async (values) => {
    setGeneral(null);
    try {
      const me = await save.mutateAsync(values);
      // The token is spent: it leaves the address (and the history).
      window.history.replaceState(window.history.state, '', window.location.pathname);
      setDone(me);
    } catch (error) {
      setGeneral(applyServerErrors(error, setError, ['password', 'password_confirmation']));
      // On the field the server refused (a password too easy to guess): its reason is read with it.
      setFocus('password');
    }
  });
  const onSubmit = (event: FormEvent) => {
    setValue('token', token ?? '');
    return send(event);
  };
  if (done) {
    return (
      <section className={styles.card}>
        <h1>Mot de passe enregistré</h1>
        <p className={styles.lead}>
          {done.pending === 'enrol'
            ? 'Dernière étape : votre compte administrateur se protège aussi par un code de votre téléphone.'
            : done.pending === 'totp'
              ? 'Il reste à saisir le code de votre application d’authentification.'
              : 'Vous êtes connecté à Popote Équipe.'}
        </p>
        <Link to="/equipe">{done.pending === 'enrol' ? 'Activer la vérification en deux étapes' : done.pending === 'totp' ? 'Saisir mon code' : 'Ouvrir Popote Équipe'}</Link>
      </section>
    );
  }
  return (
    <section className={styles.card} aria-labelledby="welcome-title">
      <h1 id="welcome-title">Bienvenue dans l’équipe</h1>
      <p className={styles.lead}>Choisissez votre mot de passe pour Popote Équipe.</p>
      <p id="welcome-password-rule" className={styles.lead}>
        Un mot de passe difficile à deviner : trois ou quatre mots sans lien entre eux, séparés par des tirets ou des espaces, sans votre nom, votre adresse ni « Popote ». Les mots de passe
        courants (« motdepasse », « 12345678 »…) sont refusés.
      </p>
      {token === '' ? (
        <Alert>Ce lien est incomplet : ouvrez le lien reçu par e-mail en entier, ou demandez-en un nouveau à un administrateur.</Alert>
      ) : (
        <form method="post" className={styles.form} onSubmit={onSubmit} noValidate aria-label="Choisir mon mot de passe">
          {general ? <Alert>{general}</Alert> : null}
          {errors.token ? <Alert>Ce lien est incomplet ou abîmé : ouvrez le lien reçu par e-mail en entier, ou demandez-en un nouveau à un administrateur.</Alert> : null}
          <TextField label="Mot de passe" type="password" autoComplete="new-password" required aria-describedby="welcome-password-rule" error={errors.password?.message} {...register('password')} />
          <TextField label="Confirmez le mot de passe" type="password" autoComplete="new-password" required error={errors.password_confirmation?.message} {...register('password_confirmation')} />
          <Button type="submit" busy={save.isPending} disabled={!online || token === null}>
            Enregistrer mon mot de passe
          </Button>
          <OfflineReason offline={!online} />
        </form>
      )}
    </section>
  );
}
