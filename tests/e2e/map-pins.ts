import { expect, type Locator } from './fixtures';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** How many points the map shows: each pin alone, plus the points each cluster pin stands for. */
export async function pointsOnMap(map: Locator): Promise<number> {
  const alone = await map.getByRole('button', { name: /^\d+\. / }).count();
  const clustered = await map.getByRole('button', { name: /^\d+ points de livraison : / }).allTextContents();
  return clustered.reduce((sum, count) => sum + Number(count), alone);
}

/** Every point is on the map, alone or in a cluster. */
export async function expectEveryPoint(map: Locator, count: number) {
  await expect.poll(() => pointsOnMap(map)).toBe(count);
}

/** A point's pin (`3. Bellecour…`), after opening the cluster that hides it if there is one. */
export async function pinOf(map: Locator, label: string): Promise<Locator> {
  const pin = map.getByRole('button', { name: label, exact: true });
  const cluster = map.getByRole('button', { name: new RegExp(`^\\d+ points de livraison : (.*, )?${escape(label)}(, |$)`) });
  await expect(pin.or(cluster)).toBeVisible();
  if (!(await pin.isVisible())) await cluster.click();
  await expect(pin).toBeVisible();
  return pin;
}
