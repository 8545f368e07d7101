import { Page } from '../../../components/ui/page';
import styles from './legal.module.css';

/** « Mentions légales » (loi n° 2004-575 du 21 juin 2004, article 6). */
export function LegalNoticesPage() {
  return (
    <Page title="Mentions légales" prose>
      <p className={styles.updated}>Dernière mise à jour : 22 novembre 2026.</p>

      <p>
        Conformément à l’article 6 de la loi n° 2004-575 du 21 juin 2004 pour la confiance dans
        l’économie numérique, voici l’identité des différents intervenants dans la réalisation et
        le suivi de ce site.
      </p>

      <section className={styles.article} aria-labelledby="ml-editeur">
        <h2 id="ml-editeur">Éditeur du site</h2>
        <dl className={styles.identity}>
          <div>
            <dt>Dénomination</dt>
            <dd>Popote SAS</dd>
          </div>
          <div>
            <dt>Forme juridique</dt>
            <dd>Société par actions simplifiée au capital de 20 000 €</dd>
          </div>
          <div>
            <dt>Siège social</dt>
            <dd>12 rue de la Charité, 69002 Lyon, France</dd>
          </div>
          <div>
            <dt>Immatriculation</dt>
            <dd>RCS Lyon 912 345 683 – SIREN 912 345 683</dd>
          </div>
          <div>
            <dt>TVA intracommunautaire</dt>
            <dd>FR89912345683</dd>
          </div>
          <div>
            <dt>Activité</dt>
            <dd>Préparation et livraison de repas à Lyon et Villeurbanne</dd>
          </div>
          <div>
            <dt>Téléphone</dt>
            <dd>
              <a href="tel:+33478001234">04 78 00 12 34</a> (du lundi au vendredi, de 8 h à 15 h)
            </dd>
          </div>
          <div>
            <dt>E-mail</dt>
            <dd>
              <a href="mailto:bonjour@popote.fr">bonjour@popote.fr</a>
            </dd>
          </div>
          <div>
            <dt>Directeur de la publication</dt>
            <dd>Camille Perrin</dd>
          </div>
        </dl>
      </section>

      <section className={styles.article} aria-labelledby="ml-hebergeur">
        <h2 id="ml-hebergeur">Hébergement</h2>
        <p>Le site et ses données sont hébergés en France par :</p>
        <address className={styles.address}>
          OVH SAS
          <br />
          2 rue Kellermann, 59100 Roubaix, France
          <br />
          RCS Lille Métropole 424 761 419
          <br />
          Téléphone : 1007 (depuis la France)
        </address>
      </section>

      <section className={styles.article} aria-labelledby="ml-cuisine">
        <h2 id="ml-cuisine">Lieu de production</h2>
        <p>
          Les repas vendus sur ce site sont préparés par Popote dans sa propre cuisine, située à
          Lyon 7e (Gerland), puis livrés en triporteur électrique aux points de livraison.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="ml-pi">
        <h2 id="ml-pi">Propriété intellectuelle</h2>
        <p>
          L’ensemble des éléments de ce site (textes, photographies, illustrations, logos, marque
          Popote, mise en page et code) est protégé par le Code de la propriété intellectuelle et
          appartient à Popote SAS ou fait l’objet d’une autorisation d’utilisation. Les
          illustrations du site ont été réalisées pour Popote.
        </p>
        <p>
          Toute reproduction, représentation, modification ou diffusion, totale ou partielle, sans
          l’autorisation écrite préalable de Popote SAS est interdite et constitue une contrefaçon
          sanctionnée par les articles L335-2 et suivants du Code de la propriété intellectuelle.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="ml-responsabilite">
        <h2 id="ml-responsabilite">Responsabilité</h2>
        <p>
          Popote s’efforce de fournir des informations exactes et à jour, notamment sur la
          composition des plats, les allergènes, les prix et les points de livraison. Elle ne
          saurait toutefois garantir l’absence de toute erreur ou interruption du site et se réserve
          le droit d’en corriger le contenu à tout moment. Les conditions applicables aux commandes
          figurent dans nos{' '}
          <a href="/conditions-generales-de-vente">conditions générales de vente</a>.
        </p>
        <p>
          Les liens vers des sites tiers sont fournis à titre d’information ; Popote n’exerce aucun
          contrôle sur leur contenu et décline toute responsabilité à leur égard.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="ml-donnees">
        <h2 id="ml-donnees">Données personnelles et cookies</h2>
        <p>
          Popote SAS est responsable des traitements de données personnelles réalisés sur ce site.
          Vous pouvez joindre notre délégué à la protection des données à{' '}
          <a href="mailto:dpo@popote.fr">dpo@popote.fr</a>. Le site n’utilise que des cookies
          techniques nécessaires à son fonctionnement et aucun cookie publicitaire. Pour tout savoir
          sur vos données et vos droits, consultez notre{' '}
          <a href="/politique-de-confidentialite">politique de confidentialité</a>.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="ml-mediation">
        <h2 id="ml-mediation">Médiation de la consommation</h2>
        <p>
          En cas de litige non résolu avec notre service client, vous pouvez recourir gratuitement
          au médiateur de la consommation CM2C, 49 rue de Ponthieu, 75008 Paris (
          <a href="https://www.cm2c.net" rel="noopener noreferrer">
            www.cm2c.net
          </a>
          ), dans les conditions prévues à l’article 10 de nos conditions générales de vente.
        </p>
      </section>

      <section className={styles.article} aria-labelledby="ml-contact">
        <h2 id="ml-contact">Nous contacter</h2>
        <p>
          Pour toute question sur ce site, écrivez-nous à{' '}
          <a href="mailto:bonjour@popote.fr">bonjour@popote.fr</a> ou passez par notre{' '}
          <a href="/contact">page de contact</a>.
        </p>
      </section>
    </Page>
  );
}
