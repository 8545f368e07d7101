import { CART_LOOP, CATALOG_PATHS, type ApiResults } from './api';
import type { WebResults } from './web';

/** A target of issue 11, with what this run measured. */
export interface Target {
  target: string;
  measured: string;
  met: boolean;
}

export const BUDGETS = { floorRatio: 0.6, cartP99Ms: 30, rssMb: 250 };

export function apiTargets(api: ApiResults): Target[] {
  const targets: Target[] = [];
  const popote = [...api.runs, ...api.scaling].filter((r) => r.engine !== 'floor');
  for (const run of api.runs.filter((r) => r.floorRatio !== undefined)) {
    targets.push({
      target: `${run.endpoint} (${run.engine}) ≥ ${BUDGETS.floorRatio} × floor req/s`,
      measured: `${run.floorRatio!.toFixed(2)} × floor`,
      met: run.floorRatio! >= BUDGETS.floorRatio,
    });
  }
  const cartOnPostgres = api.runs.find((r) => r.engine === 'postgres' && r.endpoint === CART_LOOP);
  targets.push(
    cartOnPostgres
      ? { target: `cart mutations p99 ≤ ${BUDGETS.cartP99Ms} ms (PostgreSQL, ${api.connections} connections)`, measured: `${cartOnPostgres.result.latencyP99Ms} ms`, met: cartOnPostgres.result.latencyP99Ms <= BUDGETS.cartP99Ms }
      : { target: `cart mutations p99 ≤ ${BUDGETS.cartP99Ms} ms (PostgreSQL)`, measured: 'not run (no PostgreSQL)', met: false },
  );
  const errors = popote.reduce((sum, r) => sum + r.result.non2xx + r.result.socketErrors, 0);
  targets.push({ target: 'zero errors (non-2xx and socket errors, every run)', measured: String(errors), met: errors === 0 });
  const rss = Math.max(...popote.map((r) => r.rssMb ?? 0));
  targets.push({ target: `server RSS ≤ ${BUDGETS.rssMb} MB after each run`, measured: `${rss} MB at most`, met: rss <= BUDGETS.rssMb });
  return targets;
}

/** Fills in each catalog run's ratio to the floor on the same path. */
export function compareWithFloor(api: ApiResults): void {
  for (const path of CATALOG_PATHS) {
    const floor = api.runs.find((r) => r.engine === 'floor' && r.endpoint === `GET ${path}`);
    if (!floor) continue;
    for (const run of api.runs.filter((r) => r.engine !== 'floor' && r.endpoint === `GET ${path}` && r.processes === 1)) {
      run.floorRatio = run.result.requestsPerSecond / floor.result.requestsPerSecond;
    }
  }
}

/** Issue 11's web targets (Lighthouse, simulated mobile, medians). */
export const WEB_BUDGETS = { score: 0.95, mapScore: 0.85, floorLcpRatio: 1.25, cls: 0.02, tbtMs: 100 };

export function webTargets(web: WebResults): Target[] {
  const targets: Target[] = [];
  for (const page of web.pages) {
    const minScore = page.path === '/points-de-livraison' ? WEB_BUDGETS.mapScore : WEB_BUDGETS.score;
    const m = page.median;
    targets.push(
      { target: `${page.name}: performance ≥ ${minScore}`, measured: m.score.toFixed(2), met: m.score >= minScore },
      { target: `${page.name}: LCP ≤ ${WEB_BUDGETS.floorLcpRatio} × floor`, measured: `${(page.floorRatio ?? Number.NaN).toFixed(2)} × floor (${m.lcpMs} ms)`, met: (page.floorRatio ?? Infinity) <= WEB_BUDGETS.floorLcpRatio },
      { target: `${page.name}: CLS ≤ ${WEB_BUDGETS.cls}`, measured: String(m.cls), met: m.cls <= WEB_BUDGETS.cls },
      { target: `${page.name}: TBT ≤ ${WEB_BUDGETS.tbtMs} ms`, measured: `${m.tbtMs} ms`, met: m.tbtMs <= WEB_BUDGETS.tbtMs },
    );
  }
  return targets;
}
