import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { PanelSection } from '../../../components/ui/panel-section';
import type { PreOrder } from '../../../shared/api/checkout';
import { MEAL_VOUCHER_DAILY_LIMIT_CENTS } from '../../../shared/meal-vouchers';
import { formatEuros } from '../../../shared/money';
import { applyEdenredBalance, connectEdenred, logoutEdenred, refreshEdenredBalance } from '../edenred-flow';
import type { PaymentContext } from '../payment-flow';
import { edenredPlan } from '../payment-rules';
import { payment } from '../payment-store';
import styles from './payment-modal.module.css';

interface EdenredBlockProps {
  preOrder: PreOrder;
  linked: boolean;
  ctx: PaymentContext;
  /** What meal vouchers may still pay on this order (the day's 25 €, deposits left out). */
  mealLeft: number;
}

/**
 * The recap's Edenred block (docs/product/payments.md): connect when the account is not linked; else the
 * balance, apply it (all or part of the rest) and logout. The widget is offered either way.
 */
export function EdenredBlock({ preOrder, linked, ctx, mealLeft }: EdenredBlockProps) {
  const { edenredBalance: balance, edenredUsable: usable, edenredRefusal } = useSnapshot(payment);
  // What Edenred just refused is not offered again on this order (it would refuse it again).
  const refusal = edenredRefusal?.preOrderId === preOrder.id ? edenredRefusal.message : null;
  const [busy, setBusy] = useState<'apply' | 'logout' | null>(null);

  useEffect(() => {
    if (linked) void refreshEdenredBalance();
  }, [linked]);

  // Only what Edenred accepts today (its 25 € a day, today's payments counted) and what this
  // order's meal part still allows (the delivery day's 25 €, deposits left out) is offered.
  const offered = balance === null ? null : Math.min(usable ?? balance, mealLeft);
  const plan = offered === null ? null : edenredPlan(offered, preOrder.remaining_price);
  const applied = Boolean(preOrder.edenredPayment);

  async function run(kind: 'apply' | 'logout', action: () => Promise<void>) {
    setBusy(kind);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  }

  return (
    <PanelSection title="Edenred">
      {!linked ? (
        <>
          <p className={styles.note}>Payez tout ou partie de votre commande avec le solde de votre carte Ticket Restaurant® Edenred.</p>
          <Button variant="secondary" size="sm" onClick={() => connectEdenred(ctx)}>
            Connecter mon compte Edenred
          </Button>
        </>
      ) : (
        <>
          <p className={styles.line}>
            <span>Solde Edenred</span>
            <strong data-testid="edenred-balance">{balance === null ? 'Chargement…' : formatEuros(balance)}</strong>
          </p>
          {balance !== null && offered !== null && offered < balance ? (
            <p className={styles.line}>
              <span>Utilisable sur cette commande (plafond de 25 € par jour)</span>
              <strong data-testid="edenred-usable">{formatEuros(offered)}</strong>
            </p>
          ) : null}
          <Button
            variant="secondary"
            size="sm"
            busy={busy === 'apply'}
            disabled={!plan || applied || busy !== null || refusal !== null}
            onClick={() => plan && void run('apply', () => applyEdenredBalance(preOrder, plan, ctx))}
          >
            {plan?.mode === 'partly' ? `Utiliser ${formatEuros(plan.amount)} de mon solde Edenred` : 'Payer avec mon solde Edenred'}
          </Button>
          {refusal ? (
            <p className={styles.note} data-testid="edenred-refused">
              {refusal} Réglez le reste par carte.
            </p>
          ) : null}
          {busy === 'logout' ? (
            <p role="status" className={styles.note}>
              Déconnexion...
            </p>
          ) : (
            <LinkButton className={styles.add} onClick={() => void run('logout', () => logoutEdenred(ctx))} disabled={busy !== null}>
              Déconnecter mon compte Edenred
            </LinkButton>
          )}
        </>
      )}
      {preOrder.remaining_price > mealLeft ? (
        // The widget's payment is the whole rest, taken at once: beyond what meal vouchers may pay it cannot be.
        <p className={styles.note} data-testid="edenred-widget-cap">
          Le formulaire sécurisé Edenred règle tout le reste à payer, dans la limite de {formatEuros(MEAL_VOUCHER_DAILY_LIMIT_CENTS)} par jour, consigne exclue : au-delà,
          utilisez votre solde Edenred pour une partie et payez le reste par carte.
        </p>
      ) : preOrder.remaining_price > 0 ? (
        <LinkButton className={styles.add} onClick={() => (payment.screen = 'edenred')}>
          Payer avec le formulaire sécurisé Edenred
        </LinkButton>
      ) : null}
    </PanelSection>
  );
}
