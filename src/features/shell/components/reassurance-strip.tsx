import styles from './reassurance-strip.module.css';

const ITEMS = [
  {
    title: 'Paiement sécurisé',
    text: 'Carte bancaire ou carte titres-restaurant, sur une page de paiement chiffrée.',
    icon: <path d="M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5z" />,
  },
  {
    title: 'Livraison offerte',
    text: 'En triporteur électrique, à votre point de livraison, sans minimum.',
    icon: <path d="M3 17h2m4 0h6m4 0h2M5 17a2 2 0 1 0 4 0 2 2 0 1 0-4 0m10 0a2 2 0 1 0 4 0 2 2 0 1 0-4 0M3 13h10V7H3zm10 0h4l3 4" />,
  },
  {
    title: 'Tickets restaurant acceptés',
    text: 'Cartes Edenred, Swile, Up, Pluxee et tickets papier via votre cagnotte.',
    icon: <path d="M3 7h18v10H3zM7 12h4m4 0h2M3 10h18" />,
  },
];

/** The reassurance strip (secure payment, free delivery, meal vouchers accepted). */
export function ReassuranceStrip() {
  return (
    <ul className={styles.strip} aria-label="Nos engagements">
      {ITEMS.map((item) => (
        <li key={item.title} className={styles.item}>
          <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" className={styles.icon}>
            <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
              {item.icon}
            </g>
          </svg>
          <div>
            <strong className={styles.title}>{item.title}</strong>
            <span className={styles.text}>{item.text}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
