/**
 * Demo catalogue of Popote: dishes, formulas and delivery locations (Lyon, late autumn).
 * Pure data, no imports: the seeder turns it into rows.
 */

export type DishCategory = 'starter' | 'main' | 'dessert' | 'drink';

export interface SeedDish {
  slug: string; // kebab-case ascii, unique
  name: string; // French
  shortDescription: string; // one line, ≤ 90 chars
  description: string; // 2–3 appetising sentences
  ingredients: string[]; // French
  allergens: string[]; // among the 14 EU allergens, French names
  tags: string[]; // among 'végétarien','vegan','sans gluten','épicé','de saison','fait maison'
  category: DishCategory;
  priceCents: number; // price when sold alone, integer cents
  vatRateBp: number; // basis points: 1000 = 10 %, 550 = 5,5 %, 2000 = 20 %
  nutrition: { kcal: number; proteinsG: number; carbsG: number; fatG: number } | null;
  cover: string; // '/images/dishes/<slug>.svg'
}

export interface SeedFormulaCategory {
  name: string; // 'Entrée', 'Plat', 'Dessert', 'Boisson', 'Les petits plus'
  type: number; // 1 starter, 2 main, 3 dessert, 4 drink / other
  required: boolean; // required = choose exactly one; non-required = the "petits plus" extras group
  dishes: string[]; // dish slugs
  extraPrices?: Record<string, number>; // for non-required categories: slug -> extra price in cents
}

export interface SeedFormula {
  slug: string;
  name: string;
  description: string;
  priceCents: number;
  categories: SeedFormulaCategory[];
}

export interface SeedTour {
  name: string;
  orderTimeLimit: string; // 'HH:MM:SS'
  startsAt: string; // 'HH:MM'
  endsAt: string; // 'HH:MM'
}

export interface SeedLocation {
  name: string;
  address: string;
  company: string | null;
  latitude: number;
  longitude: number;
  isPrivate: boolean;
  /** A company point's access rule, one at most (docs/product/delivery.md, "Company points"). */
  accessEmailDomain?: string;
  accessCode?: string;
  tours: SeedTour[];
}

/* ------------------------------------------------------------------ */
/* Dishes                                                              */
/* ------------------------------------------------------------------ */

