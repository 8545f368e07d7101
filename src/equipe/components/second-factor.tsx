import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { OfflineReason } from '../../components/ui/offline-reason';
import { TextField } from '../../components/ui/text-field';
import { useOnline } from '../../lib/connection-store';
import { applyServerErrors } from '../../lib/form-errors';
import { notify } from '../../lib/snackbar-store';
import { staffCodeBodySchema, type StaffMe } from '../../shared/api/staff';
import { useConfirmEnrolment, useSecondFactor, useSessionChanged, useStaffLogout, useStartEnrolment } from '../team-api';
import styles from './second-factor.module.css';
import forms from './team-forms.module.css';

interface CodeValues {
  code: string;
}

/**
 * The server's refusal of a code, said in an alert above the one field (announced at once) which
 * it describes and marks invalid; the field's own error stays for what the form checks itself.
 */
function useRefusal() {
  const [refused, setRefused] = useState<string | null>(null);
  const alertId = useId();
  return {
    refused,
    alertId,
    clear: () => setRefused(null),
    refuse: (error: unknown) => setRefused(applyServerErrors(error, () => undefined, []) ?? 'Ce code ne convient pas.'),
  };
}

function Refusal({ id, children }: { id: string; children: string }) {
  return (
    <div id={id}>
      <Alert>{children}</Alert>
    </div>
  );
}

/** Leaves the pending step: back to the login (another account, or later). */
function CancelLogin() {
  const logout = useStaffLogout();
  return (
    <Button variant="ghost" busy={logout.isPending} onClick={() => logout.mutate()}>
      Annuler et revenir à la connexion
    </Button>
  );
}

/**
 * The login's second step (an admin whose password was right): the six digits their app shows,
 * or one of their recovery codes. The field says which it expects; a refusal is announced.
 */
export function SecondFactorStep({ me }: { me: StaffMe }) {
  const online = useOnline();
  const verify = useSecondFactor();
  const [recovery, setRecovery] = useState(false);
  const { refused, refuse, clear, alertId } = useRefusal();
  const { register, handleSubmit, setFocus, reset, formState } = useForm<CodeValues>({ resolver: zodResolver(staffCodeBodySchema), defaultValues: { code: '' } });
  const onSubmit = handleSubmit(async (values) => {
    clear();
    try {
      await verify.mutateAsync(values);
    } catch (error) {
      refuse(error);
      setFocus('code');
    }
  });
  const switchKind = () => {
    setRecovery((was) => !was);
    clear();
    reset({ code: '' });
    setTimeout(() => setFocus('code'));
  };
  const refusedField = refused ? { 'aria-invalid': true, 'aria-describedby': alertId } : {};
  // The step replaced the login form (and its button, which had the focus): the code is next.
  useEffect(() => setFocus('code'), [setFocus]);
  return (
    <section className={forms.card} aria-labelledby="second-factor-title">
      <h1 id="second-factor-title">Vérification en deux étapes</h1>
      <p className={forms.lead}>
        {me.name}, ouvrez votre application d’authentification (Google Authenticator, Aegis, 1Password…) et saisissez le code affiché pour Popote Équipe.
      </p>
      <form method="post" className={forms.form} onSubmit={onSubmit} noValidate aria-label="Code de vérification">
        {refused ? <Refusal id={alertId}>{refused}</Refusal> : null}
        {recovery ? (
          <TextField
            key="recovery"
            label="Code de secours"
            hint="Un des codes de secours reçus à l’activation, par exemple abcd-efgh-jkmn-pqrs. Chacun ne sert qu’une fois."
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            error={formState.errors.code?.message}
            {...refusedField}
            {...register('code')}
          />
        ) : (
          <TextField
            key="totp"
            label="Code à 6 chiffres"
            hint="Le code change toutes les 30 secondes : saisissez celui affiché maintenant."
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9 ]*"
            maxLength={7}
            required
            error={formState.errors.code?.message}
            {...refusedField}
            {...register('code')}
          />
        )}
        <Button type="submit" busy={verify.isPending} disabled={!online}>
          Valider
        </Button>
        <OfflineReason offline={!online} />
      </form>
      <div className={styles.alternatives}>
        <Button variant="ghost" onClick={switchKind}>
          {recovery ? 'Utiliser le code de mon application' : 'Je n’ai pas mon téléphone : utiliser un code de secours'}
        </Button>
        <CancelLogin />
      </div>
      <p className={styles.note}>Sans téléphone ni code de secours, demandez à un autre administrateur de réinitialiser votre double authentification.</p>
    </section>
  );
}

/**
 * An admin without a second factor enrols before anything opens: the QR code to scan (and the
 * secret in text, for typing it in), a code to confirm, then the recovery codes, shown once
 * (`onEnrolled`: the shell keeps them on screen until the member says they are kept).
 */
