import type { ReactNode } from 'react';
import { Page } from '../../../components/ui/page';
import styles from './delivery-points-page.module.css';

const AREAS = [
  { name: 'Part-Dieu', text: 'Autour de la gare et des tours de bureaux.' },
  { name: 'Confluence', text: 'Entre le pôle de loisirs et les quais de Saône.' },
  { name: 'Bellecour', text: 'Au cœur de la Presqu’île.' },
  { name: 'Gerland', text: 'Près du Biodistrict et de notre cuisine.' },
  { name: 'Villeurbanne-Charpennes', text: 'À deux pas du métro Charpennes.' },
  { name: 'Vaise', text: 'Le quartier de l’Industrie et ses campus.' },
  { name: 'Croix-Rousse', text: 'Sur le plateau, place de la Croix-Rousse.' },
  { name: 'Monplaisir', text: 'Autour de la place Ambroise-Courtois.' },
];

/** /points-de-livraison: where our tricycles stop; the map and the list sit in `finder`. */
export function DeliveryPointsPage({ finder }: { finder?: ReactNode }) {
  return (
    <Page
      title="Nos points de livraison"
      lead="Nos triporteurs électriques s’arrêtent chaque midi dans huit quartiers de Lyon et sur les sites des entreprises partenaires."
    >
      {finder ? <div className={styles.finder}>{finder}</div> : null}
      <section aria-labelledby="areas-title">
        <h2 id="areas-title">Les quartiers desservis</h2>
        <ul className={styles.areas}>
          {AREAS.map((a) => (
            <li key={a.name} className={styles.area}>
              <strong>{a.name}</strong>
              <span>{a.text}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="how-title" className={styles.how}>
        <h2 id="how-title">Comment se passe la livraison ?</h2>
        <p>
          Chaque point reçoit une ou plusieurs tournées. Pour chacune, les commandes ferment à une heure précise le jour même
          (« Fin des commandes à 10:30 ») : passé cette heure, le créneau n’est plus proposé. Votre livreur vous attend au point choisi
          pendant tout le créneau ; sur les sites d’entreprise, le déjeuner est déposé avant l’heure indiquée.
        </p>
        <p>
          Votre entreprise n’a pas encore de point ? <a href="/entreprises">Demandez-le</a>, c’est sans frais.
        </p>
      </section>
    </Page>
  );
}
