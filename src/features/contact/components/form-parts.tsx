import { forwardRef, useEffect, useId, useState, type TextareaHTMLAttributes } from 'react';
import { Button } from '../../../components/ui/button';
import { OfflineReason } from '../../../components/ui/offline-reason';
import field from '../../../components/ui/text-field.module.css';
import { useOnline } from '../../../lib/connection-store';
import { CONTACT_MESSAGES } from '../../../shared/api/contact';
import { CONTACT_SUCCESS_MS } from '../../../shared/constants';
import styles from './contact-form.module.css';

export type SendStatus = 'idle' | 'loading' | 'success' | 'error';

/** idle → loading → success (for 2 s, then idle again) or error. */
export function useSendStatus() {
  const [status, setStatus] = useState<SendStatus>('idle');
  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => setStatus('idle'), CONTACT_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [status]);
  return [status, setStatus] as const;
}

interface MessageFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  error?: string;
}

/** The required « Message » area, with its error under it. Works with react-hook-form's register(). */
export const MessageField = forwardRef<HTMLTextAreaElement, MessageFieldProps>(function MessageField({ error, ...rest }, ref) {
  const id = useId();
  return (
    <div className={field.field}>
      <label htmlFor={id} className={field.label}>
        Message<span aria-hidden="true"> *</span>
      </label>
      <textarea
        ref={ref}
        id={id}
        className={`${field.input} ${styles.textarea}`}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      />
      {error ? (
        <p id={`${id}-error`} className={field.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
});

/** The privacy note and the send button, replaced by the success message for 2 s. */
export function SendFooter({ status, label, purpose, disabled = false }: { status: SendStatus; label: string; purpose: string; disabled?: boolean }) {
  // Sending needs the network; what is typed and attached stays in the form meanwhile.
  const online = useOnline();
  return (
    <>
      <p className={styles.legal}>
        Les champs marqués d’un * sont obligatoires. Vos données servent uniquement à {purpose} : lisez notre{' '}
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
        <Button type="submit" busy={status === 'loading'} disabled={disabled || !online} className={styles.submit}>
          {status === 'loading' ? CONTACT_MESSAGES.sending : label}
        </Button>
      )}
      <OfflineReason offline={!online} />
    </>
  );
}
