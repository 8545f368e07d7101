import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { OfflineReason } from '../../../components/ui/offline-reason';
import { QueryStatus } from '../../../components/ui/query-status';
import { useDeliveryDate } from '../../../lib/app-state';
import { useOnline } from '../../../lib/connection-store';
import type { OverlayProps } from '../../../lib/lazy-overlay';
import { closePanel } from '../../../lib/panel-history';
import type { FormattedMenu, Menu, MenuCategory } from '../../../shared/api/catalog';
import { formatEuros } from '../../../shared/money';
import { menusQuery } from '../api/menus';
import { selectedMenu } from '../catalog-rules';
import { catalogState, selectMenu } from '../catalog-store';
import { choose, describe, emptySelection, missingCategories, toFormattedMenu, toggleExtra, total, type Selection } from '../composer-rules';
import { DishPicture } from '../../../components/ui/dish-picture';
import styles from './formula-composer.module.css';

export interface ComposedFormula {
  formatted: FormattedMenu;
  name: string;
  /** The chosen dishes, in order. */
  dishes: string;
  /** Live total in cents (the server prices the cart itself). */
  total: number;
}

interface FormulaComposerProps {
  menus: Menu[];
  /** Receives the complete formula (the cart adds it); may fail with a message to show. */
  onAdd: (formula: ComposedFormula) => Promise<void> | void;
}

/**
 * The composer's panel (`?volet=formule`) on the day's formulas. `onAdd`: what "Ajouter au panier"
 * does, given by the app (the cart is another feature's); the panel closes once it is done.
 */
export function ComposerPanel({ open, onAdd }: OverlayProps & { onAdd: (formula: ComposedFormula) => Promise<boolean> }) {
  const date = useDeliveryDate();
  const menus = useQuery({ ...menusQuery(date), enabled: Boolean(date) });
  return (
    <Dialog open={open} title="Composer ma formule" onClose={() => closePanel('composer')} placement="panel-right" wide>
      <QueryStatus query={menus} loading="Chargement des formules…" error="Impossible de charger les formules.">
        {(data) => (
          <FormulaComposer
            menus={data}
            onAdd={async (formula) => {
              if (await onAdd(formula)) closePanel('composer');
            }}
          />
        )}
      </QueryStatus>
    </Dialog>
  );
}

/** The formula composer: one dish per required category, optional extras, live total. */
export function FormulaComposer({ menus, onAdd }: FormulaComposerProps) {
  const { selectedMenuId } = useSnapshot(catalogState);
  const menu = selectedMenu(menus, selectedMenuId);
  const groupId = useId();
  if (!menu) return <p>Pas de formule au menu ce jour-là.</p>;
  return (
    <div className={styles.composer}>
      {menus.length > 1 ? (
        <fieldset className={styles.formulas}>
          <legend className={styles.legend}>Formule</legend>
          <div className={styles.formulaChoices}>
            {menus.map((m) => (
              <label key={m.id} className={styles.formulaChoice}>
                <input type="radio" name={`${groupId}-formula`} checked={m.id === menu.id} onChange={() => selectMenu(m.id)} />
                <span>{m.name}</span>
                <span className={styles.formulaPrice}>{formatEuros(m.price)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {/* A new formula starts from an empty selection. */}
      <Composition key={menu.id} menu={menu} onAdd={onAdd} />
    </div>
  );
}

function Composition({ menu, onAdd }: { menu: Menu; onAdd: FormulaComposerProps['onAdd'] }) {
  const online = useOnline();
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [missing, setMissing] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const amount = total(menu, selection);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const lacking = missingCategories(menu, selection);
    setMissing(lacking.map((c) => c.name));
    if (lacking.length) {
      // Take the customer to the first course still to choose.
      (event.currentTarget as HTMLFormElement).querySelector<HTMLInputElement>(`[data-category="${lacking[0]!.id}"] input:not(:disabled)`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await onAdd({ formatted: toFormattedMenu(menu, selection), name: menu.name, dishes: describe(menu, selection), total: amount });
    } finally {
      setBusy(false);
    }
  }

  function update(next: Selection) {
    setSelection(next);
    if (missing.length) setMissing(missingCategories(menu, next).map((c) => c.name));
  }

  return (
    <form method="post" className={styles.form} onSubmit={onSubmit} noValidate aria-label={`Composer la formule ${menu.name}`}>
      {menu.categories.map((category) =>
        category.required ? (
          <ChoiceGroup key={category.id} category={category} chosen={selection.choices[category.id]} onChoose={(id) => update(choose(menu, selection, category.id, id))} invalid={missing.includes(category.name)} />
        ) : (
          <ExtrasGroup key={category.id} category={category} chosen={selection.extras[category.id] ?? []} onToggle={(id) => update(toggleExtra(menu, selection, category.id, id))} />
        ),
      )}
      <div className={styles.footer}>
        {missing.length ? (
          <Alert className={styles.error}>Choisissez encore : {missing.join(', ')}.</Alert>
        ) : null}
        <p className={styles.total} aria-live="polite">
          Total <strong>{formatEuros(amount)}</strong>
        </p>
        <Button type="submit" busy={busy} disabled={!online}>
          Ajouter au panier
        </Button>
        <OfflineReason offline={!online} />
      </div>
    </form>
  );
}

function ChoiceGroup({ category, chosen, onChoose, invalid }: { category: MenuCategory; chosen: number | undefined; onChoose: (id: number) => void; invalid: boolean }) {
  const name = useId();
  return (
    <fieldset className={styles.group} aria-invalid={invalid || undefined} data-category={category.id}>
      <legend className={styles.legend}>
        {category.name} <span className={styles.hint}>1 au choix</span>
      </legend>
      <div className={styles.options}>
        {category.products.map((p) => (
          <label key={p.id} className={styles.option} data-disabled={p.sold_out || undefined}>
            <input type="radio" name={name} value={p.id} checked={chosen === p.id} disabled={p.sold_out} onChange={() => onChoose(p.id)} />
            <DishPicture product={p} sizes="64px" width={64} height={48} className={styles.thumb} />
            <span className={styles.optionText}>
              <span className={styles.optionName}>{p.name}</span>
              <span className={styles.optionMeta}>
                {p.sold_out ? 'Épuisé' : p.tags.filter((t) => t !== 'fait maison').join(' · ')}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ExtrasGroup({ category, chosen, onToggle }: { category: MenuCategory; chosen: number[]; onToggle: (id: number) => void }) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>
        {category.name} <span className={styles.hint}>facultatif</span>
      </legend>
      <div className={styles.options}>
        {category.products.map((p) => (
          <label key={p.id} className={styles.option} data-disabled={p.sold_out || undefined}>
            <input type="checkbox" checked={chosen.includes(p.id)} disabled={p.sold_out && !chosen.includes(p.id)} onChange={() => onToggle(p.id)} />
            <DishPicture product={p} sizes="64px" width={64} height={48} className={styles.thumb} />
            <span className={styles.optionText}>
              <span className={styles.optionName}>{p.name}</span>
              <span className={styles.optionMeta}>{p.sold_out ? 'Épuisé' : `+${formatEuros(p.extra_price)}`}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
