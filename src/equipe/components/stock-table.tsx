import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { OfflineReason } from '../../components/ui/offline-reason';
import { QueryStatus } from '../../components/ui/query-status';
import { useOnline } from '../../lib/connection-store';
import { notify } from '../../lib/snackbar-store';
import type { StaffStockRow } from '../../shared/api/staff';
import { staffStockQuery, useSetStock } from '../team-api';
import { CatalogImportForm } from './catalog-import-form';
import { DayHeading } from './day-picker';
import hidden from '../../components/ui/visually-hidden.module.css';
import styles from './team-page.module.css';
import { courseOf } from '../../shared/courses';
import { useTeamNews } from '../team-news';

/** The day's stock (cuisine, admin): portions ordered and left, the cap, sold out in one tap. */
export function StockTable({ date }: { date: string }) {
  const stock = useQuery(staffStockQuery(date));
  useTeamNews(date);
  const online = useOnline();
  return (
    <>
      <DayHeading title="Stock" date={date} />
      <p className={styles.muted}>Les clients voient un plat épuisé ou un plafond changé dès leur prochaine lecture de la carte.</p>
      <OfflineReason offline={!online} />
      <QueryStatus query={stock} loading="Chargement du stock…" error="Impossible de charger le stock.">
        {(data) =>
          data.dishes.length === 0 ? (
            <p className={styles.empty}>Aucun plat à la carte ce jour-là. Chargez la carte du jour pour la cuisine.</p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={`${styles.table} ${styles.stacked}`}>
                <caption className={hidden.srOnly}>Stock des plats du jour</caption>
                <thead>
                  <tr>
                    <th scope="col">Plat</th>
                    <th scope="col">Commandées</th>
                    <th scope="col">Restantes</th>
                    <th scope="col">Plafond</th>
                    <th scope="col">Vente</th>
                  </tr>
                </thead>
                <tbody>
                  {data.dishes.map((dish) => (
                    <StockRow key={dish.product_id} date={date} dish={dish} online={online} />
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryStatus>
      <CatalogImportForm />
    </>
  );
}

function StockRow({ date, dish, online }: { date: string; dish: StaffStockRow; online: boolean }) {
  const set = useSetStock(date);
  const [cap, setCap] = useState(dish.stock === null ? '' : String(dish.stock));
  const failed = (error: Error) => notify({ title: dish.name, message: error.message, type: 'error' });
  const saveCap = (event: FormEvent) => {
    event.preventDefault();
    const quantity = cap.trim() === '' ? null : Number(cap);
    if (quantity !== null && (!Number.isInteger(quantity) || quantity < 0)) return failed(new Error('Le plafond est un nombre entier de portions (vide : pas de plafond).'));
    set.mutate({ productId: dish.product_id, body: { quantity } }, { onSuccess: () => notify({ title: dish.name, message: quantity === null ? 'Plus de plafond.' : `Plafond : ${quantity} portions.`, type: 'success' }), onError: failed });
  };
  const toggle = () =>
    set.mutate(
      { productId: dish.product_id, body: { sold_out: !dish.sold_out } },
      { onSuccess: () => notify({ title: dish.name, message: dish.sold_out ? 'Remis en vente.' : 'Marqué épuisé.', type: 'success' }), onError: failed },
    );
  const capId = `cap-${dish.product_id}`;
  return (
    <tr>
      <th scope="row">
        {dish.name} <span className={styles.muted}>· {courseOf(dish.category)}</span>
      </th>
      <td data-label="Commandées">{dish.ordered}</td>
      <td data-label="Restantes">{dish.sold_out ? 'Épuisé' : dish.left === null ? 'Sans plafond' : dish.left}</td>
      <td data-label="Plafond">
        <form className={styles.inline} onSubmit={saveCap} noValidate>
          <label htmlFor={capId} className={hidden.srOnly}>
            Plafond de portions pour {dish.name}
          </label>
          <input id={capId} inputMode="numeric" value={cap} onChange={(event) => setCap(event.target.value)} placeholder="aucun" />
          <Button type="submit" size="sm" variant="secondary" disabled={!online || set.isPending}>
            Enregistrer
          </Button>
        </form>
      </td>
      <td>
        <Button size="sm" variant={dish.sold_out ? 'secondary' : 'primary'} busy={set.isPending} disabled={!online} aria-pressed={dish.sold_out} onClick={toggle}>
          {dish.sold_out ? 'Remettre en vente' : 'Épuisé'}
        </Button>
      </td>
    </tr>
  );
}
