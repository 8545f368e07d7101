/** A dish without its own picture shows the covered plate, never a broken image. */
export const DISH_PLACEHOLDER = '/images/dishes/placeholder.svg';

export const coverOf = (product: { cover_url: string | null }) => product.cover_url ?? DISH_PLACEHOLDER;
