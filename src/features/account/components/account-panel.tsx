import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { LinkButton } from '../../../components/ui/link-button';
import { PanelSection } from '../../../components/ui/panel-section';
import { QueryStatus } from '../../../components/ui/query-status';
import type { Order, User } from '../../../shared/api/auth';
import { readDueCardReturn, withoutDueCardReturn, type DueCardAnswer } from '../../../shared/api/balance-due';
import { cardAmountTooSmall } from '../../../shared/api/checkout';
import { PAGE_SIZE } from '../../../shared/constants';
import { formatEuros } from '../../../shared/money';
import { formatLongDate, formatShortDateTime } from '../../../lib/format';
import { meQuery, useDueCardOutcome, useLogout, usePayDueByCard, useSettleDue } from '../api/auth-calls';
import { formatSponsorAmount, orderDeliveryDate, pageOf } from '../account-rules';
import styles from './account-panel.module.css';
import { pathOf } from '../../../shared/api/route-table';
import { ACCOUNT } from '../../../shared/api/routes/account';

interface AccountPanelProps {
  /** The current and usual delivery points, composed by the shell. */
  delivery: ReactNode;
  /** What the app adds above the orders (the arrival notices' offer). */
  notices?: ReactNode;
  /** Paper lunch vouchers on (settings): the pool shows. */
  showPool: boolean;
  onLoggedOut: () => void;
  onHelp: () => void;
}

/** The logged-in account modal (docs/product/accounts.md). */
export function AccountPanel(props: AccountPanelProps) {
  const me = useQuery(meQuery);
  return (
    <QueryStatus query={me} loading="Chargement de votre compte…" offline="Hors connexion : votre compte s’affichera dès le retour du réseau." error="Impossible de charger votre compte.">
      {(user) => <Account user={user} {...props} />}
    </QueryStatus>
  );
}

function Pager({ page, pages, onPage, label }: { page: number; pages: number; onPage: (page: number) => void; label: string }) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ← Plus récentes
      </Button>
      <span>
        Page {page} / {pages}
      </span>
      <Button variant="ghost" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Plus anciennes →
      </Button>
    </nav>
  );
}

/**
 * What is still due on an order, and how to settle it: by card (PayGreen's page), from the pool
 * when it holds something (as much as it holds), else with the team (paper vouchers or cash, to the
 * courier or the office).
 */
function BalanceDue({ order, pool }: { order: Order; pool: number }) {
  const settle = useSettleDue();
  const card = usePayDueByCard();
  const settled = settle.data;
  const error = settle.error ?? card.error;
  const byCard = !cardAmountTooSmall(order.balance_due);
  return (
    <div className={styles.due} data-testid="balance-due">
      <p>
        Reste à régler : <strong>{formatEuros(order.balance_due)}</strong> (titres-restaurant ou contenants manquants à la livraison, détail envoyé par e-mail)
      </p>
      <div className={styles.dueActions}>
        {byCard ? (
          <Button size="sm" busy={card.isPending || card.isSuccess} disabled={settle.isPending} onClick={() => card.mutate(order.id)}>
            Payer par carte ({formatEuros(order.balance_due)})
          </Button>
        ) : null}
        {pool > 0 ? (
          <Button variant="secondary" size="sm" busy={settle.isPending} disabled={card.isPending} onClick={() => settle.mutate(order.id)}>
            Régler avec ma cagnotte ({formatEuros(Math.min(pool, order.balance_due))})
          </Button>
        ) : null}
      </div>
      {pool > 0 ? null : <p className={styles.muted}>{byCard ? 'Ou réglez-le' : 'Réglez-le'} au livreur lors d’une prochaine livraison (titres-restaurant papier ou espèces).</p>}
      <p role="status" className={styles.muted}>
        {settled ? `${formatEuros(settled.settled)} réglés avec votre cagnotte${settled.due ? ` : il reste ${formatEuros(settled.due)}.` : '.'}` : ''}
      </p>
      {error ? <Alert>{error instanceof ApiError ? error.body.message : 'Le règlement n’a pas pu être fait : réessayez.'}</Alert> : null}
    </div>
  );
}

/** What the customer reads once back from PayGreen's page (src/shared/api/balance-due.ts); a no-break space before each colon. */
function dueCardText(answer: DueCardAnswer): { text: string; tone: 'error' | 'info' } {
  const left = answer.due ? `il reste ${formatEuros(answer.due)} à régler sur cette commande.` : 'plus rien n’est dû sur cette commande.';
  switch (answer.status) {
    case 'success':
      return { tone: 'info', text: `Paiement par carte accepté\u00a0: ${formatEuros(answer.settled)} réglés, ${left}` };
    case 'pending':
      return { tone: 'info', text: 'Votre paiement par carte est en cours de validation\u00a0: le reste à régler sera mis à jour dès que la banque l’aura confirmé.' };
    case 'canceled':
      return { tone: 'error', text: `Paiement par carte annulé\u00a0: rien n’a été débité, ${left}` };
    default:
      return answer.due
        ? { tone: 'error', text: `Le paiement par carte n’a pas abouti\u00a0: rien n’a été réglé, ${left}` }
        : { tone: 'error', text: 'Ce reste était déjà réglé\u00a0: votre paiement par carte vous est remboursé.' };
  }
}

/**
 * Back from PayGreen's page with a card payment of a balance due (its return or "Annuler et
 * revenir"): the server is asked what it came to, once, and the address loses the return's
 * parameters (the panel stays open).
 */