export const dishes: SeedDish[] = [
  // ---------- Entrées ----------
  {
    slug: 'salade-lyonnaise',
    name: 'Salade lyonnaise',
    shortDescription: 'Frisée, lardons fumés, croûtons dorés et œuf poché coulant',
    description:
      'Le grand classique des bouchons : une frisée bien croquante, des lardons fumés saisis minute et des croûtons dorés au beurre. Un œuf poché au cœur coulant vient napper le tout, relevé d’une vinaigrette à la moutarde forte.',
    ingredients: ['salade frisée', 'lardons fumés', 'croûtons de pain', 'œuf poché', 'échalote', 'moutarde de Dijon', 'vinaigre de vin rouge', 'huile de colza'],
    allergens: ['gluten', 'œufs', 'moutarde', 'sulfites'],
    tags: ['fait maison'],
    category: 'starter',
    priceCents: 590,
    vatRateBp: 1000,
    nutrition: { kcal: 340, proteinsG: 15, carbsG: 14, fatG: 25 },
    cover: '/images/dishes/salade-lyonnaise.svg',
  },
  {
    slug: 'veloute-potimarron',
    name: 'Velouté de potimarron',
    shortDescription: 'Potimarron rôti, trait de crème et graines de courge torréfiées',
    description:
      'Un velouté tout doux de potimarron rôti au four, mixé avec une pointe de muscade. Servi avec un trait de crème fraîche et des graines de courge torréfiées pour le croquant.',
    ingredients: ['potimarron', 'oignon', 'bouillon de légumes maison', 'crème fraîche', 'graines de courge', 'muscade', 'ciboulette'],
    allergens: ['lait', 'céleri'],
    tags: ['végétarien', 'sans gluten', 'de saison', 'fait maison'],
    category: 'starter',
    priceCents: 490,
    vatRateBp: 1000,
    nutrition: { kcal: 190, proteinsG: 5, carbsG: 20, fatG: 10 },
    cover: '/images/dishes/veloute-potimarron.svg',
  },
  {
    slug: 'cervelle-de-canut',
    name: 'Cervelle de canut',
    shortDescription: 'Fromage blanc battu aux herbes, échalote et toasts de pain de campagne',
    description:
      'La recette des canuts de la Croix-Rousse : un fromage blanc battu avec ciboulette, persil, échalote et une touche d’ail. On la tartine sur des toasts de pain de campagne grillés, à l’apéro comme en entrée.',
    ingredients: ['fromage blanc fermier', 'ciboulette', 'persil plat', 'échalote', 'ail', 'vinaigre de vin', 'huile d’olive', 'pain de campagne'],
    allergens: ['lait', 'gluten', 'sulfites'],
    tags: ['végétarien', 'fait maison'],
    category: 'starter',
    priceCents: 450,
    vatRateBp: 1000,
    nutrition: { kcal: 230, proteinsG: 12, carbsG: 24, fatG: 9 },
    cover: '/images/dishes/cervelle-de-canut.svg',
  },
  {
    slug: 'oeufs-en-meurette',
    name: 'Œufs en meurette',
    shortDescription: 'Œufs pochés, sauce au vin rouge, lardons, champignons et croûtons',
    description:
      'Deux œufs pochés nappés d’une sauce au vin rouge longuement réduite, avec lardons, champignons de Paris et oignons grelots. Quelques croûtons aillés pour saucer jusqu’à la dernière goutte.',
    ingredients: ['œufs plein air', 'vin rouge', 'lardons', 'champignons de Paris', 'oignons grelots', 'beurre', 'croûtons', 'thym', 'persil'],
    allergens: ['œufs', 'sulfites', 'lait', 'gluten'],
    tags: ['fait maison'],
    category: 'starter',
    priceCents: 620,
    vatRateBp: 1000,
    nutrition: { kcal: 310, proteinsG: 17, carbsG: 12, fatG: 20 },
    cover: '/images/dishes/oeufs-en-meurette.svg',
  },
  {
    slug: 'salade-lentilles-puy',
    name: 'Salade de lentilles vertes du Puy',
    shortDescription: 'Lentilles du Puy, carotte, échalote et vinaigrette à la moutarde',
    description:
      'Des lentilles vertes du Puy cuites juste comme il faut, tièdes et fondantes. Mêlées de carotte, d’échalote et de persil, elles sont assaisonnées d’une vinaigrette à la moutarde à l’ancienne.',
    ingredients: ['lentilles vertes du Puy', 'carotte', 'échalote', 'persil plat', 'moutarde à l’ancienne', 'vinaigre de vin', 'huile de noix'],
    allergens: ['moutarde', 'sulfites'],
    tags: ['vegan', 'végétarien', 'sans gluten', 'fait maison'],
    category: 'starter',
    priceCents: 480,
    vatRateBp: 1000,
    nutrition: { kcal: 250, proteinsG: 12, carbsG: 30, fatG: 9 },
    cover: '/images/dishes/salade-lentilles-puy.svg',
  },
  {
    slug: 'betteraves-chevre-noix',
    name: 'Betteraves rôties, chèvre frais et noix',
    shortDescription: 'Betteraves rôties au four, chèvre frais, cerneaux de noix et roquette',
    description:
      'Des betteraves rôties au four jusqu’à devenir fondantes et sucrées, associées à un chèvre frais de la Drôme. Des cerneaux de noix grillés et quelques feuilles de roquette apportent croquant et fraîcheur.',
    ingredients: ['betteraves', 'chèvre frais', 'cerneaux de noix', 'roquette', 'miel', 'huile de noix', 'vinaigre balsamique'],
    allergens: ['lait', 'fruits à coque', 'sulfites'],
    tags: ['végétarien', 'sans gluten', 'de saison'],
    category: 'starter',
    priceCents: 550,
    vatRateBp: 1000,
    nutrition: { kcal: 280, proteinsG: 10, carbsG: 16, fatG: 20 },
    cover: '/images/dishes/betteraves-chevre-noix.svg',
  },
  {
    slug: 'poireaux-vinaigrette',
    name: 'Poireaux vinaigrette, œuf mimosa',
    shortDescription: 'Poireaux fondants, vinaigrette moutardée et œuf mimosa',
    description:
      'Des blancs de poireaux cuits tout doucement, servis tièdes avec une vinaigrette bien moutardée. On les parsème d’œuf mimosa et de ciboulette : simple, de saison et terriblement bon.',
    ingredients: ['poireaux', 'œuf dur', 'moutarde de Dijon', 'vinaigre de vin', 'huile de colza', 'échalote', 'ciboulette'],
    allergens: ['œufs', 'moutarde', 'sulfites'],
    tags: ['végétarien', 'sans gluten', 'de saison', 'fait maison'],
    category: 'starter',
    priceCents: 520,
    vatRateBp: 1000,
    nutrition: { kcal: 210, proteinsG: 8, carbsG: 10, fatG: 15 },
    cover: '/images/dishes/poireaux-vinaigrette.svg',
  },
  {
    slug: 'pate-en-croute',
    name: 'Pâté en croûte maison',
    shortDescription: 'Volaille, porc et pistaches sous une pâte dorée, pickles maison',
    description:
      'Notre pâté en croûte de volaille et de porc aux pistaches, avec sa gelée ambrée et sa pâte bien dorée. Servi en belle tranche avec des pickles de légumes maison et une pointe de moutarde.',
    ingredients: ['pâte brisée', 'volaille', 'échine de porc', 'pistaches', 'gelée au porto', 'œuf', 'pickles de légumes', 'moutarde'],
    allergens: ['gluten', 'œufs', 'lait', 'fruits à coque', 'moutarde', 'sulfites'],
    tags: ['fait maison'],
    category: 'starter',
    priceCents: 650,
    vatRateBp: 1000,
    nutrition: { kcal: 390, proteinsG: 16, carbsG: 24, fatG: 25 },
    cover: '/images/dishes/pate-en-croute.svg',
  },

  // ---------- Plats ----------
  {
    slug: 'quenelle-nantua',
    name: 'Quenelle de brochet, sauce Nantua',
    shortDescription: 'Quenelle soufflée au four, sauce aux écrevisses et riz pilaf',
    description:
      'La fierté lyonnaise : une quenelle de brochet qui gonfle au four dans une sauce Nantua onctueuse aux écrevisses. Accompagnée d’un riz pilaf pour ne rien perdre de la sauce.',
    ingredients: ['quenelle de brochet', 'écrevisses', 'crème', 'beurre', 'concentré de tomate', 'cognac', 'vin blanc', 'riz long', 'céleri', 'échalote'],
    allergens: ['poissons', 'crustacés', 'gluten', 'œufs', 'lait', 'sulfites', 'céleri'],
    tags: ['fait maison'],
    category: 'main',
    priceCents: 1390,
    vatRateBp: 1000,
    nutrition: { kcal: 640, proteinsG: 26, carbsG: 58, fatG: 33 },
    cover: '/images/dishes/quenelle-nantua.svg',
  },
  {
    slug: 'poulet-morilles',
    name: 'Poulet fermier aux morilles',
    shortDescription: 'Suprême de volaille fermière, crème aux morilles et écrasé de pommes de terre',
    description:
      'Un suprême de poulet fermier de l’Ain, doré à la peau puis mijoté dans une crème aux morilles et au vin jaune. Servi avec un écrasé de pommes de terre au beurre, c’est le plat réconfort par excellence.',
    ingredients: ['suprême de poulet fermier', 'morilles', 'crème fraîche', 'vin jaune', 'échalote', 'pommes de terre', 'beurre', 'ciboulette'],
    allergens: ['lait', 'sulfites'],
    tags: ['sans gluten', 'de saison', 'fait maison'],
    category: 'main',
    priceCents: 1450,
    vatRateBp: 1000,
    nutrition: { kcal: 690, proteinsG: 42, carbsG: 38, fatG: 40 },
    cover: '/images/dishes/poulet-morilles.svg',
  },
  {
    slug: 'joue-de-boeuf-cotes-du-rhone',
    name: 'Joue de bœuf au Côtes-du-Rhône',
    shortDescription: 'Joue de bœuf braisée sept heures, carottes fondantes et purée maison',
    description:
      'Une joue de bœuf charolais braisée pendant sept heures dans un Côtes-du-Rhône, avec carottes et lard. Elle se défait à la cuillère et s’accompagne d’une purée maison au beurre.',
    ingredients: ['joue de bœuf charolais', 'vin rouge Côtes-du-Rhône', 'carottes', 'oignon', 'céleri', 'lard', 'pommes de terre', 'beurre', 'lait', 'thym', 'laurier'],
    allergens: ['lait', 'sulfites', 'céleri'],
    tags: ['sans gluten', 'de saison', 'fait maison'],
    category: 'main',
    priceCents: 1390,
    vatRateBp: 1000,
    nutrition: { kcal: 620, proteinsG: 44, carbsG: 36, fatG: 32 },
    cover: '/images/dishes/joue-de-boeuf-cotes-du-rhone.svg',
  },
  {
    slug: 'truite-beurre-blanc',
    name: 'Truite de l’Ain, beurre blanc',
    shortDescription: 'Filet de truite rose, beurre blanc, fondue de poireaux et pommes vapeur',
    description:
      'Un filet de truite de l’Ain cuit sur la peau, nacré à cœur. Il repose sur une fondue de poireaux et se nappe d’un beurre blanc léger, avec quelques pommes vapeur persillées.',
    ingredients: ['filet de truite', 'poireaux', 'beurre', 'vin blanc', 'échalote', 'pommes de terre', 'persil'],
    allergens: ['poissons', 'lait', 'sulfites'],
    tags: ['sans gluten', 'de saison'],
    category: 'main',
    priceCents: 1350,
    vatRateBp: 1000,
    nutrition: { kcal: 560, proteinsG: 34, carbsG: 34, fatG: 31 },
    cover: '/images/dishes/truite-beurre-blanc.svg',
  },
  {
    slug: 'saucisson-pistache-pommes-huile',
    name: 'Saucisson pistaché, pommes à l’huile',
    shortDescription: 'Saucisson chaud lyonnais aux pistaches et pommes de terre à l’huile',
    description:
      'Un vrai saucisson à cuire lyonnais aux pistaches, poché doucement et tranché épais. Il est servi avec des pommes de terre tièdes à l’huile, échalote et persil, comme au comptoir d’un bouchon.',
    ingredients: ['saucisson à cuire pistaché', 'pommes de terre', 'échalote', 'persil', 'huile de colza', 'vinaigre de vin', 'moutarde'],
    allergens: ['fruits à coque', 'moutarde', 'sulfites'],
    tags: ['sans gluten'],
    category: 'main',
    priceCents: 1190,
    vatRateBp: 1000,
    nutrition: { kcal: 710, proteinsG: 27, carbsG: 40, fatG: 49 },
    cover: '/images/dishes/saucisson-pistache-pommes-huile.svg',
  },
  {
    slug: 'parmentier-canard',
    name: 'Parmentier de canard confit',
    shortDescription: 'Canard confit effiloché sous une purée gratinée, salade verte',
    description:
      'Des cuisses de canard confites, effilochées à la main et mêlées d’échalotes fondues. Le tout est recouvert d’une purée maison gratinée au four et servi avec une petite salade verte.',
    ingredients: ['cuisse de canard confite', 'pommes de terre', 'beurre', 'lait', 'échalote', 'persil', 'salade verte'],
    allergens: ['lait'],
    tags: ['sans gluten', 'fait maison'],
    category: 'main',
    priceCents: 1290,
    vatRateBp: 1000,
    nutrition: { kcal: 650, proteinsG: 32, carbsG: 45, fatG: 38 },
    cover: '/images/dishes/parmentier-canard.svg',
  },
  {
    slug: 'dahl-lentilles-puy',
    name: 'Dahl de lentilles vertes du Puy',
    shortDescription: 'Lentilles du Puy au lait de coco et aux épices douces, riz basmati',
    description:
      'Nos lentilles vertes du Puy mijotées façon dahl, avec lait de coco, tomate, gingembre et curcuma. Servi avec un riz basmati et de la coriandre fraîche, il réchauffe sans brûler.',
    ingredients: ['lentilles vertes du Puy', 'lait de coco', 'tomate', 'oignon', 'gingembre', 'ail', 'curcuma', 'cumin', 'graines de moutarde', 'coriandre', 'riz basmati'],
    allergens: ['moutarde'],
    tags: ['vegan', 'végétarien', 'sans gluten', 'épicé', 'fait maison'],
    category: 'main',
    priceCents: 1090,
    vatRateBp: 1000,
    nutrition: { kcal: 560, proteinsG: 21, carbsG: 76, fatG: 18 },
    cover: '/images/dishes/dahl-lentilles-puy.svg',
  },
  {
    slug: 'risotto-cepes',
    name: 'Risotto aux cèpes',
    shortDescription: 'Riz carnaroli crémeux, cèpes poêlés et copeaux de parmesan',
    description:
      'Un risotto crémeux monté au parmesan, avec des cèpes poêlés au beurre et une persillade. Les copeaux de parmesan et l’huile de noisette signent ce plat de sous-bois.',
    ingredients: ['riz carnaroli', 'cèpes', 'parmesan', 'beurre', 'vin blanc', 'bouillon de légumes', 'échalote', 'persil', 'ail'],
    allergens: ['lait', 'sulfites', 'céleri'],
    tags: ['végétarien', 'sans gluten', 'de saison'],
    category: 'main',
    priceCents: 1290,
    vatRateBp: 1000,
    nutrition: { kcal: 590, proteinsG: 17, carbsG: 72, fatG: 24 },
    cover: '/images/dishes/risotto-cepes.svg',
  },
  {
    slug: 'gratin-cardons',
    name: 'Gratin de cardons',
    shortDescription: 'Cardons fondants en béchamel au comté, gratinés, salade verte',
    description:
      'Le cardon, légume d’hiver chéri des Lyonnais, cuit jusqu’à être fondant puis enrobé d’une béchamel au comté. Gratiné au four et servi avec une salade verte à la vinaigrette.',
    ingredients: ['cardons', 'lait', 'beurre', 'farine de blé', 'comté', 'muscade', 'salade verte'],
    allergens: ['lait', 'gluten'],
    tags: ['végétarien', 'de saison', 'fait maison'],
    category: 'main',
    priceCents: 1150,
    vatRateBp: 1000,
    nutrition: { kcal: 480, proteinsG: 19, carbsG: 30, fatG: 31 },
    cover: '/images/dishes/gratin-cardons.svg',
  },
  {
    slug: 'bowl-automne',
    name: 'Bowl d’automne',
    shortDescription: 'Quinoa, patate douce rôtie, chou kale, pois chiches et sauce tahini',
    description:
      'Un bol complet et coloré : quinoa, patate douce rôtie au cumin, chou kale massé et pois chiches croustillants. Une sauce tahini au citron et des graines de courge lient le tout.',
    ingredients: ['quinoa', 'patate douce', 'chou kale', 'pois chiches', 'chou rouge', 'graines de courge', 'tahini', 'citron', 'cumin'],
    allergens: ['sésame'],
    tags: ['vegan', 'végétarien', 'sans gluten', 'de saison'],
    category: 'main',
    priceCents: 1190,
    vatRateBp: 1000,
    nutrition: { kcal: 540, proteinsG: 19, carbsG: 68, fatG: 21 },
    cover: '/images/dishes/bowl-automne.svg',
  },
  {
    slug: 'ravioles-gratinees',
    name: 'Ravioles du Dauphiné gratinées',
    shortDescription: 'Ravioles au comté et persil, crème aux herbes, gratinées au four',
    description:
      'Des ravioles du Dauphiné fourrées au comté et au fromage frais, nappées d’une crème aux herbes. Elles passent au four pour une croûte dorée et se servent avec quelques pousses d’épinard.',
    ingredients: ['ravioles du Dauphiné', 'crème', 'comté', 'fromage frais', 'persil', 'ciboulette', 'pousses d’épinard'],
    allergens: ['gluten', 'œufs', 'lait'],
    tags: ['végétarien'],
    category: 'main',
    priceCents: 1090,
    vatRateBp: 1000,
    nutrition: { kcal: 620, proteinsG: 22, carbsG: 52, fatG: 36 },
    cover: '/images/dishes/ravioles-gratinees.svg',
  },

  // ---------- Desserts ----------
  {
    slug: 'bugnes-lyonnaises',
    name: 'Bugnes lyonnaises',
    shortDescription: 'Beignets croustillants à la fleur d’oranger, sucre glace (x6)',
    description:
      'Six bugnes fines et croustillantes, parfumées à la fleur d’oranger et au zeste de citron. Frites minute et poudrées de sucre glace, elles se partagent… ou pas.',
    ingredients: ['farine de blé', 'œufs', 'beurre', 'sucre', 'fleur d’oranger', 'zeste de citron', 'sucre glace', 'huile de tournesol'],
    allergens: ['gluten', 'œufs', 'lait'],
    tags: ['végétarien', 'fait maison'],
    category: 'dessert',
    priceCents: 350,
    vatRateBp: 1000,
    nutrition: { kcal: 310, proteinsG: 5, carbsG: 38, fatG: 15 },
    cover: '/images/dishes/bugnes-lyonnaises.svg',
  },
  {
    slug: 'tarte-pralines-roses',
    name: 'Tarte aux pralines roses',
    shortDescription: 'Pâte sablée et crème fondante aux pralines roses concassées',
    description:
      'L’incontournable douceur lyonnaise : une pâte sablée au beurre garnie de pralines roses fondues dans la crème. Rose vif, fondante au cœur et légèrement croquante sur le dessus.',
    ingredients: ['farine de blé', 'beurre', 'œufs', 'sucre', 'pralines roses (amandes)', 'crème'],
    allergens: ['gluten', 'lait', 'œufs', 'fruits à coque'],
    tags: ['végétarien', 'fait maison'],
    category: 'dessert',
    priceCents: 450,
    vatRateBp: 1000,
    nutrition: { kcal: 420, proteinsG: 5, carbsG: 52, fatG: 21 },
    cover: '/images/dishes/tarte-pralines-roses.svg',
  },
  {
    slug: 'poire-pochee-beaujolais',
    name: 'Poire pochée au Beaujolais',
    shortDescription: 'Poire entière pochée au vin rouge épicé, cannelle et badiane',
    description:
      'Une poire entière pochée lentement dans un Beaujolais épicé à la cannelle, à la badiane et au zeste d’orange. Elle prend une belle robe pourpre et se déguste avec son sirop réduit.',
    ingredients: ['poire', 'vin rouge du Beaujolais', 'sucre', 'cannelle', 'badiane', 'zeste d’orange'],
    allergens: ['sulfites'],
    tags: ['vegan', 'végétarien', 'sans gluten', 'de saison', 'fait maison'],
    category: 'dessert',
    priceCents: 420,
    vatRateBp: 1000,
    nutrition: { kcal: 190, proteinsG: 1, carbsG: 42, fatG: 0 },
    cover: '/images/dishes/poire-pochee-beaujolais.svg',
  },
  {
    slug: 'mousse-chocolat',
    name: 'Mousse au chocolat noir',
    shortDescription: 'Mousse aérienne au chocolat noir 70 %, copeaux de chocolat',
    description:
      'Une mousse légère et intense au chocolat noir 70 %, montée à la main comme à la maison. Quelques copeaux de chocolat et une pincée de fleur de sel pour finir.',
    ingredients: ['chocolat noir 70 %', 'œufs', 'beurre', 'sucre', 'fleur de sel'],
    allergens: ['œufs', 'lait'],
    tags: ['végétarien', 'sans gluten', 'fait maison'],
    category: 'dessert',
    priceCents: 390,
    vatRateBp: 1000,
    nutrition: { kcal: 330, proteinsG: 7, carbsG: 26, fatG: 22 },
    cover: '/images/dishes/mousse-chocolat.svg',
  },
  {
    slug: 'fromage-blanc-creme-marrons',
    name: 'Fromage blanc à la crème de marrons',
    shortDescription: 'Fromage blanc fermier, crème de marrons d’Ardèche et brisures de marrons',
    description:
      'Un fromage blanc fermier bien frais, surmonté d’une généreuse cuillère de crème de marrons d’Ardèche. Des brisures de marrons glacés apportent la touche gourmande de saison.',
    ingredients: ['fromage blanc fermier', 'crème de marrons', 'brisures de marrons glacés'],
    allergens: ['lait'],
    tags: ['végétarien', 'sans gluten', 'de saison'],
    category: 'dessert',
    priceCents: 350,
    vatRateBp: 1000,
    nutrition: { kcal: 240, proteinsG: 9, carbsG: 36, fatG: 6 },
    cover: '/images/dishes/fromage-blanc-creme-marrons.svg',
  },
  {
    slug: 'tarte-tatin',
    name: 'Tarte Tatin',
    shortDescription: 'Pommes caramélisées au beurre salé, pâte feuilletée, crème crue',
    description:
      'Des pommes des coteaux du Lyonnais longuement caramélisées au beurre salé, retournées sur une pâte feuilletée croustillante. Une cuillère de crème crue l’accompagne.',
    ingredients: ['pommes', 'sucre', 'beurre demi-sel', 'pâte feuilletée', 'crème crue'],
    allergens: ['gluten', 'lait'],
    tags: ['végétarien', 'de saison', 'fait maison'],
    category: 'dessert',
    priceCents: 480,
    vatRateBp: 1000,
    nutrition: { kcal: 380, proteinsG: 3, carbsG: 50, fatG: 19 },
    cover: '/images/dishes/tarte-tatin.svg',
  },
  {
    slug: 'crumble-pommes-coings',
    name: 'Crumble pommes-coings',
    shortDescription: 'Pommes et coings fondants sous un crumble croustillant aux noisettes',
    description:
      'Des pommes et des coings fondants, parfumés à la vanille, sous une épaisse couche de crumble aux noisettes. Doré au four, il sent bon l’après-midi d’automne.',
    ingredients: ['pommes', 'coings', 'farine de blé', 'beurre', 'sucre roux', 'noisettes', 'vanille'],
    allergens: ['gluten', 'lait', 'fruits à coque'],
    tags: ['végétarien', 'de saison', 'fait maison'],
    category: 'dessert',
    priceCents: 420,
    vatRateBp: 1000,
    nutrition: { kcal: 360, proteinsG: 4, carbsG: 48, fatG: 17 },
    cover: '/images/dishes/crumble-pommes-coings.svg',
  },

  // ---------- Boissons ----------
  {
    slug: 'eau-minerale-plate',
    name: 'Eau minérale plate',
    shortDescription: 'Bouteille de 50 cl',
    description:
      'Une eau minérale naturelle, plate et légère, en bouteille de 50 cl. Bien fraîche pour accompagner votre déjeuner.',
    ingredients: ['eau minérale naturelle'],
    allergens: [],
    tags: ['vegan', 'végétarien', 'sans gluten'],
    category: 'drink',
    priceCents: 200,
    vatRateBp: 550,
    nutrition: null,
    cover: '/images/dishes/eau-minerale-plate.svg',
  },
  {
    slug: 'eau-petillante',
    name: 'Eau pétillante',
    shortDescription: 'Bouteille de 50 cl, fines bulles',
    description:
      'Une eau minérale naturellement gazeuse aux fines bulles, en bouteille de 50 cl. Idéale avec un plat en sauce.',
    ingredients: ['eau minérale naturelle gazeuse'],
    allergens: [],
    tags: ['vegan', 'végétarien', 'sans gluten'],
    category: 'drink',
    priceCents: 220,
    vatRateBp: 550,
    nutrition: null,
    cover: '/images/dishes/eau-petillante.svg',
  },
  {
    slug: 'jus-pomme-monts-lyonnais',
    name: 'Jus de pomme des Monts du Lyonnais',
    shortDescription: 'Pur jus de pomme artisanal, bouteille de 25 cl',
    description:
      'Un pur jus de pommes pressées dans un verger des Monts du Lyonnais, sans sucre ajouté. Doux, légèrement acidulé, en bouteille de 25 cl.',
    ingredients: ['jus de pomme'],
    allergens: [],
    tags: ['vegan', 'végétarien', 'sans gluten'],
    category: 'drink',
    priceCents: 320,
    vatRateBp: 550,
    nutrition: { kcal: 110, proteinsG: 0, carbsG: 27, fatG: 0 },
    cover: '/images/dishes/jus-pomme-monts-lyonnais.svg',
  },
  {
    slug: 'limonade-artisanale',
    name: 'Limonade artisanale',
    shortDescription: 'Limonade au citron, peu sucrée, bouteille de 33 cl',
    description:
      'Une limonade artisanale au jus de citron, pétillante et peu sucrée. Sa bouteille à bouchon mécanique de 33 cl se garde bien au frais.',
    ingredients: ['eau gazéifiée', 'sucre de canne', 'jus de citron', 'arôme naturel de citron'],
    allergens: [],
    tags: ['vegan', 'végétarien', 'sans gluten'],
    category: 'drink',
    priceCents: 350,
    vatRateBp: 550,
    nutrition: { kcal: 120, proteinsG: 0, carbsG: 30, fatG: 0 },
    cover: '/images/dishes/limonade-artisanale.svg',
  },
  {
    slug: 'the-glace-peche',
    name: 'Thé glacé pêche',
    shortDescription: 'Thé noir infusé à froid, pêche de vigne, bouteille de 33 cl',
    description:
      'Un thé noir infusé à froid avec de la pêche de vigne, légèrement sucré. Désaltérant et fruité, en bouteille de 33 cl.',
    ingredients: ['eau', 'thé noir', 'sucre de canne', 'purée de pêche de vigne', 'jus de citron'],
    allergens: [],
    tags: ['vegan', 'végétarien', 'sans gluten'],
    category: 'drink',
    priceCents: 330,
    vatRateBp: 550,
    nutrition: { kcal: 90, proteinsG: 0, carbsG: 22, fatG: 0 },
    cover: '/images/dishes/the-glace-peche.svg',
  },
  {
    slug: 'biere-blonde-croix-rousse',
    name: 'Bière blonde artisanale',
    shortDescription: 'Blonde brassée à la Croix-Rousse, 5 % vol., bouteille de 33 cl',
    description:
      'Une blonde légère et houblonnée, brassée en petite série sur les pentes de la Croix-Rousse. Notes d’agrumes et finale sèche, en bouteille de 33 cl. L’abus d’alcool est dangereux pour la santé.',
    ingredients: ['eau', 'malt d’orge', 'houblon', 'levure'],
    allergens: ['gluten'],
    tags: [],
    category: 'drink',
    priceCents: 450,
    vatRateBp: 2000,
    nutrition: { kcal: 140, proteinsG: 1, carbsG: 12, fatG: 0 },
    cover: '/images/dishes/biere-blonde-croix-rousse.svg',
  },
];

