import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { LinkButton } from '../../../components/ui/link-button';
import { ApiError } from '../../../lib/api-client';
import { EDENRED_WIDGET_GLOBAL, type EdenredWidgetApi } from '../../../shared/api/edenred';
import { formatEuros } from '../../../shared/money';
import { closeEdenredWidget, startEdenredWidget } from '../api/payment-calls';
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
    let session: string | null = null;
    let authorized = false;
    (async () => {
      try {
        const { pre_order, widget } = await startEdenredWidget();
        session = widget.session_id;
        if (cancelled) return closeUnpaid();
        payment.preOrder = pre_order;
        payment.widget = widget;
        await loadScript(widget.script_url);
        const api = window[EDENRED_WIDGET_GLOBAL];
        if (cancelled || !host.current) return;
        if (!api) throw new Error('Le script Edenred ne s’est pas chargé.');
        setAmount(widget.amount);
        mounted = api.mount(host.current, {
          sessionId: widget.session_id,
          onAuthorized: (payload) => {
            authorized = true;
            void widgetAuthorized(payload, ctx);
          },
          onError: (errorText) => widgetFailed(errorText, ctx),
        });
        setStatus('ready');
      } catch (err) {
        if (cancelled) return;
        setStatus('error');
        setError(err instanceof ApiError ? err.body.message : 'Le formulaire Edenred est momentanément indisponible. Réessayez dans un instant.');
      }
    })();
    // Left unpaid, the session is closed on the server: while open, it holds the pre-order's
    // vouchers and pool as they were when it was made for the rest to pay.
    function closeUnpaid() {
      if (!session || authorized) return;
      closeEdenredWidget(session).then(
        (preOrder) => {
          if (payment.preOrder?.id === preOrder.id) payment.preOrder = preOrder;
        },
        (err: unknown) => console.error('Fermeture du formulaire Edenred', err),
      );
    }
    return () => {
      cancelled = true;
      mounted?.unmount();
      closeUnpaid();
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