function DueCardReturn() {
  const router = useRouter();
  const outcome = useDueCardOutcome();
  useEffect(() => {
    const { pathname, search, hash } = window.location;
    const back = readDueCardReturn(search);
    if (!back) return;
    router.history.replace(`${pathname}${withoutDueCardReturn(search)}${hash}`);
    outcome.mutate(back);
    // Once, when the panel opens on the return.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (outcome.isPending) return <p role="status">Vérification de votre paiement par carte…</p>;
  if (outcome.error) return <Alert>{outcome.error instanceof ApiError ? outcome.error.body.message : 'Impossible de vérifier votre paiement par carte : rouvrez votre compte dans un instant.'}</Alert>;
  if (!outcome.data) return null;
  const { text, tone } = dueCardText(outcome.data);
  return <Alert tone={tone}>{text}</Alert>;
}

function OrderItem({ order, pool }: { order: Order; pool: number }) {
  const deliveryDay = orderDeliveryDate(order);
  return (
    <li className={styles.order} id={`commande-${order.id}`} data-testid="order">
      <div className={styles.orderHead}>
        <strong>{deliveryDay ? `Livraison du ${formatLongDate(deliveryDay)}` : 'Livraison'}</strong>
        <span className={styles.status}>{order.current_status_text}</span>
      </div>
      <p className={styles.muted}>
        {order.products.map((p) => `${p.quantity > 1 ? `${p.quantity} × ` : ''}${p.name}`).join(', ')}
      </p>
      {order.balance_due > 0 ? <BalanceDue order={order} pool={pool} /> : null}
      <div className={styles.orderFoot}>
        <span>{formatEuros(order.amount_total)}</span>
        {order.invoice_number ? (
          <a href={pathOf(ACCOUNT.getPdfsInvoicesById, { id: order.id })} target="_blank" rel="noreferrer" data-router="ignore">
            Facture {order.invoice_number}
          </a>
        ) : null}
      </div>
    </li>
  );
}

function Account({ user, delivery, notices, showPool, onLoggedOut, onHelp }: AccountPanelProps & { user: User }) {
  const logout = useLogout();
  const [orderPage, setOrderPage] = useState(1);
  const [poolPage, setPoolPage] = useState(1);
  const orders = pageOf(user.orders, orderPage, PAGE_SIZE);
  const history = pageOf(user.poolHistories, poolPage, PAGE_SIZE);
  const sponsor = user.sponsorCodes[0];

  return (
    <div className={styles.panel}>
      <div className={styles.greeting}>
        <p>
          Bonjour <strong>{user.firstname}</strong>{'\u202f'}!
        </p>
        <LinkButton onClick={() => logout.mutate(undefined, { onSuccess: onLoggedOut })} disabled={logout.isPending}>
          Se déconnecter
        </LinkButton>
      </div>
      <PanelSection title="Mes informations">
        <p className={styles.info}>
          <span>
            {user.firstname} {user.lastname}
          </span>
          {user.company_name ? <span>{user.company_name}</span> : null}
          <span>{user.email}</span>
          <span>{user.phone}</span>
        </p>
      </PanelSection>
      <PanelSection title="Mes points de livraison">{delivery}</PanelSection>
      <PanelSection title="Mes commandes">
        <DueCardReturn />
        {notices}
        {user.orders.length ? (
          <>
            <ul className={styles.list}>
              {orders.items.map((o) => (
                <OrderItem key={o.id} order={o} pool={user.pool} />
              ))}
            </ul>
            <Pager page={orderPage} pages={orders.pages} onPage={setOrderPage} label="Pages des commandes" />
          </>
        ) : (
          <p className={styles.muted}>Pas encore de commande : votre premier déjeuner vous attend.</p>
        )}
      </PanelSection>
      {showPool ? (
        <PanelSection title="Ma cagnotte">
          <p className={styles.amount}>{formatEuros(user.pool)}</p>
          {user.poolPending ? <p className={styles.muted}>+ {formatEuros(user.poolPending)} en attente de remise (titres-restaurant papier)</p> : null}
          {user.poolHistories.length ? (
            <>
              <ul className={styles.list}>
                {history.items.map((h, i) => (
                  <li key={`${h.created_at}-${i}`} className={styles.row}>
                    <span>
                      {h.type_label} <small className={styles.muted}>{formatShortDateTime(new Date(h.created_at))}</small>
                    </span>
                    <strong className={h.amount < 0 ? styles.debit : styles.credit}>
                      {h.amount > 0 ? '+' : ''}
                      {formatEuros(h.amount)}
                    </strong>
                  </li>
                ))}
              </ul>
              <Pager page={poolPage} pages={history.pages} onPage={setPoolPage} label="Pages de la cagnotte" />
            </>
          ) : null}
        </PanelSection>
      ) : null}
      <PanelSection title="Mes consignes">
        <p>
          Vous avez <strong>{user.deposits}</strong> contenant{user.deposits > 1 ? 's' : ''} consigné{user.deposits > 1 ? 's' : ''} à rendre.
        </p>
      </PanelSection>
      {sponsor ? (
        <PanelSection title="Mon code parrain">
          <p>
            <strong className={styles.code}>{sponsor.code}</strong> : {formatSponsorAmount(sponsor)} offerts à vos collègues sur leur première
            commande.
          </p>
        </PanelSection>
      ) : null}
      <Button variant="secondary" onClick={onHelp}>
        Besoin d’aide ?
      </Button>
    </div>
  );
}
