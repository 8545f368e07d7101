import { Page } from '../../../components/ui/page';
import styles from './legal.module.css';

/** « Conditions générales de vente » of Popote SAS. */
export function CgvPage() {
  return (
    <Page title="Conditions générales de vente" prose>
      <p className={styles.updated}>Version en vigueur au 22 novembre 2026.</p>

      <p>
        Les présentes conditions générales de vente (« CGV ») sont proposées par Popote SAS,
        société par actions simplifiée au capital de 20 000 €, dont le siège est situé 12 rue de la
        Charité, 69002 Lyon, immatriculée au RCS de Lyon sous le numéro 912 345 683, numéro de TVA
        intracommunautaire FR89912345683 (ci-après « Popote »). Popote est joignable par e-mail à{' '}
        <a href="mailto:bonjour@popote.fr">bonjour@popote.fr</a> et par téléphone au <a href="tel:+33478001234">04 78 00 12 34</a>,
        du lundi au vendredi de 8 h à 15 h.
      </p>

      <section className={styles.article} aria-labelledby="cgv-objet">
        <h2 id="cgv-objet">Article 1 – Objet et champ d’application</h2>
        <p>
          Les présentes CGV régissent les ventes de repas conclues sur le site de Popote entre
          Popote et toute personne physique agissant en qualité de consommateur ou toute personne
          passant commande pour les besoins de son activité professionnelle (ci-après « le
          client »).
        </p>
        <p>
          Les présentes CGV sont portées à la connaissance du client avant la validation de sa
          commande ; toute commande emporte leur acceptation sans réserve. Les CGV applicables sont celles en vigueur à la date de la commande. Popote peut
          les modifier à tout moment ; les nouvelles conditions ne s’appliquent qu’aux commandes
          passées après leur mise en ligne.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="cgv-produits">
        <h2 id="cgv-produits">Article 2 – Produits</h2>
        <p>
          Popote propose des repas cuisinés le matin même dans sa cuisine de Lyon 7e (Gerland), à
          partir de produits de saison majoritairement régionaux :
        </p>
        <ul>
          <li>des formules composées à partir de la carte du jour : entrée + plat + dessert, plat + dessert, entrée + plat ;</li>
          <li>des plateaux repas destinés aux réunions, commandés dans les mêmes conditions que les formules ;</li>
          <li>des plats et produits vendus à l’unité ;</li>
          <li>des options : couverts réutilisables et sac cabas (un par formule).</li>
        </ul>
        <p>
          Chaque produit est présenté avec sa description, sa composition et les allergènes majeurs
          qu’il contient, conformément à la réglementation. La cuisine de Popote manipulant
          l’ensemble de ces allergènes, la présence de traces ne peut être totalement exclue. Les
          photographies sont données à titre d’illustration et peuvent présenter de légères
          différences avec le plat servi.
        </p>
        <p>
          Les produits sont proposés dans la limite des quantités préparées chaque jour. Les repas
          sont destinés à être consommés le jour de leur livraison ; s’ils ne sont pas consommés
          immédiatement, ils doivent être conservés au réfrigérateur.
        </p>
        <p>
          La vente de boissons alcoolisées est interdite aux mineurs ; en commandant de tels
          produits, le client certifie être majeur.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="cgv-commande">
        <h2 id="cgv-commande">Article 3 – Compte client et commande</h2>
        <h3>3.1 Compte client</h3>
        <p>
          La commande nécessite un compte client, créé avec des informations exactes et tenues à
          jour. Le client est responsable de la confidentialité de son mot de passe. Le compte lui
          permet de suivre ses commandes, ses consignes, sa cagnotte prépayée et d’accéder à son code
          parrain.
        </p>
        <h3>3.2 Étapes de la commande</h3>
        <ol>
          <li>Le client choisit son point de livraison et la date de livraison proposée.</li>
          <li>
            Il compose son panier. Les produits placés dans le panier sont réservés pendant une durée
            limitée, indiquée à l’écran ; au-delà, le panier peut expirer.
          </li>
          <li>
            Il indique, le cas échéant, le nombre de consignes qu’il rend, ainsi que les options
            souhaitées et un éventuel code de réduction ou code parrain.
          </li>
          <li>
            Il vérifie le récapitulatif de sa commande (produits, prix, consigne, total), prend
            connaissance des CGV, puis valide et paie sa commande.
          </li>
        </ol>
        <p>
          La vente est conclue à la validation du paiement. Popote confirme la commande par e-mail en
          reprenant ses éléments essentiels.
        </p>
        <h3>3.3 Heure limite</h3>
        <p>
          Chaque point de livraison est desservi par une tournée dont l’heure limite de commande,
          située vers 10 h 30, est affichée avant la validation. Aucune commande ne peut être passée
          pour une tournée après son heure limite.
        </p>
        <h3>3.4 Modification et annulation</h3>
        <p>
          Toute demande de modification ou d’annulation doit être adressée au service client avant
          l’heure limite de la tournée concernée. Une commande annulée dans ce délai est intégralement
          remboursée par le moyen de paiement utilisé. Après l’heure limite, les repas sont en
          préparation et la commande ne peut plus être annulée.
        </p>
        <p>
          Popote se réserve le droit de refuser ou d’annuler une commande en cas de litige antérieur
          non résolu avec le client, de paiement refusé ou d’indisponibilité imprévue de la tournée ;
          dans ce dernier cas, les sommes versées sont intégralement remboursées.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="cgv-prix">
        <h2 id="cgv-prix">Article 4 – Prix</h2>
        <p>
          Les prix sont indiqués en euros, toutes taxes comprises. Ils sont ceux affichés sur le site
          au moment de la validation de la commande. La livraison est gratuite.
        </p>
        <div
          className={styles.tableWrap}
          data-scroll-x=""
          role="region"
          aria-label="Taux de TVA appliqués"
          tabIndex={0}
        >
          <table className={styles.table}>
            <caption>Taux de TVA appliqués</caption>
            <thead>
              <tr>
                <th scope="col">Produits</th>
                <th scope="col">Taux</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Repas et plats préparés</th>
                <td>10 %</td>
              </tr>
              <tr>
                <th scope="row">Produits alimentaires conditionnés dans un emballage fermé</th>
                <td>5,5 %</td>
              </tr>
              <tr>
                <th scope="row">Boissons alcoolisées</th>
                <td>20 %</td>
              </tr>
              <tr>
                <th scope="row">Consigne des contenants</th>
                <td>Hors champ de la TVA</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          Les codes de réduction et avantages de parrainage s’appliquent selon les conditions
          indiquées lors de leur émission. Sauf mention contraire, ils ne sont pas cumulables ; ils
          ne sont jamais convertibles en espèces.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="cgv-consigne">
        <h2 id="cgv-consigne">Article 5 – Consigne des contenants</h2>
        <p>
          Les repas sont remis dans des contenants réutilisables en verre ou en inox, qui restent la
          propriété de Popote. Chaque menu donne lieu au versement d’une consigne de 4 €, quel que
          soit le nombre de contenants qui le composent. La consigne n’est pas le prix d’une
          prestation : elle est située hors du champ de la TVA et figure sur une ligne distincte.
        </p>
        <p>
          Le client restitue les contenants, rincés et accompagnés de leurs couvercles, au livreur
          lors d’une commande ultérieure, après avoir indiqué dans son panier le nombre de consignes
          rendues. Chaque consigne rendue donne lieu à un avoir de 4 €, déduit de la commande en
          cours. Popote peut refuser de recréditer la consigne de contenants incomplets ou détériorés
          au-delà de l’usure normale ; le client qui a cassé un contenant est invité à en informer
          le service client plutôt qu’à le rapporter.
        </p>
        <p>
          Le client qui ne souhaite plus commander peut contacter le service client pour convenir
          des modalités de restitution de ses contenants. Le fonctionnement détaillé de la consigne
          est décrit sur la page <a href="/la-consigne">La consigne</a>.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="cgv-livraison">
        <h2 id="cgv-livraison">Article 6 – Livraison et retrait</h2>
        <p>
          Popote livre gratuitement, en triporteur électrique, des points de livraison situés sur la
          voie publique (notamment à Part-Dieu, Confluence, Bellecour, Gerland,
          Villeurbanne-Charpennes, Vaise, Croix-Rousse et Monplaisir) ainsi que des points privés
          installés sur des sites d’entreprises et signalés « réservé aux salariés ». Un point
          réservé aux salariés ne peut être choisi que par les personnes autorisées à accéder au
          site concerné. La liste à jour figure sur la page{' '}
          <a href="/points-de-livraison">Points de livraison</a>.
        </p>
        <p>
          Le client retire sa commande auprès du livreur, au point de livraison choisi, pendant le
          créneau horaire indiqué lors de la commande, autour de midi. Il peut être invité à
          présenter son nom ou son numéro de commande. Il appartient au client de vérifier sa
          commande au moment du retrait.
        </p>
        <p>
          Pour des raisons d’hygiène et de sécurité alimentaire, les repas non retirés pendant le
          créneau ne peuvent pas être conservés ni livrés à nouveau ; sauf faute de Popote, ils ne
          donnent lieu à aucun remboursement. Le client empêché est invité à prévenir le service
          client au plus tôt ou à faire retirer sa commande par une personne de son choix.
        </p>
        <p>
          En cas de retard important ou d’impossibilité de livrer imputable à Popote, le client en
          est informé dans les meilleurs délais et les sommes correspondantes lui sont remboursées.
          Popote ne saurait être tenue responsable d’un retard dû à un cas de force majeure au sens
          de l’article 1218 du Code civil, notamment des conditions météorologiques rendant la
          circulation dangereuse.
        </p>
        <p>
          Une fois la commande remise, la conservation des repas relève du client.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="cgv-paiement">
        <h2 id="cgv-paiement">Article 7 – Paiement</h2>
        <p>Le prix est payable en totalité à la commande, par l’un des moyens suivants :</p>
        <ul>
          <li>carte bancaire ;</li>
          <li>
            carte titres-restaurant Edenred, Swile, Up ou Pluxee, sur la page de paiement par carte ;
          </li>
          <li>solde Edenred, utilisé directement ;</li>
          <li>
            cagnotte prépayée du compte client, alimentée par les titres-restaurant papier remis au
            livreur ;
          </li>
          <li>avoirs issus des consignes rendues, et codes de réduction le cas échéant.</li>
        </ul>
        <p>
          Les titres-restaurant papier remis au livreur sont crédités sur la cagnotte du client pour
          leur valeur faciale après vérification. Le crédit de la cagnotte s’utilise pour régler des
          commandes ultérieures ; il n’est ni remboursable en espèces ni transférable.
        </p>
        <p>
          L’usage des titres-restaurant est soumis à la réglementation en vigueur, notamment au
          plafond journalier d’utilisation ; ils ne peuvent pas servir à régler des boissons
          alcoolisées. Le complément éventuel est réglé par un autre moyen de paiement.
        </p>
        <p>
          Les paiements par carte sont traités par des prestataires de paiement sécurisés. Popote
          n’a jamais connaissance des numéros complets des cartes.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="cgv-retractation">
        <h2 id="cgv-retractation">Article 8 – Droit de rétractation</h2>
        <p className={styles.notice}>
          Conformément à l’article L221-28 du Code de la consommation, le droit de rétractation ne
          peut pas être exercé pour les commandes passées sur le site de Popote.
        </p>
        <p>
          En effet, les repas vendus par Popote sont des biens susceptibles de se détériorer ou de
          se périmer rapidement (article L221-28, 4°), et leur fourniture constitue une prestation de
          restauration devant être fournie à une date et pendant une période déterminées (article
          L221-28, 12°). Le client conserve la possibilité d’annuler sa commande avant l’heure limite
          de la tournée, dans les conditions de l’article 3.4.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="cgv-reclamations">
        <h2 id="cgv-reclamations">Article 9 – Conformité et réclamations</h2>
        <p>
          Le client qui constate un produit manquant, erroné ou non conforme est invité à le
          signaler le jour même, si possible avec une photo, par e-mail à{' '}
          <a href="mailto:bonjour@popote.fr">bonjour@popote.fr</a>, par téléphone au <a href="tel:+33478001234">04 78 00 12 34</a>
          ou via la page <a href="/contact">Contact</a>, en précisant son numéro de commande.
        </p>
        <p>
          Après examen, Popote propose selon le cas un remboursement du produit concerné ou un avoir
          utilisable sur une prochaine commande. Ces dispositions s’appliquent sans préjudice des
          garanties légales dont bénéficie le consommateur, notamment la garantie légale de
          conformité prévue aux articles L217-3 et suivants du Code de la consommation.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="cgv-mediation">
        <h2 id="cgv-mediation">Article 10 – Médiation de la consommation</h2>
        <p>
          En cas de litige, le client consommateur adresse d’abord une réclamation écrite au service
          client de Popote. À défaut de solution satisfaisante, et au plus tard un an après cette
          réclamation écrite, il peut saisir gratuitement le médiateur de la consommation dont relève
          Popote, conformément aux articles L612-1 et suivants du Code de la consommation :
        </p>
        <address className={styles.address}>
          CM2C – Centre de la Médiation de la Consommation de Conciliateurs de Justice
          <br />
          49 rue de Ponthieu, 75008 Paris
          <br />
          <a href="https://www.cm2c.net" rel="noopener noreferrer">
            www.cm2c.net
          </a>
        </address>
        <p>
          Le recours à la médiation est facultatif : le client reste libre d’accepter ou de refuser
          la solution proposée par le médiateur.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="cgv-donnees">
        <h2 id="cgv-donnees">Article 11 – Données personnelles</h2>
        <p>
          Les données personnelles nécessaires au traitement des commandes sont traitées par Popote
          SAS, responsable de traitement. Le client dispose notamment de droits d’accès, de
          rectification, d’effacement et d’opposition, qu’il exerce auprès du délégué à la
          protection des données à <a href="mailto:dpo@popote.fr">dpo@popote.fr</a>. Le détail
          figure dans notre{' '}
          <a href="/politique-de-confidentialite">politique de confidentialité</a>.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="cgv-pi">
        <h2 id="cgv-pi">Article 12 – Propriété intellectuelle</h2>
        <p>
          Les textes, photographies, illustrations, marques et logos du site sont la propriété de
          Popote ou de ses partenaires. Toute reproduction sans autorisation est interdite.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="cgv-droit">
        <h2 id="cgv-droit">Article 13 – Droit applicable et litiges</h2>
        <p>
          Les présentes CGV sont soumises au droit français. Elles sont rédigées en langue
          française, qui fait seule foi.
        </p>
        <p>
          À défaut de résolution amiable ou par voie de médiation, le litige est porté devant les
          juridictions compétentes. Le consommateur peut saisir, à son choix, outre l’une des
          juridictions territorialement compétentes en vertu du Code de procédure civile, la
          juridiction du lieu où il demeurait au moment de la conclusion du contrat ou de la
          survenance du fait dommageable. Pour les clients professionnels, compétence est attribuée
          aux tribunaux de Lyon.
        </p>
      </section>
    </Page>
  );
}
