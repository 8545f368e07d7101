/** The shop's French messages, shared by the server's validation and the client's forms. */
export const MESSAGES = {
  email: 'Merci de saisir une adresse email valide. Promis, pas de spam.',
  phone: 'Vous devez saisir un numéro français.',
  required: (label: string) => `Merci de saisir ici votre ${label}.`,
  /** A drop-down is chosen, not typed in: its own wording, never the text fields' 'Merci de saisir…'. */
  requestType: 'Choisissez l’objet de votre message.',
  newsletterSuccess: 'Vous êtes bien inscrit. :)',
  newsletterFailure: 'Il y a eu un problème lors de votre inscription',
  notFound: 'Ressource introuvable.',
  validation: 'Les données envoyées sont invalides.',
  csrf: 'Votre session a expiré, rechargez la page et réessayez.',
  rateLimited: 'Trop de tentatives. Merci de patienter un moment avant de réessayer.',
  internal: 'Une erreur est survenue de notre côté. Merci de réessayer dans un instant.',
  conflict: 'Votre demande a croisé une autre modification : rien n’a été fait, merci de réessayer.',
  unavailable: 'Le service est momentanément indisponible. Merci de réessayer dans un instant.',
} as const;
