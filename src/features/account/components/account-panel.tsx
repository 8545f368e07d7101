import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { LinkButton } from '../../../components/ui/link-button';
import { PanelSection } from '../../../components/ui/panel-section';
import { QueryStatus } from '../../../components/ui/query-status';
import type { Order, User } from '../../../shared/api/auth';
import { PAGE_SIZE } from '../../../shared/constants';
import { formatEuros } from '../../../shared/money';
import { formatLongDate, formatShortDateTime } from '../../../lib/format';
import { meQuery, useLogout, useSettleDue } from '../api/auth-calls';
import { formatSponsorAmount, orderDeliveryDate, pageOf } from '../account-rules';
import styles from './account-panel.module.css';

interface AccountPanelProps {
  /** The current and usual delivery points, composed by the shell. */
  delivery: ReactNode;
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
 * What is still due on an order, and how to settle it: from the pool when it holds something (as
 * much as it holds), else with the team (paper vouchers or cash, to the courier or the office).
 */
function BalanceDue({ order, pool }: { order: Order; pool: number }) {
  const settle = useSettleDue();
  const settled = settle.data;
  return (
    <div className={styles.due} data-testid="balance-due">
      <p>
        Reste à régler : <strong>{formatEuros(order.balance_due)}</strong> (titres-restaurant ou contenants manquants à la livraison, détail envoyé par e-mail)
      </p>
      {pool > 0 ? (
        <Button variant="secondary" size="sm" busy={settle.isPending} onClick={() => settle.mutate(order.id)}>
          Régler avec ma cagnotte ({formatEuros(Math.min(pool, order.balance_due))})
        </Button>
      ) : (
        <p className={styles.muted}>Réglez-le au livreur lors d’une prochaine livraison (titres-restaurant papier ou espèces), ou rechargez votre cagnotte.</p>
      )}
      <p role="status" className={styles.muted}>
        {settled ? `${formatEuros(settled.settled)} réglés avec votre cagnotte${settled.due ? ` : il reste ${formatEuros(settled.due)}.` : '.'}` : ''}
      </p>
      {settle.error ? <Alert>{settle.error instanceof ApiError ? settle.error.body.message : 'Le règlement n’a pas pu être fait : réessayez.'}</Alert> : null}
    </div>
  );
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
          <a href={`/api/pdfs/invoices/${order.id}`} target="_blank" rel="noreferrer" data-router="ignore">
            Facture {order.invoice_number}
          </a>
        ) : null}
      </div>
    </li>
  );
}

function Account({ user, delivery, showPool, onLoggedOut, onHelp }: AccountPanelProps & { user: User }) {
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
