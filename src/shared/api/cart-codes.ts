/* The cart's refusal codes and their notices, apart from its schemas (no zod on the first screen). */

/** Codes of the cart's refusals; the client maps them to its notices (docs/product/cart.md). */
export const CART_ERRORS = {
  soldOut: 'sold_out',
  unavailable: 'unavailable',
  invalidMenu: 'invalid_menu',
  lineLimit: 'line_limit',
  unknownLine: 'unknown_line',
  noDeliveryDate: 'no_delivery_date',
  cutlery: 'cutlery_limit',
  toteBags: 'tote_bags_limit',
  bonusDisabled: 'bonus_disabled',
  notEnoughDeposit: 'not_enough_deposit',
  /** The customer holds containers, but on their way still (an order not yet delivered). */
  depositsNotDelivered: 'deposits_not_delivered',
  cannotRemoveDeposit: 'cannot_remove_deposit',
  invalidDiscount: 'invalid_discount',
  anonymousLimit: 'anonymous_limit',
} as const;

/** The cart's notices: title and message (docs/product/cart.md, "Limits"). */
export const CART_NOTICES = {
  cutlery: { title: 'Nos couverts sont limités !', message: 'Un set de couverts par formule achetée : moins de plastique, moins de gaspillage.' },
  toteBags: { title: 'Nos tote bags sont limités !', message: 'Un tote bag est offert par formule achetée.' },
  cannotRemoveDeposit: {
    title: 'Impossible de rendre plus de consignes !',
    message: 'La valeur des consignes rendues ne peut pas dépasser le montant de votre commande.',
  },
  notEnoughDeposit: { title: 'Pas si vite !', message: 'Vous n’avez plus de consigne à rendre.' },
  depositsNotDelivered: {
    title: 'Pas encore livrés',
    message: 'Vos contenants arrivent avec votre commande en cours : vous pourrez les rendre au livreur à la commande suivante.',
  },
  invalidDiscount: "Votre code n'existe pas ou n'est plus valable",
} as const;