export function EnrolmentStep({ me, onEnrolled }: { me: StaffMe; onEnrolled: (codes: string[]) => void }) {
  const online = useOnline();
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const { refused, refuse, clear, alertId } = useRefusal();
  const secretId = useId();
  const { register, handleSubmit, setFocus, formState } = useForm<CodeValues>({ resolver: zodResolver(staffCodeBodySchema), defaultValues: { code: '' } });
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The step replaced the page the member was on: its title is read first, then the steps.
  useEffect(() => heading.current?.focus(), []);
  const { mutate: draw } = start;
  useEffect(() => {
    // One secret per visit of the step (React's development double effect draws none twice).
    if (started.current) return;
    started.current = true;
    draw();
  }, [draw]);
  const onSubmit = handleSubmit(async (values) => {
    clear();
    try {
      const answer = await confirm.mutateAsync(values);
      onEnrolled(answer.recovery_codes);
    } catch (error) {
      refuse(error);
      setFocus('code');
    }
  });
  const enrolment = start.data;
  return (
    <section className={`${forms.card} ${styles.wide}`} aria-labelledby="enrolment-title">
      <h1 id="enrolment-title" ref={heading} tabIndex={-1}>
        Activez la vérification en deux étapes
      </h1>
      <p className={forms.lead}>
        {me.name}, un compte administrateur rembourse des clients et voit leurs commandes : il se protège par un code à 6 chiffres donné par une application d’authentification sur votre
        téléphone (Google Authenticator, Aegis, 1Password, Microsoft Authenticator…), en plus du mot de passe.
      </p>
      <ol className={styles.steps}>
        <li>
          <h2 className={styles.stepTitle}>Scannez ce QR code avec l’application</h2>
          {start.isError ? (
            <Alert>
              Impossible d’afficher le QR code : {start.error.message}{' '}
              <Button variant="ghost" size="sm" onClick={() => draw()}>
                Réessayer
              </Button>
            </Alert>
          ) : enrolment ? (
            <div className={styles.qr}>
              <img src={enrolment.qr_code} width={200} height={200} alt={`QR code à scanner : il ajoute Popote Équipe (${me.email}) à votre application d’authentification.`} />
              <div>
                <p id={secretId} className={styles.note}>
                  Pas de caméra ? Dans l’application, choisissez « Saisir une clé » et tapez :
                </p>
                <p className={styles.secret}>
                  <code aria-describedby={secretId}>{enrolment.secret}</code>
                </p>
                <CopyButton text={enrolment.secret.replace(/ /g, '')} label="Copier la clé" />
              </div>
            </div>
          ) : (
            <p role="status">Préparation du QR code…</p>
          )}
        </li>
        <li>
          <h2 className={styles.stepTitle}>Saisissez le code que l’application affiche</h2>
          <form method="post" className={forms.form} onSubmit={onSubmit} noValidate aria-label="Confirmer la vérification en deux étapes">
            {refused ? <Refusal id={alertId}>{refused}</Refusal> : null}
            <TextField
              label="Code à 6 chiffres"
              hint="Il change toutes les 30 secondes."
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9 ]*"
              maxLength={7}
              required
              error={formState.errors.code?.message}
              {...(refused ? { 'aria-invalid': true, 'aria-describedby': alertId } : {})}
              {...register('code')}
            />
            <Button type="submit" busy={confirm.isPending} disabled={!online || !enrolment}>
              Activer
            </Button>
            <OfflineReason offline={!online} />
          </form>
        </li>
      </ol>
      <div className={styles.alternatives}>
        <CancelLogin />
      </div>
    </section>
  );
}

function CopyButton({ text, label, size = 'sm' }: { text: string; label: string; size?: 'sm' | 'md' }) {
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => notify({ title: 'Copié', message: 'Collez-le en lieu sûr.', type: 'success' }),
      () => notify({ title: 'Copie impossible', message: 'Sélectionnez le texte et copiez-le vous-même.', type: 'error' }),
    );
  return (
    <Button variant="secondary" size={size} onClick={() => void copy()}>
      {label}
    </Button>
  );
}

/**
 * The recovery codes, shown once after the enrolment: to print or copy, each usable once in place
 * of a code. The member says they kept them before going on.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const changed = useSessionChanged();
  const [kept, setKept] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const done = () => {
    onDone();
    void changed();
  };
  return (
    <section className={`${forms.card} ${styles.wide} ${styles.printable}`} aria-labelledby="recovery-title">
      <h1 id="recovery-title" ref={heading} tabIndex={-1}>
        Vos codes de secours
      </h1>
      <Alert tone="info">La vérification en deux étapes est activée.</Alert>
      <p className={forms.lead}>
        Si vous perdez votre téléphone, chacun de ces codes remplace une fois le code de l’application. Imprimez-les ou copiez-les en lieu sûr (pas sur ce téléphone) : ils ne seront plus
        affichés.
      </p>
      <ol className={styles.codes} aria-label="Codes de secours">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={`${forms.actions} ${styles.noPrint}`}>
        <Button variant="secondary" onClick={() => window.print()}>
          Imprimer
        </Button>
        <CopyButton text={codes.join('\n')} label="Copier les codes" size="md" />
      </div>
      <div className={`${forms.form} ${styles.noPrint}`}>
        <label className={styles.check}>
          <input type="checkbox" checked={kept} onChange={(event) => setKept(event.target.checked)} /> J’ai mis ces codes en lieu sûr
        </label>
        <Button disabled={!kept} onClick={done}>
          Continuer vers Popote Équipe
        </Button>
      </div>
    </section>
  );
}
