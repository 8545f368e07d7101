import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { OfflineReason } from '../../../components/ui/offline-reason';
import { useOnline } from '../../../lib/connection-store';
import { MESSAGES } from '../../../shared/api/messages';
import { NEWSLETTER_MESSAGE_MS } from '../../../shared/constants';
import { useSubscribe } from '../api/subscribe';
import styles from './newsletter-form.module.css';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

/**
 * Newsletter sign-up (footer and closed-website pop-in): after submit a message shows for 2 s,
 * then the form returns.
 */
export function NewsletterForm({ compact = false }: { compact?: boolean }) {
  const online = useOnline();
  const id = useId();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const subscribe = useSubscribe();

  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), NEWSLETTER_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    subscribe.mutate(
      { email },
      {
        onSuccess: () => {
          setEmail('');
          setOutcome({ kind: 'success', text: MESSAGES.newsletterSuccess });
        },
        onError: () => setOutcome({ kind: 'error', text: MESSAGES.newsletterFailure }),
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
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <Button type="submit" busy={subscribe.isPending} disabled={!online}>
          Je m&apos;inscris
        </Button>
      </div>
      <OfflineReason offline={!online} />
    </form>
  );
}
