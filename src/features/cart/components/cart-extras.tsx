import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { LinkButton } from '../../../components/ui/link-button';
import { Stepper } from '../../../components/ui/stepper';
import type { Cart } from '../../../shared/api/cart';
import { DEPOSIT_PER_MENU_CENTS } from '../../../shared/constants';
import { formatEuros, wholeEuros } from '../../../shared/money';
import { changeCutlery, changeDeposits, changeToteBags } from '../api/cart-calls';
import { cartState } from '../cart-store';
import styles from './cart-modal.module.css';

const priceLabel = (cents: number) => (cents === 0 ? 'Offert' : formatEuros(cents));

/** 'Un petit bonus ?': cutlery and tote bag, each only when the settings offer it. */
export function CartBonuses({ cart, cutlery, toteBags }: { cart: Cart; cutlery: boolean; toteBags: boolean }) {
  const { pending } = useSnapshot(cartState);
  return (
    <ul className={styles.rows}>
      {cutlery ? (
        <li className={styles.row}>
          <span>
            Couverts <small className={styles.muted}>{priceLabel(cart.cutlery.unit_price)} · 1 set par formule</small>
          </span>
          <Stepper
            value={cart.cutlery.quantity}
            label="couverts"
            busy={Boolean(pending.cutlery)}
            onIncrement={() => void changeCutlery(true)}
            onDecrement={() => void changeCutlery(false)}
          />
        </li>
      ) : null}
      {toteBags ? (
        <li className={styles.row}>
          <span>
            Tote bag <small className={styles.muted}>{priceLabel(cart.tote_bags.unit_price)} · 1 par formule</small>
          </span>
          <Stepper
            value={cart.tote_bags.quantity}
            label="tote bags"
            busy={Boolean(pending['tote-bags'])}
            onIncrement={() => void changeToteBags(true)}
            onDecrement={() => void changeToteBags(false)}
          />
        </li>
      ) : null}
    </ul>
  );
}

/** 'Vos consignes': what the formulas add, the containers given back, and why (info toggle). */
export function CartDeposits({ cart }: { cart: Cart }) {
  const { pending } = useSnapshot(cartState);
  const [info, setInfo] = useState(false);
  const infoId = useId();
  return (
    <>
      <LinkButton aria-expanded={info} aria-controls={infoId} onClick={() => setInfo(!info)}>
        Comment ça marche ?
      </LinkButton>
      <p id={infoId} className={styles.info} hidden={!info}>
        Chaque formule est livrée dans des contenants réutilisables consignés {formatEuros(DEPOSIT_PER_MENU_CENTS)}. Rendez-les
        propres au livreur lors d’une prochaine commande : leur consigne est déduite de celle-ci.
      </p>
      <ul className={styles.rows}>
        {cart.deposit_added_quantity > 0 ? (
          <li className={styles.row}>
            <span>
              Consigne ajoutée <small className={styles.muted}>{cart.deposit_added_quantity} × {formatEuros(DEPOSIT_PER_MENU_CENTS)}</small>
            </span>
            <strong>{formatEuros(cart.deposit_added_amount)}</strong>
          </li>
        ) : null}
        <li className={styles.row}>
          <span>
            Consignes rendues <small className={styles.muted}>{wholeEuros(DEPOSIT_PER_MENU_CENTS / 100)} l’unité</small>
          </span>
          <Stepper
            value={cart.deposit_removed_quantity}
            label="consignes rendues"
            busy={Boolean(pending.deposits)}
            onIncrement={() => void changeDeposits(true)}
            onDecrement={() => void changeDeposits(false)}
          />
        </li>
      </ul>
    </>
  );
}
