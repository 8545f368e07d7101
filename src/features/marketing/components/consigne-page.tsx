import { Page } from '../../../components/ui/page';
import { MarketingSection, WithIllustration } from './marketing-section';
import styles from './marketing.module.css';

/** « La consigne » : the 4 € deposit per menu, the containers' round trip, and its FAQ. */
export function ConsignePage() {
  return (
    <Page
      title="La consigne"
      lead="Nos repas voyagent dans des bocaux en verre et des boîtes en inox réutilisables. Pour qu’ils nous reviennent, nous les consignons : 4 € par menu, recrédités dès que vous les rendez."
    >
      <MarketingSection id="consigne-pourquoi" title="Pourquoi une consigne ?">
        <WithIllustration drawing="consigne">
          <div className={styles.text}>
            <p>
              Un déjeuner à emporter, c’est souvent une barquette, un couvercle, un pot de sauce et
              une cuillère en plastique qui finissent à la poubelle avant 14 h. Chez Popote, aucun
              emballage n’est jetable : entrées, plats et desserts sont servis dans des contenants
              en verre ou en inox, lavés et réutilisés encore et encore.
            </p>
            <p>
              La consigne est la petite garantie qui permet à ce système de tourner : vous
              l’avancez à la commande, nous vous la rendons quand les contenants reviennent. Ce
              n’est ni un achat ni un abonnement, et elle ne coûte rien sur la durée.
            </p>
          </div>
        </WithIllustration>
      </MarketingSection>

      <MarketingSection id="consigne-etapes" title="Comment ça marche, étape par étape">
        <ol className={styles.steps}>
          <li className={styles.step}>
            <h3>Vous commandez</h3>
            <p>
              4 € de consigne s’ajoutent à chaque menu, quel que soit le nombre de contenants qui
              le composent. Le montant apparaît à part dans votre panier.
            </p>
          </li>
          <li className={styles.step}>
            <h3>Vous déjeunez</h3>
            <p>
              Le verre passe au micro-ondes sans son couvercle. L’inox, lui, n’y va jamais :
              transvasez votre plat dans une assiette.
            </p>
          </li>
          <li className={styles.step}>
            <h3>Vous rincez</h3>
            <p>
              Un simple rinçage suffit pour éviter les odeurs. Inutile de frotter : le vrai lavage,
              c’est notre travail.
            </p>
          </li>
          <li className={styles.step}>
            <h3>Vous rendez</h3>
            <p>
              À votre prochaine commande, indiquez dans le panier combien de consignes vous rendez,
              puis remettez les contenants à votre livreur au point de livraison.
            </p>
          </li>
          <li className={styles.step}>
            <h3>Vous êtes recrédité</h3>
            <p>
              Chaque consigne rendue vaut 4 €, déduits directement de la commande en cours sous
              forme d’avoir.
            </p>
          </li>
        </ol>
        <p className={`${styles.callout} ${styles.calloutGreen}`}>
          Un exemple : vous commandez deux formules et rendez les contenants d’un menu de la semaine
          dernière. Votre commande compte 8 € de consigne ajoutée et 4 € de consigne rendue : vous
          n’avancez que 4 €.
        </p>
      </MarketingSection>

      <MarketingSection id="consigne-voyage" title="Ce que deviennent vos contenants">
        <div className={styles.text}>
          <p>
            Une fois remis au livreur, vos contenants rentrent avec lui en fin de tournée à notre
            cuisine de Gerland. Ils y sont triés, lavés dans un lave-vaisselle professionnel à haute
            température puis séchés. Chaque bocal, chaque boîte et chaque couvercle est ensuite
            contrôlé à la main : un verre ébréché ou un joint fatigué est retiré du circuit, et le
            verre part au recyclage.
          </p>
          <p>
            Les contenants propres rejoignent les étagères de la cuisine et serviront à nouveau pour
            les prochains déjeuners. Un même bocal fait ainsi des dizaines d’allers-retours entre
            notre cuisine et votre bureau.
          </p>
        </div>
      </MarketingSection>

      <MarketingSection id="consigne-rendre" title="Bien rendre ses contenants">
        <ul className={styles.checklist}>
          <li>Rendez un menu complet à la fois : les contenants et leurs couvercles.</li>
          <li>Rincez-les rapidement après le repas, ils voyagent ainsi sans odeur.</li>
          <li>
            Signalez dans votre panier le nombre de consignes rendues avant de valider la commande.
          </li>
          <li>
            Remettez-les au livreur au moment où vous récupérez votre nouveau repas, pendant le
            créneau de livraison.
          </li>
          <li>Pas de commande prévue cette semaine ? Gardez-les au propre pour la prochaine fois.</li>
        </ul>
      </MarketingSection>

      <MarketingSection id="consigne-faq" title="Questions fréquentes">
        <div className={styles.faq}>
          <details className={styles.faqItem}>
            <summary>Pourquoi 4 € par menu, même pour un plat et un dessert ?</summary>
            <div className={styles.faqAnswer}>
              <p>
                Pour que ce soit simple : un menu, une consigne, quel que soit le nombre de
                contenants. Vous n’avez pas à compter les bocaux, seulement les menus.
              </p>
            </div>
          </details>
          <details className={styles.faqItem}>
            <summary>La consigne est-elle soumise à la TVA ?</summary>
            <div className={styles.faqAnswer}>
              <p>
                Non. La consigne est une somme remboursable : elle est hors du champ de la TVA et
                apparaît sur une ligne distincte de votre commande et de votre facture.
              </p>
            </div>
          </details>
          <details className={styles.faqItem}>
            <summary>J’ai oublié mes contenants au bureau, ma consigne est-elle perdue ?</summary>
            <div className={styles.faqAnswer}>
              <p>
                Pas du tout. Vous les rendrez à une prochaine commande, et la consigne vous sera
                recréditée à ce moment-là.
              </p>
            </div>
          </details>
          <details className={styles.faqItem}>
            <summary>Puis-je rendre mes contenants à un autre point de livraison ?</summary>
            <div className={styles.faqAnswer}>
              <p>
                Oui. Tous nos livreurs reprennent les contenants Popote, quel que soit le point de
                livraison où vous les aviez reçus.
              </p>
            </div>
          </details>
          <details className={styles.faqItem}>
            <summary>Un bocal s’est cassé, que faire ?</summary>
            <div className={styles.faqAnswer}>
              <p>
                Cela arrive, surtout les jours de rangement. Pour la sécurité de nos livreurs, ne
                rapportez pas de verre brisé : jetez-le avec le verre et écrivez-nous à{' '}
                <a href="mailto:bonjour@popote.fr">bonjour@popote.fr</a>. Nous regarderons ensemble
                ce qu’il advient de la consigne correspondante.
              </p>
            </div>
          </details>
          <details className={styles.faqItem}>
            <summary>Je ne commande plus chez Popote, comment récupérer ma consigne ?</summary>
            <div className={styles.faqAnswer}>
              <p>
                Contactez notre service client, du lundi au vendredi de 8 h à 15 h, au{' '}
                <a href="tel:+33478001234">04 78 00 12 34</a> ou sur notre <a href="/contact">page de contact</a>. Nous conviendrons avec vous
                de la façon de reprendre vos contenants.
              </p>
            </div>
          </details>
        </div>
      </MarketingSection>

      <MarketingSection id="consigne-cta" title="Prêt pour un déjeuner sans déchet ?" tone="callout">
        <p>
          Vos contenants vous attendent déjà à la cuisine. Choisissez votre point de livraison et
          composez votre menu du jour.
        </p>
        <div className={styles.actions}>
          <a className={styles.button} href="/passer-commande">
            Passer commande
          </a>
          <a className={`${styles.button} ${styles.buttonGhost}`} href="/points-de-livraison">
            Trouver un point de livraison
          </a>
        </div>
      </MarketingSection>
    </Page>
  );
}
