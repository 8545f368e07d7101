import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { LinkButton } from '../../../components/ui/link-button';
import { OfflineReason } from '../../../components/ui/offline-reason';
import { PanelSection } from '../../../components/ui/panel-section';
import { useOnline } from '../../../lib/connection-store';
import { ApiError, NetworkError, newIdempotencyKey } from '../../../lib/api-client';
import { useAppState, useSettings } from '../../../lib/app-state';
import { closePanel, openPanel } from '../../../lib/panel-history';
import { CARD_MINIMUM_MESSAGE, cardAmountTooSmall, type PreOrder } from '../../../shared/api/checkout';
import { formatEuros } from '../../../shared/money';
import { paperVouchersEnabled } from '../../../shared/settings-rules';
import { applyPool, payWithoutCard } from '../api/payment-calls';
import { completePayment, payByCard, resumeCheckout, type PaymentContext } from '../payment-flow';
import { usePaymentContext } from '../use-payment-context';
import { removeEdenred } from '../edenred-flow';
import { payment, showRecap, type PaymentScreen } from '../payment-store';
import { EdenredBlock } from './edenred-block';
import { EdenredWidgetForm } from './edenred-widget-form';
import { VoucherForm } from './voucher-form';
import styles from './payment-modal.module.css';
import { MEAL_VOUCHER_CAP_NOTE } from '../../../shared/meal-vouchers';

interface RecapProps {
  preOrder: PreOrder;
  ctx: PaymentContext;
  paperVouchers: boolean;
  /** The customer linked an Edenred account (state's isConnectedToEdenred). */
  edenredLinked: boolean;
}

const backToCart = () => openPanel('cart');

const TITLES: Record<PaymentScreen, string> = {
  recap: 'Validation de votre panier',
  vouchers: 'Ma cagnotte Tickets resto papiers',
  edenred: 'Payer avec Edenred',
};

/**
 * The payment panel (docs/product/payments.md, `?volet=paiement`): the recap, the paper voucher
 * screen or the Edenred widget, one at a time. Opened by a checkout of this page, it shows that
 * checkout; opened otherwise (a reload, the forward button), the server's open pre-order.
 */
export function PaymentModal({ open }: { open: boolean }) {
  const ctx = usePaymentContext();
  const { data: state } = useAppState();
  const paperVouchers = paperVouchersEnabled(useSettings());
  const edenredLinked = Boolean(state?.customer?.isConnectedToEdenred);
  const { screen: asked, preOrder } = useSnapshot(payment) as { screen: PaymentScreen; preOrder: PreOrder | null };
  const screen = asked === 'vouchers' && !paperVouchers ? 'recap' : asked;
  const online = useOnline();
  // On opening only: a payment completed here empties the pre-order while the panel closes.
  useEffect(() => {
    if (open && !payment.preOrder) void resumeCheckout();
  }, [open]);
  return (
    <Dialog
      open={open}
      title={TITLES[screen]}
      onClose={() => closePanel('payment')}
      placement="panel-right"
      closeOnBackdrop={false}
    >
      {!preOrder ? (
        <p role="status">Chargement…</p>
      ) : screen === 'edenred' ? (
        <EdenredWidgetForm ctx={ctx} />
      ) : screen === 'vouchers' ? (
        <VoucherForm
          initial={preOrder.lunch_vouchers}
          preOrder={preOrder}
          onSaved={(updated) => {
            payment.preOrder = updated;
            showRecap();
          }}
          onCancel={showRecap}
        />
      ) : (
        // Paying needs the network: offline, the recap stays readable and every action waits.
        <fieldset className={styles.fieldset} disabled={!online}>
          <OfflineReason offline={!online}>Hors connexion : le paiement reprendra dès le retour du réseau.</OfflineReason>
          <Recap preOrder={preOrder} ctx={ctx} paperVouchers={paperVouchers} edenredLinked={edenredLinked} />
        </fieldset>
      )}
    </Dialog>
  );
}

