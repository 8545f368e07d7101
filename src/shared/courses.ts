/** The courses of the menu in their order, as the shop names them: a section's title, and one dish's. */
export const COURSES = [
  { category: 'starter', title: 'Entrées', one: 'Entrée' },
  { category: 'main', title: 'Plats', one: 'Plat' },
  { category: 'dessert', title: 'Desserts', one: 'Dessert' },
  { category: 'drink', title: 'Boissons', one: 'Boisson' },
] as const;

/** 'Entrée' for 'starter'; an unknown category as it is. */
export const courseOf = (category: string): string => COURSES.find((c) => c.category === category)?.one ?? category;
