import { Page } from '../../../components/ui/page';
import { MarketingSection, WithIllustration } from './marketing-section';
import styles from './marketing.module.css';

/** « Plateaux repas » : meal trays for meetings, ordered like the formulas. */
export function PlateauxPage() {
  return (
    <Page
      title="Plateaux repas"
      lead="Pour vos réunions, formations et déjeuners d’équipe : un repas complet par personne, cuisiné le matin même et livré à midi, sans vaisselle jetable."
    >
      <MarketingSection id="plateaux-contenu" title="Un vrai déjeuner, servi en salle de réunion">
        <WithIllustration drawing="plateau">
          <div className={styles.text}>
            <p>
              Le plateau repas Popote réunit une entrée, un plat, un dessert et une boisson de la carte
              du jour, préparés le matin même dans notre cuisine de Gerland avec des produits de saison,
              majoritairement régionaux. Chacun est servi dans nos contenants consignés en verre et
              en inox : ils se posent directement sur la table et se rendent au livreur à votre
              commande suivante.
            </p>
            <p>
              Vous profitez des mêmes recettes que nos formules, avec une présentation pensée pour
              les déjeuners de travail : chaque convive a le sien, bien présenté, et la table reste
              nette pour reprendre la séance juste après.
            </p>
          </div>
        </WithIllustration>
      </MarketingSection>

      <MarketingSection id="plateaux-commande" title="Commander des plateaux">
        <p className={styles.intro}>
          Les plateaux se commandent exactement comme nos formules, sur la même boutique et avec la
          même heure limite.
        </p>
        <ol className={styles.steps}>
          <li className={styles.step}>
            <h3>Le point de livraison</h3>
            <p>
              Choisissez le point privé de votre entreprise ou le point de livraison le plus proche
              de votre salle de réunion.
            </p>
          </li>
          <li className={styles.step}>
            <h3>Les plateaux</h3>
            <p>
              Ajoutez autant de plateaux que de convives et composez chacun d’eux : un végétarien,
              un sans porc, un sans fruits à coque, chacun le sien.
            </p>
          </li>
          <li className={styles.step}>
            <h3>Avant 10 h 30</h3>
            <p>
              Validez avant l’heure limite de la tournée, vers 10 h 30. Le plus tôt est le mieux : la
              cuisine s’organise dès les premières commandes.
            </p>
          </li>
          <li className={styles.step}>
            <h3>À midi</h3>
            <p>
              Récupérez les plateaux auprès du livreur pendant le créneau de livraison, autour de
              midi, juste avant votre pause.
            </p>
          </li>
        </ol>
      </MarketingSection>

      <MarketingSection id="plateaux-quantites" title="Combien en commander ?">
        <ul className={styles.cards}>
          <li className={styles.card}>
            <span className={styles.tag}>Jusqu’à 10 plateaux</span>
            <h3>La réunion d’équipe</h3>
            <p>Commandez en ligne jusqu’à l’heure limite, comme pour votre déjeuner habituel.</p>
          </li>
          <li className={styles.card}>
            <span className={styles.tag}>De 11 à 30 plateaux</span>
            <h3>La formation, le comité</h3>
            <p>
              Commandez dès l’ouverture des commandes pour le jour de votre réunion, et
              désignez une ou deux personnes pour aider à porter les plateaux.
            </p>
          </li>
          <li className={styles.card}>
            <span className={styles.tag}>Plus de 30 plateaux</span>
            <h3>Le séminaire</h3>
            <p>
              Appelez-nous au <a href="tel:+33478001234">04 78 00 12 34</a> quelques jours avant, pour que la cuisine prévoie les
              quantités et que nous organisions la tournée en conséquence.
            </p>
          </li>
        </ul>
        <p className={styles.note}>
          Conseil : comptez un plateau par participant, et vérifiez la veille les régimes et
          allergies de chacun.
        </p>
      </MarketingSection>

      <MarketingSection id="plateaux-regimes" title="Régimes alimentaires et allergies">
        <div className={styles.text}>
          <p>
            Chaque plateau se compose séparément, ce qui permet de respecter les habitudes de
            chacun : plat végétarien, sans porc, sans lactose ou sans gluten selon la carte du jour. Les
            fiches de nos plats indiquent leur composition et les quatorze allergènes majeurs
            définis par la réglementation européenne.
          </p>
          <p>
            Notre cuisine manipule l’ensemble de ces allergènes : malgré tout notre soin, nous ne
            pouvons pas garantir l’absence totale de traces. Pour une allergie sévère, appelez-nous
            avant de commander, nous vous dirons précisément ce qui est possible.
          </p>
        </div>
      </MarketingSection>

      <MarketingSection id="plateaux-plus" title="Les bons détails">
        <ul className={styles.checklist}>
          <li>La livraison est gratuite, en triporteur électrique, quel que soit le nombre de plateaux.</li>
          <li>
            La consigne est de 4 € par plateau, recréditée au retour des contenants.{' '}
            <a href="/la-consigne">Tout savoir sur la consigne</a>
          </li>
          <li>Des couverts réutilisables peuvent être ajoutés en option à la commande.</li>
          <li>Un sac cabas par formule est proposé en option pour transporter les plateaux.</li>
          <li>
            Le paiement se fait par carte bancaire ou par carte titres-restaurant, comme pour toute
            commande.
          </li>
        </ul>
      </MarketingSection>

      <MarketingSection id="plateaux-cta" title="Des réunions régulières dans vos locaux ?" tone="callout">
        <p>
          Un point de livraison privé, réservé aux salariés, peut être installé sur votre site : vos
          plateaux et les déjeuners de vos collègues arrivent alors directement chez vous.
        </p>
        <div className={styles.actions}>
          <a className={styles.button} href="/passer-commande">
            Commander des plateaux
          </a>
          <a className={`${styles.button} ${styles.buttonGhost}`} href="/entreprises">
            Découvrir l’offre entreprises
          </a>
        </div>
      </MarketingSection>
    </Page>
  );
}