/* ------------------------------------------------------------------ */
/* Formulas                                                            */
/* ------------------------------------------------------------------ */

const petitsPlus: SeedFormulaCategory = {
  name: 'Les petits plus',
  type: 4,
  required: false,
  dishes: ['eau-minerale-plate', 'eau-petillante', 'jus-pomme-monts-lyonnais', 'limonade-artisanale', 'the-glace-peche'],
  extraPrices: {
    'eau-minerale-plate': 150,
    'eau-petillante': 150,
    'jus-pomme-monts-lyonnais': 250,
    'limonade-artisanale': 250,
    'the-glace-peche': 250,
  },
};

export const formulas: SeedFormula[] = [
  {
    slug: 'formule-complete',
    name: 'Formule Complète',
    description: 'Une entrée, un plat et un dessert au choix : le vrai déjeuner lyonnais.',
    priceCents: 1490,
    categories: [
      {
        name: 'Entrée',
        type: 1,
        required: true,
        dishes: ['salade-lyonnaise', 'veloute-potimarron', 'cervelle-de-canut', 'salade-lentilles-puy', 'poireaux-vinaigrette', 'betteraves-chevre-noix'],
      },
      {
        name: 'Plat',
        type: 2,
        required: true,
        dishes: ['quenelle-nantua', 'joue-de-boeuf-cotes-du-rhone', 'saucisson-pistache-pommes-huile', 'dahl-lentilles-puy', 'risotto-cepes', 'ravioles-gratinees'],
      },
      {
        name: 'Dessert',
        type: 3,
        required: true,
        dishes: ['bugnes-lyonnaises', 'tarte-pralines-roses', 'mousse-chocolat', 'poire-pochee-beaujolais', 'fromage-blanc-creme-marrons'],
      },
      petitsPlus,
    ],
  },
  {
    slug: 'plat-dessert',
    name: 'Plat + Dessert',
    description: 'Un plat mijoté et une douceur pour finir, sans entrée.',
    priceCents: 1290,
    categories: [
      {
        name: 'Plat',
        type: 2,
        required: true,
        dishes: ['quenelle-nantua', 'joue-de-boeuf-cotes-du-rhone', 'parmentier-canard', 'dahl-lentilles-puy', 'gratin-cardons', 'bowl-automne'],
      },
      {
        name: 'Dessert',
        type: 3,
        required: true,
        dishes: ['bugnes-lyonnaises', 'tarte-pralines-roses', 'mousse-chocolat', 'tarte-tatin', 'crumble-pommes-coings'],
      },
      petitsPlus,
    ],
  },
  {
    slug: 'entree-plat',
    name: 'Entrée + Plat',
    description: 'Une entrée de bouchon et un plat chaud, pour les appétits salés.',
    priceCents: 1290,
    categories: [
      {
        name: 'Entrée',
        type: 1,
        required: true,
        dishes: ['salade-lyonnaise', 'veloute-potimarron', 'cervelle-de-canut', 'oeufs-en-meurette', 'salade-lentilles-puy'],
      },
      {
        name: 'Plat',
        type: 2,
        required: true,
        dishes: ['quenelle-nantua', 'saucisson-pistache-pommes-huile', 'parmentier-canard', 'risotto-cepes', 'bowl-automne', 'ravioles-gratinees'],
      },
      petitsPlus,
    ],
  },
  {
    slug: 'plateau-repas',
    name: 'Plateau repas',
    description: 'Entrée, plat, dessert et boisson : le plateau complet pour vos réunions.',
    priceCents: 1990,
    categories: [
      {
        name: 'Entrée',
        type: 1,
        required: true,
        dishes: ['salade-lyonnaise', 'veloute-potimarron', 'betteraves-chevre-noix', 'poireaux-vinaigrette', 'pate-en-croute'],
      },
      {
        name: 'Plat',
        type: 2,
        required: true,
        dishes: ['poulet-morilles', 'truite-beurre-blanc', 'joue-de-boeuf-cotes-du-rhone', 'risotto-cepes', 'dahl-lentilles-puy', 'bowl-automne'],
      },
      {
        name: 'Dessert',
        type: 3,
        required: true,
        dishes: ['tarte-pralines-roses', 'mousse-chocolat', 'poire-pochee-beaujolais', 'tarte-tatin', 'crumble-pommes-coings'],
      },
      {
        name: 'Boisson',
        type: 4,
        required: true,
        dishes: ['eau-minerale-plate', 'eau-petillante', 'jus-pomme-monts-lyonnais', 'limonade-artisanale', 'the-glace-peche'],
      },
      {
        name: 'Les petits plus',
        type: 4,
        required: false,
        dishes: ['biere-blonde-croix-rousse', 'bugnes-lyonnaises', 'cervelle-de-canut'],
        extraPrices: {
          'biere-blonde-croix-rousse': 350,
          'bugnes-lyonnaises': 250,
          'cervelle-de-canut': 300,
        },
      },
    ],
  },
  {
    slug: 'formule-verte',
    name: 'Formule Verte',
    description: 'Entrée, plat et dessert 100\u00a0% végétariens, de saison et pleins de goût.',
    priceCents: 1450,
    categories: [
      {
        name: 'Entrée',
        type: 1,
        required: true,
        dishes: ['veloute-potimarron', 'cervelle-de-canut', 'salade-lentilles-puy', 'betteraves-chevre-noix', 'poireaux-vinaigrette'],
      },
      {
        name: 'Plat',
        type: 2,
        required: true,
        dishes: ['dahl-lentilles-puy', 'risotto-cepes', 'gratin-cardons', 'bowl-automne', 'ravioles-gratinees'],
      },
      {
        name: 'Dessert',
        type: 3,
        required: true,
        dishes: ['poire-pochee-beaujolais', 'fromage-blanc-creme-marrons', 'crumble-pommes-coings', 'tarte-tatin', 'mousse-chocolat'],
      },
      petitsPlus,
    ],
  },
];

