import { CART_LOOP, CATALOG_PATHS, type ApiResults } from './api';

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