/** A lost answer to "Valider ma commande": the order may be placed; tapping again says which, never paying twice. */
const LOST_PLACEMENT_MESSAGE = 'La connexion a été perdue avant la réponse : votre commande est peut-être déjà passée. Touchez « Valider ma commande » à nouveau pour le savoir : elle ne sera jamais payée deux fois.';

/** The recap and its means of payment (exported for its component test). */
export function Recap({ preOrder, ctx, paperVouchers, edenredLinked }: RecapProps) {
  const { restDayConfirmed } = useSnapshot(payment);
  const meal = preOrder.meal_vouchers;
  // On a Sunday or a public holiday, meal vouchers wait for the customer to say their employer allows them.
  const mealAllowed = !meal.rest_day_note || restDayConfirmed === preOrder.id;
  const mealLeft = mealAllowed ? meal.left : 0;
  const [pool, setPool] = useState<'idle' | 'loading' | 'partial'>('idle');
  const [poolError, setPoolError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [cardBusy, setCardBusy] = useState(false);
  const remaining = preOrder.remaining_price;
  // One placement per pre-order, however often "Valider ma commande" is tapped (payment-calls.ts).
  const payKey = useMemo(() => `${preOrder.id}-${newIdempotencyKey()}`, [preOrder.id]);

  // The pool is applied, never spent at once: when it pays everything, "Valider ma commande"
  // places the order, a step the customer takes knowingly.
  async function payWithPool() {
    setPool('loading');
    setPoolError(null);
    try {
      const updated = await applyPool();
      payment.preOrder = updated;
      setPool(updated.remaining_price === 0 ? 'idle' : 'partial');
      void ctx.refresh();
    } catch (err) {
      setPool('idle');
      setPoolError(err instanceof ApiError ? err.body.message : 'Une erreur est survenue.');
    }
  }

  async function payCard() {
    setCardError(null);
    if (cardAmountTooSmall(remaining)) {
      setCardError(CARD_MINIMUM_MESSAGE);
      return;
    }
    setCardBusy(true);
    try {
      await payByCard();
    } catch (err) {
      setCardError(err instanceof ApiError ? err.body.message : CARD_MINIMUM_MESSAGE);
    } finally {
      setCardBusy(false);
    }
  }

  async function finish() {
    setCardBusy(true);
    setCardError(null);
    try {
      await completePayment(await payWithoutCard(payKey), ctx);
    } catch (err) {
      // The answer may be lost after the order was placed: the same key, tapped again, brings it back.
      if (err instanceof NetworkError) setCardError(LOST_PLACEMENT_MESSAGE);
      else setCardError(err instanceof ApiError ? err.body.message : 'Une erreur est survenue.');
    } finally {
      setCardBusy(false);
    }
  }

  return (
    <div className={styles.recap}>
      <LinkButton className={styles.back} onClick={backToCart}>
        ‹ Retour au panier
      </LinkButton>
      <p className={styles.line}>
        <span>Montant de la commande</span>
        <strong data-testid="payment-final-price">{formatEuros(preOrder.final_price)}</strong>
      </p>
      {preOrder.edenredPayment ? (
        <p className={`${styles.line} ${styles.applied}`}>
          <span>
            Paiement Edenred
            <LinkButton onClick={() => void removeEdenred(preOrder)}>Enlever</LinkButton>
          </span>
          <strong data-testid="payment-edenred">− {formatEuros(preOrder.edenredPayment.unit_amount)}</strong>
        </p>
      ) : null}
      {preOrder.paper_vouchers > 0 ? (
        // Declared vouchers always come off the rest to pay, whatever was tapped after them.
        <p className={`${styles.line} ${styles.applied}`}>
          <span>Titres-restaurant papier, à remettre au livreur</span>
          <strong data-testid="payment-paper-vouchers">− {formatEuros(preOrder.paper_vouchers)}</strong>
        </p>
      ) : null}
      {meal.rest_day_note ? <RestDayNotice preOrder={preOrder} confirmed={mealAllowed} /> : null}
      {paperVouchers ? (
        <PanelSection title="Ma cagnotte">
          <dl className={styles.pool}>
            <div>
              <dt>Solde de ma cagnotte</dt>
              <dd data-testid="payment-available-pool">{formatEuros(preOrder.available_pool)}</dd>
            </div>
            <div>
              <dt>Utilisable sur cette commande</dt>
              <dd data-testid="payment-max-usable-pool">{formatEuros(preOrder.max_usable_pool)}</dd>
            </div>
            {preOrder.pool > 0 ? (
              <div>
                <dt>Cagnotte utilisée</dt>
                <dd data-testid="payment-pool">− {formatEuros(preOrder.pool)}</dd>
              </div>
            ) : null}
          </dl>
          {pool === 'loading' ? (
            <p role="status" className={styles.note}>
              Votre paiement cagnotte est en cours...
            </p>
          ) : preOrder.max_usable_pool > 0 && preOrder.pool < preOrder.max_usable_pool ? (
            <Button variant="secondary" size="sm" onClick={() => void payWithPool()}>
              Utiliser ma cagnotte ({formatEuros(preOrder.max_usable_pool)})
            </Button>
          ) : null}
          {preOrder.paper_vouchers_note ? <p className={styles.note}>{preOrder.paper_vouchers_note}</p> : null}
          {pool === 'partial' ? <Alert tone="info">Paiement enregistré, en attente du reste à payer</Alert> : null}
          {poolError ? <Alert>{poolError}</Alert> : null}
          {mealAllowed && meal.room > (preOrder.edenredPayment?.unit_amount ?? 0) ? (
            <LinkButton className={styles.add} onClick={() => (payment.screen = 'vouchers')}>
              + Ajouter des tickets resto papiers à ma cagnotte
            </LinkButton>
          ) : null}
        </PanelSection>
      ) : null}
      <p className={`${styles.line} ${styles.remaining}`}>
        <span>Reste à payer</span>
        <strong data-testid="payment-remaining-price">{formatEuros(remaining)}</strong>
      </p>
      {remaining > 0 && mealAllowed && mealLeft < remaining ? (
        // Why meal vouchers are offered less than the rest to pay.
        <p className={styles.note} data-testid="meal-voucher-cap">
          {MEAL_VOUCHER_CAP_NOTE} Titres-restaurant encore possibles sur cette commande : {formatEuros(mealLeft)}.
        </p>
      ) : null}
      {remaining > 0 && mealAllowed ? <EdenredBlock preOrder={preOrder} linked={edenredLinked} ctx={ctx} mealLeft={mealLeft} /> : null}
      {remaining > 0 ? (
        <PanelSection title="Moyens de paiement">
          <Button className={styles.type} onClick={() => void payCard()} busy={cardBusy}>
            CB / Tickets restaurant
          </Button>
          <p className={styles.note}>Carte bancaire ou carte Tickets restaurant (Swile, Up, Pluxee…), sur la page sécurisée de notre partenaire.</p>
        </PanelSection>
      ) : (
        <>
          <p className={styles.note}>Il ne reste rien à payer : validez votre commande pour la confirmer.</p>
          <Button onClick={() => void finish()} busy={cardBusy}>
            Valider ma commande
          </Button>
        </>
      )}
      {cardError ? <Alert>{cardError}</Alert> : null}
    </div>
  );
}

/** A Sunday or a public holiday: meal vouchers only once the customer says their employer allows them. */
function RestDayNotice({ preOrder, confirmed }: { preOrder: PreOrder; confirmed: boolean }) {
  return (
    <div className={styles.restDay} data-testid="meal-voucher-rest-day">
      <Alert tone="info">{preOrder.meal_vouchers.rest_day_note}</Alert>
      <label className={styles.confirm}>
        <input type="checkbox" checked={confirmed} onChange={(e) => (payment.restDayConfirmed = e.target.checked ? preOrder.id : null)} />
        Mon employeur autorise les titres-restaurant ce jour-là
      </label>
    </div>
  );
}
