/** The site's navigation: header, mobile menu and footer. */
export const HEADER_LINKS = [
  { to: '/notre-concept', label: 'Notre Concept' },
  { to: '/la-consigne', label: 'La consigne' },
  { to: '/plateaux-repas', label: 'Plateaux repas' },
  { to: '/entreprises', label: 'Entreprises' },
  { to: '/points-de-livraison', label: 'Nos points de livraison' },
] as const;

export const MOBILE_LINKS = [
  { to: '/passer-commande', label: 'Nos formules du jour' },
  { to: '/notre-concept', label: 'Notre concept' },
  { to: '/la-consigne', label: 'La consigne' },
  // The desktop header's pages are all in the phone's menu too, and Contact, which the header lacks.
  { to: '/plateaux-repas', label: 'Plateaux repas' },
  { to: '/entreprises', label: 'Entreprises' },
  { to: '/points-de-livraison', label: 'Nos points de livraison' },
  { to: '/contact', label: 'Contactez-nous' },
  { to: '/rejoignez-nous', label: 'Rejoignez-nous' },
] as const;

export const FOOTER_LINKS = [
  { to: '/notre-concept', label: 'Notre concept' },
  { to: '/points-de-livraison', label: 'Zones de livraison' },
  { to: '/contact', label: 'Contactez-nous' },
  { to: '/rejoignez-nous', label: 'Nous rejoindre' },
] as const;

export const LEGAL_LINKS = [
  { to: '/conditions-generales-de-vente', label: 'Conditions générales de vente' },
  { to: '/politique-de-confidentialite', label: 'Politique de confidentialité' },
  { to: '/mentions-legales', label: 'Mentions légales' },
] as const;
