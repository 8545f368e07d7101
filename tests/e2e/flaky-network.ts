import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { test as base } from './fixtures';

/**
 * A network QA can break on purpose: an HTTP proxy between the browser and the shop that every
 * request of the page and of its service worker goes through (Playwright's `proxy` context option;
 * loopback included). A test says which requests misbehave and how:
 *
 * - `cut`: the connection drops before the request reaches the server (nothing applied);
 * - `stall`: the request reaches nothing and is never answered (until `heal()` or the test's end);
 * - `drop`: the server gets the request and applies it, its answer is lost on the way back;
 * - `delay`: each matching answer waits `ms` before it goes;
 * - `throttle`: the answer trickles at `bytesPerSecond`.
 *
 * Rules apply to requests whose method and path (with its query) match, `times` times or for good,
 * the latest rule first. `requests` lists what went through, with the fault applied, so a test can
 * say how often the browser really sent something. The test's own calls (`page.request`,
 * `request`) go through untouched. Usage: docs/qa-network.md.
 */
export type Fault = { kind: 'cut' } | { kind: 'stall' } | { kind: 'drop' } | { kind: 'delay'; ms: number } | { kind: 'throttle'; bytesPerSecond: number };

interface Rule {
  method?: string;
  path: RegExp;
  fault: Fault;
  /** How many more requests it applies to (Infinity: until removed). */
  left: number;
}

export interface PassedRequest {
  method: string;
  path: string;
  fault: Fault['kind'] | null;
}

export class FlakyNetwork {
  private rules: Rule[] = [];
  private held = new Set<Socket>();
  readonly requests: PassedRequest[] = [];

  /** From now on, `times` requests matching `path` (and `method`, if given) meet `fault`. */
  fail(path: RegExp, fault: Fault, options: { method?: string; times?: number } = {}): this {
    this.rules.unshift({ path, fault, method: options.method, left: options.times ?? Infinity });
    return this;
  }

  /** Every fault lifted; stalled requests end as dropped connections (as when a phone gives up). */
  heal(): void {
    this.rules = [];
    for (const socket of this.held) socket.destroy();
    this.held.clear();
  }

  /** The requests that went through with `path` (and `method`). */
  sent(path: RegExp, method?: string): PassedRequest[] {
    return this.requests.filter((r) => path.test(r.path) && (!method || r.method === method));
  }

  /** The fault for this request, counted. */
  faultFor(method: string, path: string): Fault | null {
    const rule = this.rules.find((r) => r.left > 0 && r.path.test(path) && (!r.method || r.method === method));
    if (!rule) return null;
    rule.left--;
    return rule.fault;
  }

  hold(socket: Socket): void {
    this.held.add(socket);
    socket.once('close', () => this.held.delete(socket));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `body` at `bytesPerSecond`, in tenth-of-a-second slices. */
async function trickle(res: http.ServerResponse, body: Buffer, bytesPerSecond: number): Promise<void> {
  const slice = Math.max(1, Math.floor(bytesPerSecond / 10));
  for (let i = 0; i < body.length && !res.destroyed; i += slice) {
    res.write(body.subarray(i, i + slice));
    await pause(100);
  }
  res.end();
}

/** Starts the proxy; `network()` gives the rules of the test under way. */
async function startProxy(): Promise<{ server: http.Server; url: string; use: (network: FlakyNetwork) => void }> {
  let network = new FlakyNetwork();
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    // A proxy gets the whole address ('http://localhost:4173/api/state').
    const target = new URL(req.url!);
    const path = target.pathname + target.search;
    const fault = network.faultFor(req.method!, path);
    network.requests.push({ method: req.method!, path, fault: fault?.kind ?? null });
    if (fault?.kind === 'cut') return req.socket.destroy();
    if (fault?.kind === 'stall') return network.hold(req.socket);
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    const upstream = http.request(target, { method: req.method, headers, agent }, async (answer) => {
      const chunks: Buffer[] = [];
      for await (const chunk of answer) chunks.push(chunk as Buffer);
      // Applied by the server, lost on the way back: the browser sees the connection close.
      if (fault?.kind === 'drop') return req.socket.destroy();
      if (fault?.kind === 'delay') await pause(fault.ms);
      if (res.destroyed) return;
      res.writeHead(answer.statusCode!, answer.headers);
      if (fault?.kind === 'throttle') return trickle(res, Buffer.concat(chunks), fault.bytesPerSecond);
      res.end(Buffer.concat(chunks));
    });
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  // The test's own API calls (Playwright's request contexts) come as a CONNECT tunnel: they are the
  // test's, not the phone's, and go through untouched.
  server.on('connect', (req, socket: Socket, head: Buffer) => {
    const [host, port] = req.url!.split(':');
    const upstream = net.connect(Number(port), host!, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, use: (next) => (network = next) };
}

/**
 * `network`: the test's flaky network. One proxy per worker; the browser context of a test that
 * uses this fixture goes through it, with the test's own rules (none until it sets some).
 */
export const test = base.extend<{ network: FlakyNetwork }, { flakyProxy: Awaited<ReturnType<typeof startProxy>> }>({
  flakyProxy: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const proxy = await startProxy();
      await use(proxy);
      proxy.server.closeAllConnections();
      await new Promise((resolve) => proxy.server.close(resolve));
    },
    { scope: 'worker' },
  ],
  proxy: async ({ flakyProxy }, use) => use({ server: flakyProxy.url }),
  network: async ({ flakyProxy }, use) => {
    const network = new FlakyNetwork();
    flakyProxy.use(network);
    await use(network);
    network.heal();
    flakyProxy.use(new FlakyNetwork());
  },
});

export { expect } from './fixtures';
export type { Page, BrowserContext } from './fixtures';
