import { proxy } from 'valtio';

/** The formula open in the composer (null: the first of the day). */
export const catalogState = proxy({ selectedMenuId: null as number | null });

export function selectMenu(id: number | null) {
  catalogState.selectedMenuId = id;
}
