/**
 * The seller's legal identity as invoices must state it (Code de commerce L441-9, CGI art. 242
 * nonies A). Same facts as the legal notices and the CGV pages (src/features/legal): change both.
 */
export interface Seller {
  name: string;
  /** Legal form and share capital. */
  legalForm: string;
  addressLines: readonly string[];
  siren: string;
  rcs: string;
  vatNumber: string;
  email: string;
  phone: string;
}

export const SELLER: Seller = {
  name: 'Popote SAS',
  legalForm: 'Société par actions simplifiée au capital de 20\u00a0000\u00a0€',
  addressLines: ['12 rue de la Charité', '69002 Lyon, France'],
  siren: '912 345 683',
  rcs: 'RCS Lyon 912 345 683',
  vatNumber: 'FR89912345683',
  email: 'bonjour@popote.fr',
  phone: '04 78 00 12 34',
};
