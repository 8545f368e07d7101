/** What a page tells browsers, search engines and chat apps about itself. */
export interface PageHeadInput {
  /** The site's origin (router context): links, canonical and images must be absolute. */
  origin: string;
  path: string;
  title: string;
  description: string;
  /** Relative to the site; a default picture otherwise. */
  image?: string | null;
  /** The image's size in pixels, when known (a photo's variant): chat apps lay the preview out before loading it. */
  imageSize?: { width: number; height: number };
  type?: 'website' | 'product';
  /** schema.org data, as JSON-LD. */
  jsonLd?: Record<string, unknown>;
}

export const SITE_NAME = 'Popote';
export const DEFAULT_DESCRIPTION =
  'Formules du jour et plats faits maison, livrés gratuitement en triporteur à votre point de livraison à Lyon, dans des contenants consignés.';
const DEFAULT_IMAGE = '/icons/icon-512.png';

/**
 * The head of a route: title, description, canonical address, Open Graph (locale fr_FR) and a
 * Twitter card, and JSON-LD when the page describes a thing (a dish, the restaurant, its points).
 */
export function pageHead({ origin, path, title, description, image, imageSize, type = 'website', jsonLd }: PageHeadInput) {
  const url = new URL(path, origin).href;
  const picture = new URL(image ?? DEFAULT_IMAGE, origin).href;
  return {
    meta: [
      { title },
      { name: 'description', content: description },
      { property: 'og:site_name', content: SITE_NAME },
      { property: 'og:locale', content: 'fr_FR' },
      { property: 'og:type', content: type },
      { property: 'og:title', content: title },
      { property: 'og:description', content: description },
      { property: 'og:url', content: url },
      { property: 'og:image', content: picture },
      ...(imageSize
        ? [
            { property: 'og:image:width', content: String(imageSize.width) },
            { property: 'og:image:height', content: String(imageSize.height) },
          ]
        : []),
      { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: description },
      { name: 'twitter:image', content: picture },
      ...(jsonLd ? [{ 'script:ld+json': { '@context': 'https://schema.org', ...jsonLd } }] : []),
    ],
    links: [{ rel: 'canonical', href: url }],
  };
}

/** A price in cents as schema.org writes it: '12.90'. */
export const schemaPrice = (cents: number) => (cents / 100).toFixed(2);
