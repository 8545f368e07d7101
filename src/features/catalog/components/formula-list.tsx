import type { CSSProperties } from 'react';
import type { Menu } from '../../../shared/api/catalog';
import { formatEuros } from '../../../shared/money';
import { Button } from '../../../components/ui/button';
import { cheapestMenu, coursesBesideName, formulaColumns, hasPricedExtras } from '../catalog-rules';
import styles from './formula-list.module.css';

const COURSE_NAMES: Record<number, string> = { 1: 'Entrée', 2: 'Plat', 3: 'Dessert' };

/** What a formula holds: 'Entrée + Plat + Dessert'. */
function courses(menu: Menu): string {
  return menu.categories
    .filter((c) => c.required)
    .map((c) => COURSE_NAMES[c.type] ?? c.name)
    .join(' + ');
}

interface FormulaListProps {
  menus: Menu[];
  onCompose: (menu: Menu) => void;
}

/**
 * The formulas of the day as cards. Each one whose extras add to its price says "à partir de";
 * the cheapest has the primary button.
 */
export function FormulaList({ menus, onCompose }: FormulaListProps) {
  // Formulas of the same lowest price are treated alike.
  const lowest = cheapestMenu(menus)?.price;
  if (menus.length === 0) {
    return <p className={styles.empty}>Pas de formule au menu ce jour-là : la cuisine se repose. Revenez demain !</p>;
  }
  return (
    // The columns follow the room the list has (the home page's full width, the order page's
    // column), through container queries on its frame.
    <div className={styles.frame}>
      <ul className={styles.list} style={{ '--columns-3': formulaColumns(menus.length, 3), '--columns-5': formulaColumns(menus.length, 5) } as CSSProperties}>
        {menus.map((menu) => (
          <li key={menu.id} className={styles.card} data-cheapest={menu.price === lowest || undefined}>
            <h3 className={styles.name}>{menu.name}</h3>
            {coursesBesideName(menu.name, courses(menu)) ? <p className={styles.courses}>{courses(menu)}</p> : null}
            {menu.description ? <p className={styles.description}>{menu.description}</p> : null}
            <p className={styles.price}>
              {hasPricedExtras(menu) ? <span className={styles.from}>à partir de </span> : null}
              {formatEuros(menu.price)}
            </p>
            <Button variant={menu.price === lowest ? 'primary' : 'secondary'} onClick={() => onCompose(menu)} aria-label={`Composer la formule ${menu.name}`}>
              Composer
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
