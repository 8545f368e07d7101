import type { ReactNode } from 'react';
import { Page } from '../../../components/ui/page';
import { MarketingSection, WithIllustration } from './marketing-section';
import styles from './marketing.module.css';

/** « Rejoignez-nous » : the team, the open roles and how to apply; `form` is the application form. */
export function JoinPage({ form }: { form?: ReactNode }) {
  return (
    <Page
      title="Rejoignez-nous"
      lead="Cuisiner le matin, livrer à midi en triporteur, répondre à nos clients avec le sourire : Popote grandit et cherche des personnes qui aiment le travail bien fait."
    >
      <MarketingSection id="equipe" title="Une équipe, trois métiers">
        <WithIllustration drawing="cuisine">
          <ul className={styles.cards}>
            <li className={styles.card}>
              <h3>En cuisine</h3>
              <p>
                Dans notre cuisine de Gerland, l’équipe prépare chaque matin les déjeuners du jour à
                partir de produits de saison, puis lave et contrôle les contenants consignés qui
                reviennent des tournées.
              </p>
            </li>
            <li className={styles.card}>
              <h3>À la livraison</h3>
              <p>
                Nos livreurs et livreuses parcourent Lyon et Villeurbanne en triporteur électrique,
                tiennent les points de livraison à l’heure du déjeuner et reprennent les contenants.
              </p>
            </li>
            <li className={styles.card}>
              <h3>Au service client</h3>
              <p>
                Du lundi au vendredi, de 8 h à 15 h, le service client répond aux appels et aux
                messages, suit les commandes et accompagne les entreprises.
              </p>
            </li>
          </ul>
        </WithIllustration>
      </MarketingSection>

      <MarketingSection id="postes" title="Nos postes ouverts">
        <ul className={styles.cards}>
          <li className={styles.card}>
            <span className={styles.tag}>Cuisine · Lyon 7e</span>
            <h3>Cuisinier ou cuisinière</h3>
            <p>
              Vous réalisez la production du jour, de la mise en place au dressage, en respectant les
              règles d’hygiène et la traçabilité des allergènes. Vous aimez les légumes de saison et
              les recettes qui changent souvent.
            </p>
            <p className={styles.cardMeta}>Horaires de journée qui commencent tôt, jamais de service du soir.</p>
          </li>
          <li className={styles.card}>
            <span className={styles.tag}>Cuisine · Lyon 7e</span>
            <h3>Commis de cuisine et plonge</h3>
            <p>
              Vous épaulez les cuisiniers pour les préparations et prenez en charge le lavage, le
              séchage et le contrôle des contenants en verre et en inox. Un poste clé de notre
              système de consigne.
            </p>
            <p className={styles.cardMeta}>Débutants bienvenus, nous vous formons.</p>
          </li>
          <li className={styles.card}>
            <span className={`${styles.tag} ${styles.tagGreen}`}>Livraison · Lyon</span>
            <h3>Livreur ou livreuse à triporteur</h3>
            <p>
              Vous chargez votre triporteur électrique à la cuisine, assurez votre tournée et
              accueillez nos clients aux points de livraison. Vous aimez le vélo, la ville et le
              contact.
            </p>
            <p className={styles.cardMeta}>
              Salarié de Popote et payé à l’heure, pas à la course. Vélo et équipement fournis.
            </p>
          </li>
          <li className={styles.card}>
            <span className={styles.tag}>Service client · Lyon</span>
            <h3>Chargé ou chargée de service client</h3>
            <p>
              Vous répondez par téléphone et par e-mail, aidez nos clients à commander, suivez les
              consignes et les cagnottes, et faites le lien avec la cuisine et les livreurs.
            </p>
            <p className={styles.cardMeta}>Du lundi au vendredi, de 8 h à 15 h.</p>
          </li>
        </ul>
      </MarketingSection>

      <MarketingSection id="recrutement" title="Comment nous recrutons">
        <ol className={styles.steps}>
          <li className={styles.step}>
            <h3>Votre candidature</h3>
            <p>Un CV et quelques lignes sur vous et sur le poste qui vous attire suffisent.</p>
          </li>
          <li className={styles.step}>
            <h3>Un premier échange</h3>
            <p>Un appel d’une vingtaine de minutes pour faire connaissance et répondre à vos questions.</p>
          </li>
          <li className={styles.step}>
            <h3>Une rencontre</h3>
            <p>Vous venez découvrir la cuisine ou une tournée et rencontrer l’équipe avec qui vous travaillerez.</p>
          </li>
          <li className={styles.step}>
            <h3>Notre réponse</h3>
            <p>Positive ou non, nous répondons à chaque candidature.</p>
          </li>
        </ol>
        <p className={styles.note}>
          Aucun poste ne vous correspond ? Les candidatures spontanées sont les bienvenues. Pour en
          savoir plus sur nos valeurs, lisez notre{' '}
          <a href="/charte-engagement">charte d’engagement</a>.
        </p>
      </MarketingSection>

      <MarketingSection id="postuler" title="Postuler">
        <div className={styles.formSlot}>
          {form ?? (
            <p>
              Envoyez votre CV et quelques lignes de présentation à{' '}
              <a href="mailto:recrutement@popote.fr?subject=Candidature">recrutement@popote.fr</a>,
              en précisant le poste qui vous intéresse dans l’objet du message.
            </p>
          )}
        </div>
      </MarketingSection>
    </Page>
  );
}
