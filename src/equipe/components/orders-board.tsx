import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { QueryStatus } from '../../components/ui/query-status';
import type { StaffOrder } from '../../shared/api/staff';
import { frenchClock } from '../../shared/time';
import { staffOrdersQuery } from '../team-api';
import { groupOrders, matchesSearch, orderCounts } from '../order-board-rules';
import { DayHeading } from './day-picker';
import { OrderCard } from './order-card';
import styles from './team-page.module.css';
import board from './orders-board.module.css';
import { useTeamNews } from '../team-news';

/**
 * The day's orders (admin): grouped by tour, slot and point, with counts and a search; read again
 * as soon as the day's news says something changed (team-news.ts), every 20 seconds without news.
 */
export function OrdersBoard({ date }: { date: string }) {
  const orders = useQuery(staffOrdersQuery(date));
  useTeamNews(date);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const searchId = useId();
  return (
    <>
      <DayHeading title="Commandes" date={date} />
      <QueryStatus query={orders} loading="Chargement des commandes…" error="Impossible de charger les commandes.">
        {(data) => {
          const shown = data.orders.filter((order) => matchesSearch(order, deferred));
          const counts = orderCounts(data.orders);
          return (
            <>
              <div className={styles.toolbar}>
                <label htmlFor={searchId} className={styles.search}>
                  Rechercher (nom, facture, téléphone, e-mail)
                  <input id={searchId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
                </label>
                <ul className={styles.counts} aria-label="Totaux du jour">
                  <li>
                    <strong>{counts.active}</strong> à servir
                  </li>
                  <li>
                    <strong>{counts.cancelled}</strong> annulée{counts.cancelled > 1 ? 's' : ''}
                  </li>
                  {counts.refundPending ? (
                    <li className={board.alarm}>
                      <strong>{counts.refundPending}</strong> remboursement{counts.refundPending > 1 ? 's' : ''} en attente
                    </li>
                  ) : null}
                </ul>
                <p className={styles.muted}>Mis à jour à {frenchClock(new Date(orders.dataUpdatedAt))}</p>
              </div>
              {data.orders.length === 0 ? (
                <p className={styles.empty}>Aucune commande pour ce jour.</p>
              ) : shown.length === 0 ? (
                <p className={styles.empty}>Aucune commande ne correspond à « {deferred} ».</p>
              ) : (
                groupOrders(shown).map((tour) => (
                  <section key={tour.name} className={board.tour} aria-label={`Tournée ${tour.name}`}>
                    <h2>
                      {tour.name} <span className={styles.muted}>— {tour.count} commande{tour.count > 1 ? 's' : ''}</span>
                    </h2>
                    {tour.stops.map((stop) => (
                      <section key={stop.key} className={board.stop}>
                        <h3>
                          {stop.slot} · {stop.point} <span className={styles.muted}>({stop.orders.length})</span>
                        </h3>
                        <ul className={board.orders}>
                          {stop.orders.map((order: StaffOrder) => (
                            <li key={order.id}>
                              <OrderCard order={order} />
                            </li>
                          ))}
                        </ul>
                      </section>
                    ))}
                  </section>
                ))
              )}
            </>
          );
        }}
      </QueryStatus>
    </>
  );
}
