import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { LinkButton } from '../../../components/ui/link-button';
import { ApiError } from '../../../lib/api-client';
import { EDENRED_WIDGET_GLOBAL, type EdenredWidgetApi } from '../../../shared/api/edenred';
import { formatEuros } from '../../../shared/money';
import { startEdenredWidget } from '../api/payment-calls';
import { widgetAuthorized, widgetFailed } from '../edenred-flow';
import type { PaymentContext } from '../payment-flow';
import { payment, showRecap } from '../payment-store';
import styles from './payment-modal.module.css';

declare global {
  interface Window {
    [EDENRED_WIDGET_GLOBAL]?: EdenredWidgetApi<HTMLElement>;
  }
}

/** Loads the provider's script once per URL. */
const scripts = new Map<string, Promise<void>>();
function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(src);
        script.remove();
        reject(new Error(`Script Edenred indisponible : ${src}`));
      };
      document.head.append(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

/**
 * The voucher-provider form (docs/product/payments.md): a widget session is opened for the rest to pay, the
 * provider's script renders its form here, and its authorization is registered and followed.
 */
export function EdenredWidgetForm({ ctx }: { ctx: PaymentContext }) {
  const host = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | null>(null);

  useEffect(() => {
    let mounted: { unmount(): void } | null = null;
    let cancelled = false;
    (async () => {
      try {
        const { pre_order, widget } = await startEdenredWidget();
        payment.preOrder = pre_order;
        payment.widget = widget;
        await loadScript(widget.script_url);
        const api = window[EDENRED_WIDGET_GLOBAL];
        if (cancelled || !host.current) return;
        if (!api) throw new Error('Le script Edenred ne s’est pas chargé.');
        setAmount(widget.amount);
        mounted = api.mount(host.current, {
          sessionId: widget.session_id,
          onAuthorized: (payload) => void widgetAuthorized(payload, ctx),
          onError: (errorText) => widgetFailed(errorText, ctx),
        });
        setStatus('ready');
      } catch (err) {
        if (cancelled) return;
        setStatus('error');
        setError(err instanceof ApiError ? err.body.message : 'Le formulaire Edenred est momentanément indisponible. Réessayez dans un instant.');
      }
    })();
    return () => {
      cancelled = true;
      mounted?.unmount();
    };
  }, [ctx]);

  return (
    <div className={styles.recap}>
      <LinkButton className={styles.back} onClick={showRecap}>
        ‹ Retour au récapitulatif
      </LinkButton>
      {amount !== null ? (
        <p className={styles.line}>
          <span>À payer avec Edenred</span>
          <strong>{formatEuros(amount)}</strong>
        </p>
      ) : null}
      {status === 'loading' ? <p role="status">Chargement du formulaire Edenred…</p> : null}
      {error ? <Alert>{error}</Alert> : null}
      <div ref={host} className={styles.widget} data-testid="edenred-widget" />
    </div>
  );
}
