import { Page } from '../../../components/ui/page';
import { MarketingSection } from './marketing-section';
import styles from './marketing.module.css';

/** « Notre charte d’engagement » : Popote's numbered commitments. */
export function CharterPage() {
  return (
    <Page
      title="Notre charte d’engagement"
      lead="Bien nourrir les Lyonnais à midi, sans abîmer la ville ni ceux qui y travaillent : voici, noir sur blanc, ce à quoi nous nous engageons."
    >
      <MarketingSection id="charte-engagements" title="Nos dix engagements">
        <ol className={styles.charter}>
          <li className={styles.pledge}>
            <h3>Des produits de saison, d’abord régionaux</h3>
            <p>
              Nos recettes suivent les saisons et nous achetons en priorité des produits de la
              région. Quand un ingrédient vient de plus loin, c’est parce qu’il ne pousse pas ici.
            </p>
          </li>
          <li className={styles.pledge}>
            <h3>Cuisiné le matin même, à Lyon</h3>
            <p>
              Tous nos plats sont préparés le jour de leur livraison, dans notre propre cuisine de
              Gerland, par notre équipe, avec des recettes maison.
            </p>
          </li>
          <li className={styles.pledge}>
            <h3>Zéro emballage jetable</h3>
            <p>
              Nos repas voyagent dans des contenants en verre et en inox consignés, lavés dans notre
              cuisine et réutilisés. Couverts réutilisables et sac cabas sont proposés en option.{' '}
              <a href="/la-consigne">Comment fonctionne la consigne</a>
            </p>
          </li>
          <li className={styles.pledge}>
            <h3>Une livraison sans moteur thermique</h3>
            <p>
              Nos livreurs circulent en triporteur électrique. La livraison reste gratuite : se
              nourrir sainement ne devrait pas coûter plus cher parce qu’on travaille loin d’un
              restaurant.
            </p>
          </li>
          <li className={styles.pledge}>
            <h3>Des livreurs justement payés</h3>
            <p>
              Nos livreurs sont salariés de Popote et rémunérés à l’heure, pas à la course. Leurs
              tournées sont pensées pour être tenues sans se mettre en danger, et leur équipement est
              fourni.
            </p>
          </li>
          <li className={styles.pledge}>
            <h3>La transparence sur les allergènes</h3>
            <p>
              Chaque plat affiche sa composition et les quatorze allergènes majeurs. Notre cuisine
              les manipule tous : nous le disons clairement, et nous répondons à vos questions avant
              que vous ne commandiez.
            </p>
          </li>
          <li className={styles.pledge}>
            <h3>Moins de gaspillage</h3>
            <p>
              L’heure limite de commande, vers 10 h 30, nous permet de cuisiner au plus près de ce
              qui a été commandé. Nous ajustons nos quantités jour après jour.
            </p>
          </li>
          <li className={styles.pledge}>
            <h3>Des prix clairs</h3>
            <p>
              Nos prix sont affichés toutes taxes comprises. La consigne apparaît sur une ligne à
              part, hors TVA, car elle vous est rendue. Aucun frais caché, aucun frais de livraison.
            </p>
          </li>
          <li className={styles.pledge}>
            <h3>Vos données respectées</h3>
            <p>
              Nous ne déposons aucun cookie publicitaire et ne vendons aucune donnée. Seuls les
              cookies nécessaires au fonctionnement du site sont utilisés.{' '}
              <a href="/politique-de-confidentialite">Lire notre politique de confidentialité</a>
            </p>
          </li>
          <li className={styles.pledge}>
            <h3>Une équipe joignable</h3>
            <p>
              Un service client humain, basé à Lyon, vous répond du lundi au vendredi de 8 h à 15 h,
              par téléphone ou par e-mail. <a href="/contact">Nous contacter</a>
            </p>
          </li>
        </ol>
      </MarketingSection>

      <MarketingSection id="charte-vigilance" title="Tenez-nous à nos promesses" tone="callout-green">
        <p>
          Cette charte n’est pas une vitrine : elle guide nos choix de tous les jours, en cuisine
          comme sur la route. Si vous constatez que nous n’y sommes pas fidèles, dites-le-nous à{' '}
          <a href="mailto:bonjour@popote.fr">bonjour@popote.fr</a>. Chaque remarque est lue et reçoit
          une réponse.
        </p>
        <div className={styles.actions}>
          <a className={styles.button} href="/notre-concept">
            Découvrir notre concept
          </a>
          <a className={`${styles.button} ${styles.buttonGhost}`} href="/rejoignez-nous">
            Rejoindre l’équipe
          </a>
        </div>
      </MarketingSection>
    </Page>
  );
}
