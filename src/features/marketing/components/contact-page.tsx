import type { ReactNode } from 'react';
import { Page } from '../../../components/ui/page';
import { MarketingSection } from './marketing-section';
import styles from './marketing.module.css';

/** « Contactez-nous » : phone, e-mail, postal address, hours, FAQ; `form` is the contact form. */
export function ContactPage({ form }: { form?: ReactNode }) {
  return (
    <Page
      title="Contactez-nous"
      lead="Une question sur une commande, un contenant, une facture ou un point de livraison ? Notre service client vous répond du lundi au vendredi, de 8 h à 15 h."
    >
      <MarketingSection id="contact-moyens" title="Nous joindre">
        <ul className={styles.cards}>
          <li className={styles.card}>
            <h3>Par téléphone</h3>
            <p>
              <a href="tel:+33478001234">04 78 00 12 34</a>
            </p>
            <p className={styles.cardMeta}>
              Du lundi au vendredi, de 8 h à 15 h. Le matin, c’est le bon moment pour une question
              sur la commande du jour.
            </p>
          </li>
          <li className={styles.card}>
            <h3>Par e-mail</h3>
            <p>
              <a href="mailto:bonjour@popote.fr">bonjour@popote.fr</a>
            </p>
            <p className={styles.cardMeta}>
              Indiquez votre numéro de commande si votre message la concerne : nous irons plus vite.
            </p>
          </li>
          <li className={styles.card}>
            <h3>Par courrier</h3>
            <address className={styles.address}>
              Popote SAS
              <br />
              12 rue de la Charité
              <br />
              69002 Lyon
            </address>
          </li>
        </ul>
        <ul className={styles.cards}>
          <li className={styles.card}>
            <h3>Vous êtes une entreprise</h3>
            <p>
              Pour un point de livraison privé sur votre site :{' '}
              <a href="mailto:entreprises@popote.fr">entreprises@popote.fr</a> ou notre{' '}
              <a href="/entreprises">page entreprises</a>.
            </p>
          </li>
          <li className={styles.card}>
            <h3>Vous voulez nous rejoindre</h3>
            <p>
              Envoyez votre candidature à{' '}
              <a href="mailto:recrutement@popote.fr">recrutement@popote.fr</a> ou découvrez{' '}
              <a href="/rejoignez-nous">nos postes ouverts</a>.
            </p>
          </li>
        </ul>
      </MarketingSection>

      <MarketingSection id="contact-faq" title="Avant de nous écrire">
        <p className={styles.intro}>Les réponses aux questions que l’on nous pose le plus souvent.</p>
        <div className={styles.faq}>
          <details className={styles.faqItem}>
            <summary>Jusqu’à quelle heure puis-je commander ?</summary>
            <div className={styles.faqAnswer}>
              <p>
                Jusqu’à l’heure limite de la tournée qui dessert votre point de livraison, vers
                10 h 30. L’heure exacte s’affiche quand vous choisissez votre point.
              </p>
            </div>
          </details>
          <details className={styles.faqItem}>
            <summary>Je ne pourrai pas être au point de livraison pendant le créneau.</summary>
            <div className={styles.faqAnswer}>
              <p>
                Appelez-nous dès que possible au <a href="tel:+33478001234">04 78 00 12 34</a>. Le livreur suit une tournée avec
                d’autres arrêts et ne peut pas attendre, mais nous chercherons avec vous une solution,
                par exemple qu’un collègue récupère votre repas à votre place.
              </p>
            </div>
          </details>
          <details className={styles.faqItem}>
            <summary>Comment rendre mes contenants et récupérer ma consigne ?</summary>
            <div className={styles.faqAnswer}>
              <p>
                À votre prochaine commande, indiquez dans le panier le nombre de consignes que vous
                rendez, puis remettez les contenants au livreur.{' '}
                <a href="/la-consigne">Tout le fonctionnement de la consigne</a>
              </p>
            </div>
          </details>
          <details className={styles.faqItem}>
            <summary>Comment utiliser mes tickets restaurant papier ?</summary>
            <div className={styles.faqAnswer}>
              <p>
                Remettez-les à votre livreur : leur montant est crédité sur votre cagnotte prépayée,
                que vous utilisez ensuite pour régler vos commandes. Les cartes Edenred, Swile, Up et
                Pluxee se règlent directement en ligne.
              </p>
            </div>
          </details>
          <details className={styles.faqItem}>
            <summary>Où trouver mon code parrain ?</summary>
            <div className={styles.faqAnswer}>
              <p>
                Dans votre compte client. Partagez-le avec vos collègues et amis pour leur faire
                découvrir Popote.
              </p>
            </div>
          </details>
          <details className={styles.faqItem}>
            <summary>J’ai besoin d’une facture pour ma note de frais.</summary>
            <div className={styles.faqAnswer}>
              <p>
                Écrivez-nous à <a href="mailto:bonjour@popote.fr">bonjour@popote.fr</a> en précisant
                le numéro de la commande et, si besoin, le nom de votre société : nous vous
                l’adressons par e-mail.
              </p>
            </div>
          </details>
          <details className={styles.faqItem}>
            <summary>Un plat contient-il tel ou tel allergène ?</summary>
            <div className={styles.faqAnswer}>
              <p>
                La composition et les allergènes de chaque plat figurent sur sa fiche. Pour une
                allergie sévère, appelez-nous avant de commander : nous vous dirons précisément ce
                qui est possible.
              </p>
            </div>
          </details>
        </div>
      </MarketingSection>

      <MarketingSection id="contact-ecrire" title="Écrivez-nous">
        <div className={styles.formSlot}>
          {form ?? (
            <p>
              Écrivez-nous à <a href="mailto:bonjour@popote.fr">bonjour@popote.fr</a> : nous vous
              répondons du lundi au vendredi, entre 8 h et 15 h. Un message envoyé le soir ou le
              week-end est traité le jour ouvré suivant.
            </p>
          )}
        </div>
      </MarketingSection>
    </Page>
  );
}
