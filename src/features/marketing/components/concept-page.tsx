import { Page } from '../../../components/ui/page';
import { MarketingSection, WithIllustration } from './marketing-section';
import styles from './marketing.module.css';

/** « Notre concept » : what Popote cooks, how ordering works, how lunch reaches the office. */
export function ConceptPage() {
  return (
    <Page
      title="Notre concept"
      lead="Des déjeuners cuisinés le matin même dans notre cuisine de Gerland, livrés gratuitement en triporteur électrique près de votre bureau, dans des contenants qui reviennent."
    >
      <MarketingSection id="concept-cuisine" title="Une cuisine lyonnaise, un menu qui suit les saisons">
        <WithIllustration drawing="cuisine">
          <div className={styles.text}>
            <p>
              Popote, c’est d’abord une cuisine : la nôtre, à Gerland, dans le 7e arrondissement de
              Lyon. Chaque matin, notre équipe y épluche, mijote et assemble les déjeuners du jour.
              Ce que vous mangez à midi a été préparé quelques heures plus tôt, pas la veille ni dans
              une usine à l’autre bout du pays.
            </p>
            <p>
              Nous travaillons des produits de saison, majoritairement issus de la région : des
              légumes qui ont du goût parce qu’ils ont poussé au bon moment, des recettes qui changent
              avec le marché. En hiver, des plats qui réchauffent ; aux beaux jours, des assiettes
              plus légères et des desserts aux fruits.
            </p>
            <p>
              Chaque plat affiche sa composition et ses allergènes, pour que vous choisissiez en
              toute confiance.
            </p>
          </div>
        </WithIllustration>
      </MarketingSection>

      <MarketingSection id="concept-formules" title="Nos formules">
        <p className={styles.intro}>
          Composez votre déjeuner selon votre faim et votre emploi du temps : chaque formule se
          compose à partir de la carte du jour.
        </p>
        <ul className={styles.cards}>
          <li className={styles.card}>
            <h3>Entrée + plat + dessert</h3>
            <p>Le repas complet, pour les jours où l’on prend vraiment le temps de déjeuner.</p>
          </li>
          <li className={styles.card}>
            <h3>Plat + dessert</h3>
            <p>Le grand classique du midi : un plat généreux et une touche sucrée pour finir.</p>
          </li>
          <li className={styles.card}>
            <h3>Entrée + plat</h3>
            <p>Pour celles et ceux qui préfèrent commencer en fraîcheur plutôt que finir en douceur.</p>
          </li>
          <li className={styles.card}>
            <h3>Plateaux repas</h3>
            <p>
              Un repas complet par personne pour vos réunions et formations.{' '}
              <a href="/plateaux-repas">Découvrir les plateaux repas</a>
            </p>
          </li>
          <li className={styles.card}>
            <h3>Les plats à l’unité</h3>
            <p>Envie d’un plat seul, ou d’un dessert en plus ? Tous nos plats se commandent aussi à l’unité.</p>
          </li>
        </ul>
      </MarketingSection>

      <MarketingSection id="concept-etapes" title="Comment ça marche">
        <ol className={styles.steps}>
          <li className={styles.step}>
            <h3>Choisissez votre point</h3>
            <p>
              Sélectionnez le point de livraison le plus proche de votre bureau, ou celui de votre
              entreprise. <a href="/points-de-livraison">Voir les points de livraison</a>
            </p>
          </li>
          <li className={styles.step}>
            <h3>Commandez le matin</h3>
            <p>
              Passez commande en ligne avant l’heure limite de la tournée, vers 10 h 30. Nous
              cuisinons selon les commandes reçues.
            </p>
          </li>
          <li className={styles.step}>
            <h3>Récupérez à midi</h3>
            <p>
              Votre livreur vous attend au point de livraison pendant le créneau indiqué, autour de
              midi. Vous repartez avec votre repas encore tout frais.
            </p>
          </li>
          <li className={styles.step}>
            <h3>Rendez vos contenants</h3>
            <p>
              À votre commande suivante, rendez vos bocaux au livreur : la consigne vous est
              recréditée. <a href="/la-consigne">Comprendre la consigne</a>
            </p>
          </li>
        </ol>
      </MarketingSection>

      <MarketingSection id="concept-livraison" title="Livré en triporteur, sans frais de livraison">
        <WithIllustration drawing="triporteur" first>
          <div className={styles.text}>
            <p>
              Nos livreurs sillonnent la ville en triporteur électrique : pas de bruit de moteur, pas
              de pot d’échappement, et un coffre isotherme qui garde les plats comme il faut. La
              livraison est gratuite, toujours.
            </p>
            <p>
              Nous nous arrêtons à des points de livraison dans la rue, dans huit quartiers :
              Part-Dieu, Confluence, Bellecour, Gerland, Villeurbanne-Charpennes, Vaise,
              Croix-Rousse et Monplaisir. Certaines entreprises ont aussi leur propre point, réservé
              à leurs salariés. <a href="/entreprises">Demander un point dans votre entreprise</a>
            </p>
          </div>
        </WithIllustration>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>0 €</dt>
            <dd>de frais de livraison</dd>
          </div>
          <div className={styles.fact}>
            <dt>10 h 30</dt>
            <dd>environ : l’heure limite pour commander</dd>
          </div>
          <div className={styles.fact}>
            <dt>4 €</dt>
            <dd>de consigne par menu, rendus quand les contenants reviennent</dd>
          </div>
          <div className={styles.fact}>
            <dt>8</dt>
            <dd>quartiers desservis à Lyon et Villeurbanne</dd>
          </div>
        </dl>
      </MarketingSection>

      <MarketingSection id="concept-paiement" title="Payez comme vous en avez l’habitude" tone="callout">
        <p>
          Carte bancaire, cartes titres-restaurant Edenred, Swile, Up ou Pluxee : tout se règle en
          ligne. Vous avez encore des tickets restaurant papier ? Remettez-les à votre livreur, nous
          les créditons sur votre cagnotte prépayée pour vos prochaines commandes.
        </p>
        <p>
          Des couverts réutilisables et un sac cabas sont proposés en option, et votre code parrain
          vous attend dans votre compte pour faire découvrir Popote à vos collègues.
        </p>
        <div className={styles.actions}>
          <a className={styles.button} href="/passer-commande">
            Passer commande
          </a>
          <a className={`${styles.button} ${styles.buttonGhost}`} href="/charte-engagement">
            Lire notre charte d’engagement
          </a>
        </div>
      </MarketingSection>
    </Page>
  );
}
