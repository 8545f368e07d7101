import { CART_LOOP, CART_LOOP_ONE_ADDRESS, CATALOG_PATHS, type ApiResults, type ApiRun } from './api';
import type { WebResults } from './web';

/** A target of issue 11, with what this run measured. */
export interface Target {
  target: string;
  measured: string;
  met: boolean;
}

export const BUDGETS = { floorRatio: 0.6, cartFloorRatio: 0.35, cartFloorP99Ratio: 3, stateFloorRatio: 0.5, rssMb: 250 };

const errorsOf = (r: ApiRun) => r.result.non2xx + r.result.socketErrors;

export function apiTargets(api: ApiResults): Target[] {
  const targets: Target[] = [];
  const popote = [...api.runs, ...api.scaling].filter((r) => r.engine !== 'floor');
  for (const run of api.runs.filter((r) => r.floorRatio !== undefined && CATALOG_PATHS.some((path) => r.endpoint === `GET ${path}`))) {
    targets.push({
      target: `${run.endpoint} (${run.engine}) ≥ ${BUDGETS.floorRatio} × floor req/s`,
      measured: `${run.floorRatio!.toFixed(2)} × floor`,
      met: run.floorRatio! >= BUDGETS.floorRatio,
    });
  }
  const n = api.connections;
  const notRun = (target: string) => ({ target, measured: 'not run (no PostgreSQL or no floor)', met: false });
  /** The cart loop's rate and p99 against the database floor, at `connections` on one process. */
  const cartTargets = (cart: ApiRun | undefined, connections: number): Target[] => {
    const rate = `cart loop (PostgreSQL, ${connections} connections) ≥ ${BUDGETS.cartFloorRatio} × database floor req/s`;
    const p99 = `cart loop p99 (PostgreSQL, ${connections} connections) ≤ ${BUDGETS.cartFloorP99Ratio} × database floor p99`;
    return [
      cart?.floorRatio !== undefined
        ? { target: rate, measured: `${cart.floorRatio.toFixed(2)} × floor (${cart.result.requestsPerSecond} req/s)`, met: cart.floorRatio >= BUDGETS.cartFloorRatio }
        : notRun(rate),
      cart?.floorP99Ratio !== undefined
        ? { target: p99, measured: `${cart.floorP99Ratio.toFixed(2)} × floor (${cart.result.latencyP99Ms} ms)`, met: cart.floorP99Ratio <= BUDGETS.cartFloorP99Ratio }
        : notRun(p99),
    ];
  };
  const state = api.runs.find((r) => r.engine === 'postgres' && r.endpoint === 'GET /api/state');
  const stateTarget = `GET /api/state (PostgreSQL, ${n} connections) ≥ ${BUDGETS.stateFloorRatio} × database floor req/s`;
  targets.push(
    ...cartTargets(api.runs.find((r) => r.engine === 'postgres' && r.endpoint === CART_LOOP), n),
    ...cartTargets(api.scaling.find((r) => r.engine === 'postgres' && r.connections === 200 && r.processes === 1), 200),
    state?.floorRatio !== undefined
      ? { target: stateTarget, measured: `${state.floorRatio.toFixed(2)} × floor (${state.result.requestsPerSecond} req/s)`, met: state.floorRatio >= BUDGETS.stateFloorRatio }
      : notRun(stateTarget),
  );
  const atN = popote.filter((r) => r.connections <= n);
  const errors = atN.reduce((sum, r) => sum + errorsOf(r), 0);
  targets.push({ target: `zero errors at ${n} connections or fewer (non-2xx and socket errors, every run)`, measured: String(errors), met: errors === 0 });
  // Past that, a refusal is allowed, as a 503 (always with Retry-After, server/plugins/overload.ts):
  // never a timeout, never another 5xx.
  const above = popote.filter((r) => r.connections > n);
  const timeouts = above.reduce((sum, r) => sum + r.result.socketErrors, 0);
  const other = above.reduce((sum, r) => sum + Object.entries(r.result.statusCodes).filter(([code]) => code !== '503' && !code.startsWith('2')).reduce((k, [, c]) => k + c, 0), 0);
  const refused = above.reduce((sum, r) => sum + (r.result.statusCodes['503'] ?? 0), 0);
  targets.push({
    target: 'above that: refusals are 503 only, no timeout or socket error',
    measured: `${refused} × 503, ${other} other non-2xx, ${timeouts} socket errors`,
    met: timeouts === 0 && other === 0,
  });
  const rss = Math.max(...popote.map((r) => r.rssMb ?? 0));
  targets.push({ target: `server RSS ≤ ${BUDGETS.rssMb} MB after each run`, measured: `${rss} MB at most`, met: rss <= BUDGETS.rssMb });
  return targets;
}

/**
 * Fills in the ratios: each catalog run to the bare Fastify on the same path; the cart loop and
 * GET /api/state to the database floor on the same engine at the same connection count.
 */
export function compareWithFloor(api: ApiResults): void {
  for (const path of CATALOG_PATHS) {
    const floor = api.runs.find((r) => r.engine === 'floor' && r.endpoint === `GET ${path}`);
    if (!floor) continue;
    for (const run of api.runs.filter((r) => r.engine !== 'floor' && r.endpoint === `GET ${path}` && r.processes === 1)) {
      run.floorRatio = run.result.requestsPerSecond / floor.result.requestsPerSecond;
    }
  }
  for (const run of [...api.runs, ...api.scaling].filter((r) => r.engine !== 'floor' && (r.endpoint === CART_LOOP || r.endpoint === CART_LOOP_ONE_ADDRESS || r.endpoint === 'GET /api/state'))) {
    const floor = api.floors.find((f) => f.database === run.engine && f.connections === run.connections);
    if (!floor) continue;
    run.floorRatio = run.result.requestsPerSecond / floor.result.requestsPerSecond;
    run.floorP99Ratio = run.result.latencyP99Ms / Math.max(1, floor.result.latencyP99Ms);
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
