import { Page } from '../../../components/ui/page';
import styles from './legal.module.css';

/** « Politique de confidentialité » : GDPR information and cookies. */
export function PrivacyPage() {
  return (
    <Page title="Politique de confidentialité" prose>
      <p className={styles.updated}>Dernière mise à jour : 22 novembre 2026.</p>

      <p>
        Pour vous livrer un déjeuner, nous avons besoin de quelques informations : votre nom, un
        moyen de vous joindre, votre point de livraison et le contenu de vos commandes. Cette page
        explique simplement quelles données nous traitons, pourquoi, combien de temps nous les
        gardons et comment exercer vos droits, conformément au règlement général sur la protection
        des données (RGPD) et à la loi Informatique et Libertés.
      </p>

      <section className={styles.article} aria-labelledby="pc-responsable">
        <h2 id="pc-responsable">1. Qui est responsable de vos données ?</h2>
        <p>
          Le responsable de traitement est Popote SAS, société par actions simplifiée au capital de
          20 000 €, 12 rue de la Charité, 69002 Lyon, immatriculée au RCS de Lyon sous le numéro
          912 345 683.
        </p>
        <p>
          Notre délégué à la protection des données (DPO) répond à toutes vos questions à l’adresse{' '}
          <a href="mailto:dpo@popote.fr">dpo@popote.fr</a>, ou par courrier à l’attention du DPO,
          Popote SAS, 12 rue de la Charité, 69002 Lyon.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="pc-donnees">
        <h2 id="pc-donnees">2. Quelles données collectons-nous ?</h2>
        <ul>
          <li>
            <strong>Votre compte</strong> : prénom, nom, adresse e-mail, numéro de téléphone et mot
            de passe, ce dernier étant conservé sous forme hachée, illisible y compris par nous.
          </li>
          <li>
            <strong>Vos commandes</strong> : produits choisis, point et date de livraison, montants,
            options, consignes versées et rendues, solde de votre cagnotte prépayée, titres-restaurant
            papier remis au livreur, codes de réduction et parrainages.
          </li>
          <li>
            <strong>Vos paiements</strong> : moyen de paiement utilisé et référence de la
            transaction. Les numéros de carte bancaire et de carte titres-restaurant sont saisis
            directement chez nos prestataires de paiement ou chez l’émetteur de votre carte : nous
            n’y avons jamais accès.
          </li>
          <li>
            <strong>Vos échanges avec nous</strong> : messages envoyés par le formulaire de contact
            ou par e-mail, motif de la demande, et réponses apportées.
          </li>
          <li>
            <strong>Les demandes des entreprises</strong> : nom de la société, adresse du site,
            coordonnées de la personne à contacter.
          </li>
          <li>
            <strong>Les candidatures</strong> : CV, message de présentation et coordonnées.
          </li>
          <li>
            <strong>La lettre d’information</strong> : votre adresse e-mail, si vous vous y êtes
            inscrit.
          </li>
          <li>
            <strong>Les notifications</strong>, si vous les demandez (« Être prévenu quand le
            triporteur arrive ») : l’adresse d’abonnement que votre navigateur nous donne chez son
            service de notifications (Google, Mozilla, Apple ou Microsoft) et ses clés de
            chiffrement, jusqu’à ce que vous les désactiviez ou que votre navigateur les abandonne.
            Nous vous envoyons l’arrivée du triporteur à votre point de livraison (le nom du point
            et l’heure de fin du créneau) et l’annulation d’une commande par nos soins. Chaque
            message est chiffré pour votre seul navigateur : le
            service de notifications ne peut pas le lire. Nous ne gardons pas les messages une fois
            envoyés, et nous n’envoyons ni ne conservons jamais la position du triporteur ni la
            vôtre.
          </li>
          <li>
            <strong>Les données techniques</strong> : adresse IP, date et heure des connexions et
            journaux techniques, utilisés pour la sécurité du site.
          </li>
        </ul>
        <p>
          Les informations obligatoires sont signalées dans les formulaires ; sans elles, nous ne
          pourrions pas traiter votre commande ou votre demande.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="pc-finalites">
        <h2 id="pc-finalites">3. Pourquoi et sur quelle base ?</h2>
        <div
          className={styles.tableWrap}
          data-scroll-x=""
          role="region"
          aria-label="Finalités et bases légales des traitements"
          tabIndex={0}
        >
          <table className={styles.table}>
            <caption>Finalités et bases légales</caption>
            <thead>
              <tr>
                <th scope="col">Finalité</th>
                <th scope="col">Base légale</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">
                  Gérer votre compte, vos commandes, leur livraison, la consigne, la cagnotte et le
                  parrainage
                </th>
                <td>Exécution du contrat</td>
              </tr>
              <tr>
                <th scope="row">Établir les factures et tenir notre comptabilité</th>
                <td>Obligation légale</td>
              </tr>
              <tr>
                <th scope="row">Répondre à vos messages et réclamations</th>
                <td>Exécution du contrat ou intérêt légitime à vous répondre</td>
              </tr>
              <tr>
                <th scope="row">Étudier une demande de point de livraison en entreprise</th>
                <td>Mesures précontractuelles</td>
              </tr>
              <tr>
                <th scope="row">Étudier une candidature</th>
                <td>Mesures précontractuelles</td>
              </tr>
              <tr>
                <th scope="row">Vous envoyer la lettre d’information</th>
                <td>Consentement, retirable à tout moment</td>
              </tr>
              <tr>
                <th scope="row">
                  Protéger le site et vos comptes contre la fraude et les usages abusifs
                </th>
                <td>Intérêt légitime</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          Nous ne vendons ni ne louons vos données, nous ne faisons pas de publicité ciblée et nous
          ne prenons aucune décision automatisée produisant des effets juridiques à votre égard.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="pc-destinataires">
        <h2 id="pc-destinataires">4. Qui a accès à vos données ?</h2>
        <ul>
          <li>
            Les membres de l’équipe Popote qui en ont besoin : service client, cuisine pour la
            préparation des commandes, livreurs pour la remise des repas et le retour des
            contenants.
          </li>
          <li>
            Nos prestataires de paiement et les émetteurs de titres-restaurant (Edenred, Swile, Up,
            Pluxee), pour les seules opérations de paiement que vous choisissez.
          </li>
          <li>
            Notre hébergeur, OVH SAS, 2 rue Kellermann, 59100 Roubaix, et nos autres sous-traitants
            techniques, tenus par contrat de protéger vos données et de ne les utiliser que sur nos
            instructions.
          </li>
          <li>
            Le service de notifications de votre navigateur, si vous avez demandé à être prévenu :
            il transmet nos messages chiffrés sans pouvoir les lire.
          </li>
          <li>
            Les autorités administratives ou judiciaires, uniquement lorsque la loi nous y oblige.
          </li>
        </ul>
      </section>

      <section className={styles.article} aria-labelledby="pc-hebergement">
        <h2 id="pc-hebergement">5. Où sont stockées vos données ?</h2>
        <p>
          Le site et ses données sont hébergés en France. Si un prestataire devait exceptionnellement
          traiter des données en dehors de l’Union européenne, ce transfert serait encadré par des
          garanties appropriées, telles qu’une décision d’adéquation de la Commission européenne ou
          des clauses contractuelles types.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="pc-durees">
        <h2 id="pc-durees">6. Combien de temps les conservons-nous ?</h2>
        <div
          className={styles.tableWrap}
          data-scroll-x=""
          role="region"
          aria-label="Durées de conservation"
          tabIndex={0}
        >
          <table className={styles.table}>
            <caption>Durées de conservation</caption>
            <thead>
              <tr>
                <th scope="col">Données</th>
                <th scope="col">Durée</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Compte client et historique des commandes</th>
                <td>3 ans après votre dernière commande, puis suppression ou anonymisation</td>
              </tr>
              <tr>
                <th scope="row">Factures et pièces comptables</th>
                <td>10 ans, conformément à l’article L123-22 du Code de commerce</td>
              </tr>
              <tr>
                <th scope="row">Messages au service client</th>
                <td>3 ans après notre dernier échange</td>
              </tr>
              <tr>
                <th scope="row">Candidatures non retenues</th>
                <td>2 ans après le dernier contact, sauf si vous demandez leur suppression avant</td>
              </tr>
              <tr>
                <th scope="row">Lettre d’information</th>
                <td>Jusqu’à votre désinscription</td>
              </tr>
              <tr>
                <th scope="row">Journaux techniques</th>
                <td>1 an au plus</td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>

      <section className={styles.article} aria-labelledby="pc-cookies">
        <h2 id="pc-cookies">7. Cookies</h2>
        <p>
          Le site n’utilise que des cookies strictement nécessaires à son fonctionnement. Nous ne
          déposons aucun cookie publicitaire, de mesure d’audience tierce ou de réseau social.
        </p>
        <ul>
          <li>
            <strong>Le cookie de session</strong> garde votre connexion et votre panier pendant
            votre visite.
          </li>
          <li>
            <strong>Le cookie de point de livraison</strong> mémorise le point que vous avez choisi,
            pour vous afficher la bonne carte et la bonne heure limite.
          </li>
          <li>
            <strong>Le jeton anti-falsification</strong> protège vos formulaires et vos commandes
            contre les requêtes envoyées à votre insu par un autre site.
          </li>
        </ul>
        <p>
          Conformément à l’article 82 de la loi Informatique et Libertés, ces cookies techniques ne
          nécessitent pas votre consentement. Vous pouvez les bloquer dans les réglages de votre
          navigateur, mais la commande en ligne ne fonctionnera alors plus.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="pc-securite">
        <h2 id="pc-securite">8. Sécurité</h2>
        <p>
          Les échanges avec le site sont chiffrés, les mots de passe sont stockés sous forme
          hachée, les accès aux données sont réservés aux personnes habilitées, et les tentatives
          de connexion répétées sont limitées. En cas de violation de données présentant un risque
          pour vous, nous vous en informerions ainsi que la CNIL dans les conditions prévues par le
          RGPD.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="pc-droits">
        <h2 id="pc-droits">9. Vos droits</h2>
        <p>Vous disposez à tout moment des droits suivants sur vos données :</p>
        <ul>
          <li>droit d’accès et droit d’en obtenir une copie ;</li>
          <li>droit de rectification des données inexactes ou incomplètes ;</li>
          <li>droit à l’effacement, sous réserve de nos obligations légales de conservation ;</li>
          <li>droit à la limitation du traitement ;</li>
          <li>droit à la portabilité des données que vous nous avez fournies ;</li>
          <li>droit d’opposition aux traitements fondés sur notre intérêt légitime ;</li>
          <li>droit de retirer votre consentement, par exemple à la lettre d’information, grâce au lien de désinscription présent dans chaque envoi ;</li>
          <li>droit de définir des directives sur le sort de vos données après votre décès.</li>
        </ul>
        <p>
          Pour les exercer, écrivez à <a href="mailto:dpo@popote.fr">dpo@popote.fr</a> ou par
          courrier au DPO de Popote SAS, 12 rue de la Charité, 69002 Lyon. Nous vous répondons dans
          un délai d’un mois, qui peut être prolongé de deux mois pour les demandes complexes ; en cas
          de doute raisonnable sur votre identité, nous pourrons vous demander un justificatif.
        </p>
        <p>
          Si vous estimez que vos droits ne sont pas respectés, vous pouvez introduire une
          réclamation auprès de la Commission nationale de l’informatique et des libertés (CNIL),
          3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, ou sur{' '}
          <a href="https://www.cnil.fr" rel="noopener noreferrer">
            www.cnil.fr
          </a>
          .
        </p>
      </section>

      <section className={styles.article} aria-labelledby="pc-modifications">
        <h2 id="pc-modifications">10. Évolution de cette politique</h2>
        <p>
          Nous pouvons faire évoluer cette politique, par exemple lorsque nous proposons un nouveau
          service. La date de dernière mise à jour figure en haut de cette page ; en cas de
          changement important, nous vous en informerons par e-mail. Pour toute question, consultez
          aussi nos <a href="/mentions-legales">mentions légales</a> ou notre{' '}
          <a href="/contact">page de contact</a>.
        </p>
      </section>
    </Page>
  );
}
