import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/ui/button';
import styles from './home-intro.module.css';

const STEPS = [
  {
    title: 'Choisissez votre point',
    text: 'Un arrêt de triporteur près de votre bureau, ou le point réservé aux salariés de votre entreprise.',
  },
  {
    title: 'Composez votre déjeuner',
    text: 'Une formule du jour ou des plats à l’unité, cuisinés le matin même dans notre cuisine de Gerland.',
  },
  {
    title: 'Récupérez-le à midi',
    text: 'Commandez avant la fin des commandes de votre tournée, on vous attend dans le créneau choisi.',
  },
];

/** The home page's opening: the promise and its calls to action. */
export function HomeHero() {
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <div className={styles.heroText}>
        <p className={styles.kicker}>Cuisiné ce matin à Lyon</p>
        <h1 id="home-title" className={styles.title}>
          Le déjeuner fait maison, livré en triporteur près de votre bureau
        </h1>
        <p className={styles.lead}>
          Des formules de saison et des plats mijotés, servis dans des contenants consignés et livrés gratuitement à votre point de
          livraison.
        </p>
        <div className={styles.actions}>
          <Link to="/passer-commande" className={buttonClass('primary')}>
            Voir les formules du jour
          </Link>
          <Link to="/points-de-livraison" className={buttonClass('secondary')}>
            Trouver un point de livraison
          </Link>
        </div>
      </div>
      <div className={styles.heroArt} aria-hidden="true">
        <svg viewBox="0 0 320 240" width="320" height="240">
          <circle cx="160" cy="124" r="104" fill="#fbeee0" />
          <ellipse cx="160" cy="206" rx="112" ry="12" fill="#e8d9c8" />
          <circle cx="160" cy="130" r="82" fill="#fff" stroke="#e8d9c8" strokeWidth="4" />
          <circle cx="160" cy="130" r="62" fill="#f7e3c6" />
          <path d="M112 120c14-22 40-30 58-20 12 6 30 2 40 14-8 24-36 40-62 34-18-4-34-12-36-28z" fill="#b8452e" />
          <circle cx="136" cy="116" r="9" fill="#2f5d46" />
          <circle cx="184" cy="142" r="8" fill="#2f5d46" />
          <circle cx="162" cy="108" r="6" fill="#f2a541" />
          <circle cx="146" cy="146" r="7" fill="#f2a541" />
          <path d="M196 112c6-4 12-2 14 4" stroke="#2f5d46" strokeWidth="4" fill="none" strokeLinecap="round" />
          <path d="M134 44c-6-10 6-14 0-26M160 40c-6-10 6-14 0-26M186 44c-6-10 6-14 0-26" stroke="#f2a541" strokeWidth="5" fill="none" strokeLinecap="round" />
        </svg>
      </div>
    </section>
  );
}

/** Below the catalog: how it works, the deposit and the companies. */
export function HomeMore() {
  return (
    <>
      <section className={styles.steps} aria-labelledby="home-how">
        <h2 id="home-how" className={styles.sectionTitle}>
          Comment ça marche
        </h2>
        <ol className={styles.stepList}>
          {STEPS.map((s, i) => (
            <li key={s.title} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {i + 1}
              </span>
              <h3 className={styles.stepTitle}>{s.title}</h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.bands} aria-label="La consigne et les entreprises">
        <article className={styles.band}>
          <h2 className={styles.sectionTitle}>Zéro emballage jetable</h2>
          <p>
            Vos plats arrivent dans des contenants en verre et en inox. La consigne est de 4 € par menu : rendez vos contenants au
            livreur à la commande suivante, elle vous est rendue.
          </p>
          <Link to="/la-consigne">Comment fonctionne la consigne</Link>
        </article>
        <article className={styles.band}>
          <h2 className={styles.sectionTitle}>Un point de livraison dans votre entreprise</h2>
          <p>
            À partir de quelques commandes par jour, nos triporteurs passent chez vous, sur un point réservé à vos salariés. Sans frais
            pour l’entreprise.
          </p>
          <Link to="/entreprises">Proposer Popote à mon entreprise</Link>
        </article>
      </section>
    </>
  );
}
