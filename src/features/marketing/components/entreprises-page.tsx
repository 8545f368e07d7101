import type { ReactNode } from 'react';
import { Page } from '../../../components/ui/page';
import { MarketingSection, WithIllustration } from './marketing-section';
import styles from './marketing.module.css';

/** « Entreprises » : a private delivery point on a company site; `form` is the request form. */
export function EntreprisesPage({ form }: { form?: ReactNode }) {
  return (
    <Page
      title="Entreprises"
      lead="Offrez à vos équipes un déjeuner frais, livré à midi au pied de leur bureau : un point de livraison privé sur votre site, réservé à vos salariés, sans frais de livraison."
    >
      <MarketingSection id="entreprises-point" title="Un point de livraison rien que pour vous">
        <WithIllustration drawing="triporteur">
          <div className={styles.text}>
            <p>
              En plus de nos arrêts dans la rue, nos triporteurs électriques s’arrêtent sur des sites
              d’entreprises, à Lyon et à Villeurbanne. Chaque site dispose alors de son propre point
              de livraison, visible dans la boutique avec la mention « réservé aux salariés » : seuls
              vos collaborateurs peuvent y commander.
            </p>
            <p>
              Chacun choisit son repas et le paie lui-même, en ligne, avant l’heure limite de la
              tournée, vers 10 h 30. À midi, le livreur les attend à l’endroit convenu avec vous
              pendant le créneau de livraison. Vous n’avez ni commande groupée à centraliser, ni
              repas à distribuer.
            </p>
          </div>
        </WithIllustration>
      </MarketingSection>

      <MarketingSection id="entreprises-avantages" title="Ce que vos salariés y gagnent">
        <ul className={styles.cards}>
          <li className={styles.card}>
            <h3>Un vrai repas, cuisiné le matin</h3>
            <p>
              Des formules et des plats préparés le jour même dans notre cuisine de Gerland, avec des
              produits de saison majoritairement régionaux.
            </p>
          </li>
          <li className={styles.card}>
            <h3>Une vraie pause</h3>
            <p>
              Pas de file d’attente ni de trajet sous la pluie : le déjeuner arrive sur place, et le
              temps gagné reste du temps de pause.
            </p>
          </li>
          <li className={styles.card}>
            <h3>Zéro emballage jetable</h3>
            <p>
              Des contenants consignés en verre et en inox, rendus au livreur à la commande suivante.
              Vos poubelles de bureau vous remercieront.
            </p>
          </li>
          <li className={styles.card}>
            <h3>Des allergènes affichés</h3>
            <p>
              Composition et allergènes sont indiqués pour chaque plat : chacun choisit en
              connaissance de cause.
            </p>
          </li>
        </ul>
      </MarketingSection>

      <MarketingSection id="entreprises-etapes" title="Comment obtenir un point privé">
        <ol className={styles.steps}>
          <li className={styles.step}>
            <h3>Vous nous écrivez</h3>
            <p>
              Indiquez l’adresse de votre site, le nombre approximatif de salariés présents et la
              personne à contacter.
            </p>
          </li>
          <li className={styles.step}>
            <h3>Nous étudions la tournée</h3>
            <p>
              Nous regardons comment intégrer votre site à l’une de nos tournées en triporteur et à
              quel créneau autour de midi.
            </p>
          </li>
          <li className={styles.step}>
            <h3>Nous convenons du lieu</h3>
            <p>
              Hall d’accueil, parvis, cafétéria : nous choisissons ensemble un endroit simple à
              trouver et abrité.
            </p>
          </li>
          <li className={styles.step}>
            <h3>Vos équipes commandent</h3>
            <p>
              Le point apparaît dans la boutique, réservé à vos salariés. Il ne reste plus qu’à
              prévenir vos collègues.
            </p>
          </li>
        </ol>
      </MarketingSection>

      <MarketingSection id="entreprises-titres" title="Titres-restaurant acceptés">
        <div className={styles.split}>
          <ul className={styles.checklist}>
            <li>
              Cartes Edenred, Swile, Up et Pluxee, directement sur la page de paiement par carte.
            </li>
            <li>Le solde Edenred peut aussi être utilisé directement au moment du paiement.</li>
            <li>
              Tickets restaurant papier, remis au livreur et crédités sur une cagnotte prépayée dans
              le compte de votre salarié.
            </li>
            <li>Carte bancaire, pour compléter ou pour tout régler.</li>
          </ul>
          <p className={styles.note}>
            Les titres-restaurant s’utilisent dans la limite du plafond journalier prévu par la
            réglementation ; ils ne peuvent pas régler les boissons alcoolisées.
          </p>
        </div>
      </MarketingSection>

      <MarketingSection id="entreprises-plateaux" title="Et pour vos réunions" tone="callout">
        <p>
          Comités, formations, déjeuners d’équipe : les plateaux repas se commandent comme nos
          formules, avec la même heure limite, et arrivent sur votre point privé avec les autres
          commandes. <a href="/plateaux-repas">Découvrir les plateaux repas</a>
        </p>
      </MarketingSection>

      <MarketingSection id="entreprises-demande" title="Demander un point de livraison">
        <div className={styles.formSlot}>
          {form ?? (
            <p>
              Parlons de votre site : écrivez-nous à{' '}
              <a href="mailto:entreprises@popote.fr?subject=Point%20de%20livraison%20priv%C3%A9">
                entreprises@popote.fr
              </a>{' '}
              ou appelez-nous au <a href="tel:+33478001234">04 78 00 12 34</a>, du lundi au vendredi
              de 8 h à 15 h. Nous revenons vers vous pour étudier votre demande.
            </p>
          )}
        </div>
      </MarketingSection>
    </Page>
  );
}
