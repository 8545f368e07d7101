import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { OfflineReason } from '../../../components/ui/offline-reason';
import { useOnline } from '../../../lib/connection-store';
import { ApiError } from '../../../lib/api-client';
import { MESSAGES } from '../../../shared/api/messages';
import { newsletterBodySchema } from '../../../shared/api/newsletter';
import { NEWSLETTER_MESSAGE_MS } from '../../../shared/constants';
import { useSubscribe } from '../api/subscribe';
import styles from './newsletter-form.module.css';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

/**
 * Newsletter sign-up (footer and closed-website pop-in): after submit a message shows for 2 s,
 * then the form returns. An address that is not one gets the e-mail rule's own message on the
 * field (the shared schema before sending, the server's 422 after), and stays there to be mended.
 */
export function NewsletterForm({ compact = false }: { compact?: boolean }) {
  const online = useOnline();
  const id = useId();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const subscribe = useSubscribe();

  // The footer's form hydrates in a later pass, once its chunk is there: an address typed into the
  // field the server drew before then is in the field but not in the state, and is taken over.
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed) setEmail(typed);
  }, []);

  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), NEWSLETTER_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = newsletterBodySchema.safeParse({ email });
    if (!checked.success) {
      setInvalid(MESSAGES.email);
      inputRef.current?.focus();
      return;
    }
    setInvalid(null);
    subscribe.mutate(
      { email },
      {
        onSuccess: () => {
          setEmail('');
          setOutcome({ kind: 'success', text: MESSAGES.newsletterSuccess });
        },
        onError: (error) => {
          const fieldMessage = error instanceof ApiError ? error.fieldMessage('email') : undefined;
          if (fieldMessage) setInvalid(fieldMessage);
          else setOutcome({ kind: 'error', text: MESSAGES.newsletterFailure });
        },
      },
    );
  }

  if (outcome) {
    return (
      <p className={`${styles.message} ${styles[outcome.kind]}`} role="status">
        {outcome.text}
      </p>
    );
  }
  return (
    <form method="post" className={compact ? `${styles.form} ${styles.compact}` : styles.form} onSubmit={onSubmit} noValidate>
      <label htmlFor={id} className={styles.label}>
        Votre adresse e-mail
      </label>
      <div className={styles.row}>
        <input
          id={id}
          className={styles.input}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="prenom@entreprise.fr"
          ref={inputRef}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setInvalid(null);
          }}
          required
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
        />
        <Button type="submit" busy={subscribe.isPending} disabled={!online}>
          Je m’inscris
        </Button>
      </div>
      {invalid ? (
        <p id={`${id}-error`} className={`${styles.message} ${styles.error} ${styles.fieldError}`}>
          {invalid}
        </p>
      ) : null}
      <OfflineReason offline={!online} />
    </form>
  );
}