/* ------------------------------------------------------------------ */
/* Delivery locations                                                  */
/* ------------------------------------------------------------------ */

/*
 * Tours are couriers' rounds shared by several stops (their name is unique in
 * the database), so a given tour name always carries the same order cut-off;
 * each stop has its own delivery window. A tour's stops follow the points'
 * order below (server/db/seed-reference.ts): their windows go the same way, the
 * round never due at a later stop before an earlier one (a test holds it).
 */
const RIVE_GAUCHE_1 = 'Tricycle Rive gauche – 1er passage';
const RIVE_GAUCHE_2 = 'Tricycle Rive gauche – 2e passage';
const PRESQU_ILE_1 = 'Tricycle Presqu’île – 1er passage';
const PRESQU_ILE_2 = 'Tricycle Presqu’île – 2e passage';
const PART_DIEU_3 = 'Tricycle Part-Dieu – 3e passage';
const ENTREPRISES = 'Entreprises – livraison avant midi';
const ENTREPRISES_13H = 'Entreprises – livraison avant 13 h';

export const locations: SeedLocation[] = [
  // ---------- Public tricycle stops ----------
  {
    name: 'Part-Dieu – Gare (place Charles-Béraudier)',
    address: 'Place Charles-Béraudier, 69003 Lyon',
    company: null,
    latitude: 45.76071,
    longitude: 4.85822,
    isPrivate: false,
    tours: [
      { name: RIVE_GAUCHE_1, orderTimeLimit: '10:30:00', startsAt: '11:45', endsAt: '12:15' },
      { name: RIVE_GAUCHE_2, orderTimeLimit: '11:00:00', startsAt: '12:15', endsAt: '13:00' },
      { name: PART_DIEU_3, orderTimeLimit: '11:00:00', startsAt: '13:00', endsAt: '13:30' },
    ],
  },
  {
    name: 'Confluence – Place Nautique',
    address: 'Place Nautique, 69002 Lyon',
    company: null,
    latitude: 45.74276,
    longitude: 4.81728,
    isPrivate: false,
    tours: [
      { name: PRESQU_ILE_1, orderTimeLimit: '10:30:00', startsAt: '11:45', endsAt: '12:15' },
      { name: PRESQU_ILE_2, orderTimeLimit: '11:00:00', startsAt: '12:15', endsAt: '13:00' },
    ],
  },
  {
    name: 'Bellecour – Statue de Louis XIV',
    address: 'Place Bellecour, 69002 Lyon',
    company: null,
    latitude: 45.75781,
    longitude: 4.83201,
    isPrivate: false,
    tours: [
      { name: PRESQU_ILE_1, orderTimeLimit: '10:30:00', startsAt: '11:45', endsAt: '12:15' },
      { name: PRESQU_ILE_2, orderTimeLimit: '11:00:00', startsAt: '12:15', endsAt: '13:00' },
    ],
  },
  {
    name: 'Gerland – Halle Tony Garnier',
    address: '20 place des Docteurs Charles et Christophe Mérieux, 69007 Lyon',
    company: null,
    latitude: 45.73019,
    longitude: 4.82541,
    isPrivate: false,
    tours: [{ name: RIVE_GAUCHE_1, orderTimeLimit: '10:30:00', startsAt: '12:00', endsAt: '12:30' }],
  },
  {
    name: 'Villeurbanne – Charpennes',
    address: 'Place Charles-Hernu, 69100 Villeurbanne',
    company: null,
    latitude: 45.77045,
    longitude: 4.8634,
    isPrivate: false,
    tours: [
      { name: RIVE_GAUCHE_1, orderTimeLimit: '10:30:00', startsAt: '12:00', endsAt: '12:30' },
      { name: RIVE_GAUCHE_2, orderTimeLimit: '11:00:00', startsAt: '12:15', endsAt: '13:00' },
    ],
  },
  {
    name: 'Vaise – Place Valmy',
    address: 'Place Valmy, 69009 Lyon',
    company: null,
    latitude: 45.77466,
    longitude: 4.80562,
    isPrivate: false,
    tours: [{ name: PRESQU_ILE_2, orderTimeLimit: '11:00:00', startsAt: '12:15', endsAt: '13:00' }],
  },
  {
    name: 'Croix-Rousse – Place de la Croix-Rousse',
    address: 'Place de la Croix-Rousse, 69004 Lyon',
    company: null,
    latitude: 45.77452,
    longitude: 4.83158,
    isPrivate: false,
    tours: [
      { name: PRESQU_ILE_1, orderTimeLimit: '10:30:00', startsAt: '11:45', endsAt: '12:15' },
      { name: PRESQU_ILE_2, orderTimeLimit: '11:00:00', startsAt: '12:30', endsAt: '13:00' },
    ],
  },
  {
    name: 'Monplaisir – Place Ambroise-Courtois',
    address: 'Place Ambroise-Courtois, 69008 Lyon',
    company: null,
    latitude: 45.74478,
    longitude: 4.87126,
    isPrivate: false,
    tours: [
      { name: RIVE_GAUCHE_1, orderTimeLimit: '10:30:00', startsAt: '12:00', endsAt: '12:30' },
      { name: RIVE_GAUCHE_2, orderTimeLimit: '11:00:00', startsAt: '12:30', endsAt: '13:15' },
    ],
  },

  // ---------- Private company sites ----------
  {
    name: 'Lugdunéo Assurances – Part-Dieu',
    address: '10 boulevard Marius-Vivier-Merle, 69003 Lyon',
    company: 'Lugdunéo Assurances',
    latitude: 45.75893,
    longitude: 4.85719,
    isPrivate: true,
    // Its staff order with their company address (docs/sandbox.md).
    accessEmailDomain: 'lugduneo.fr',
    tours: [
      { name: ENTREPRISES, orderTimeLimit: '10:00:00', startsAt: '11:30', endsAt: '12:00' },
      { name: ENTREPRISES_13H, orderTimeLimit: '11:00:00', startsAt: '12:30', endsAt: '13:00' },
    ],
  },
  {
    name: 'Campus Virelys Biotech – Gerland',
    address: '350 avenue Jean-Jaurès, 69007 Lyon',
    company: 'Virelys Biotech',
    latitude: 45.72712,
    longitude: 4.83125,
    isPrivate: true,
    tours: [{ name: ENTREPRISES, orderTimeLimit: '10:00:00', startsAt: '11:30', endsAt: '12:00' }],
  },
  {
    name: 'Canopée Logiciels – Vaise',
    address: '12 rue Joannès-Carret, 69009 Lyon',
    company: 'Canopée Logiciels',
    latitude: 45.78128,
    longitude: 4.80697,
    isPrivate: true,
    // The code the company hands out; the demo's customer can use it (docs/sandbox.md).
    accessCode: 'CANOPEE-VAISE',
    tours: [{ name: ENTREPRISES, orderTimeLimit: '10:00:00', startsAt: '11:30', endsAt: '12:00' }],
  },
  {
    name: 'Studio Saônelab – Confluence',
    address: '40 quai Rambaud, 69002 Lyon',
    company: 'Saônelab',
    latitude: 45.74418,
    longitude: 4.81626,
    isPrivate: true,
    tours: [{ name: ENTREPRISES_13H, orderTimeLimit: '11:00:00', startsAt: '12:30', endsAt: '13:00' }],
  },
];
