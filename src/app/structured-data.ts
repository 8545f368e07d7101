import type { CatalogProduct, Menu } from '../shared/api/catalog';
import type { DeliveryLocation } from '../shared/api/delivery';
import { sharedImageOf } from '../lib/cover';
import { schemaPrice, SITE_NAME } from './page-head';

/** schema.org descriptions of what the pages show, for search engines (JSON-LD in the head). */

export function restaurantData(origin: string, menus: readonly Menu[]) {
  return {
    '@type': 'Restaurant',
    name: SITE_NAME,
    url: origin,
    servesCuisine: 'Cuisine française, lyonnaise',
    priceRange: '€€',
    address: { '@type': 'PostalAddress', addressLocality: 'Lyon', addressCountry: 'FR' },
    hasMenu: {
      '@type': 'Menu',
      name: 'Les formules du jour',
      hasMenuItem: menus.map((menu) => ({
        '@type': 'MenuItem',
        name: menu.name,
        description: menu.description,
        offers: { '@type': 'Offer', price: schemaPrice(menu.price), priceCurrency: 'EUR' },
      })),
    },
  };
}

export function productData(origin: string, path: string, dish: CatalogProduct & { description?: string }) {
  const image = sharedImageOf(dish);
  return {
    '@type': 'Product',
    name: dish.name,
    description: dish.description ?? dish.short_description,
    sku: dish.slug,
    category: dish.category,
    ...(image ? { image: new URL(image.url, origin).href } : {}),
    brand: { '@type': 'Brand', name: SITE_NAME },
    offers: {
      '@type': 'Offer',
      url: new URL(path, origin).href,
      price: schemaPrice(dish.price),
      priceCurrency: 'EUR',
      availability: dish.sold_out ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
    },
  };
}

export function placesData(locations: readonly DeliveryLocation[]) {
  return {
    '@type': 'ItemList',
    name: 'Les points de livraison Popote',
    itemListElement: locations.map((location, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: {
        '@type': 'Place',
        name: location.name,
        address: location.address,
        geo: { '@type': 'GeoCoordinates', latitude: location.latitude, longitude: location.longitude },
      },
    })),
  };
}
