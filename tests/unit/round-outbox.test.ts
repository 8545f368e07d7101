import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/lib/api-client';
import { Outbox, memoryStorage, newEventId, type OutboxStorage } from '../../src/equipe/round/outbox';
import { batchesToSend, failureOutcome, heldByAuthor, keptArrival, KEPT_FORMAT, outboxLabel, rejectedTaps, retryDelayMs, upgradeKept, type KeptEvent } from '../../src/equipe/round/outbox-rules';
import { lastTap, shownOrder } from '../../src/equipe/round/round-display';
import { RoundSender, type Send } from '../../src/equipe/round/round-sync';

const ROUND = { tour_id: 2, date: '2026-11-27' };
const direct = <T,>(run: () => Promise<T>) => run();

/** A server that answers from a script: each call takes the next behaviour; it remembers every id it applied. */
function fakeServer(script: ('ok' | 'network' | 'lost' | 500 | 401 | 404 | 419 | 422 | { reject: string } | { status: number; code: string })[]) {
  const applied: string[] = [];
  const calls: string[][] = [];
  const send: Send = async (batch) => {
    calls.push(batch.map((entry) => entry.event.id));
    const next = script.shift() ?? 'ok';
    if (next === 'network') throw new NetworkError();
    if (typeof next === 'number') throw new ApiError(next, { message: `refus ${next}` });
    if (typeof next === 'object' && 'status' in next) throw new ApiError(next.status, { message: `refus ${next.code}`, code: next.code });
    const results = batch.map((entry) => {
      if (typeof next === 'object') return { id: entry.event.id, status: 'rejected' as const, code: 'round_closed', message: next.reject };
      const seen = applied.includes(entry.event.id);
      if (!seen) applied.push(entry.event.id);
      return { id: entry.event.id, status: seen ? ('duplicate' as const) : ('applied' as const) };
    });
    // The server applied it, the answer never came back.
    if (next === 'lost') throw new NetworkError();
    return results;
  };
  return { send, applied, calls };
}

async function setUp(script: Parameters<typeof fakeServer>[0], storage: OutboxStorage = memoryStorage()) {
  const outbox = new Outbox(storage);
  const server = fakeServer(script);
  let sent = 0;
  const sender = new RoundSender(outbox, server.send, direct, () => sent++);
  await outbox.record(ROUND, [{ type: 'handed_over', order_id: 11 }, { type: 'containers_returned', order_id: 11, count: 3 }]);
  return { outbox, server, sender, storage, sent: () => sent };
}

const statuses = (entries: readonly KeptEvent[]) => entries.map((entry) => entry.status);

describe('the courier’s outbox', () => {
  it('keeps each action in the storage before anything is sent, with a UUID and the phone’s time', async () => {
    const storage = memoryStorage();
    const { outbox } = await setUp([], storage);
    const kept = await storage.all();
    expect(kept).toHaveLength(2);
    expect(kept[0]!.event.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(kept[0]!.event.id).not.toBe(kept[1]!.event.id);
    expect(kept[0]!.tap).toBe(kept[1]!.tap);
    expect(statuses(outbox.snapshot())).toEqual(['pending', 'pending']);
    // Another tab (or the page after a reload) reads the same.
    const again = new Outbox(storage);
    await again.ready();
    expect(statuses(again.snapshot())).toEqual(['pending', 'pending']);
  });

  it('marks applied and duplicate events as sent: the server has them', async () => {
    const { outbox, sender, server, sent } = await setUp(['ok']);
    await sender.flush();
    expect(statuses(outbox.snapshot())).toEqual(['sent', 'sent']);
    expect(server.applied).toHaveLength(2);
    expect(sender.state).toMatchObject({ failures: 0, problem: null, nextTry: null });
    expect(sent()).toBe(1);
    expect(outboxLabel(outbox.snapshot(), Date.now())).toBe('Tout est envoyé');
  });

  it('keeps events pending on a network failure and sends them again later with the same ids', async () => {
    const { outbox, sender, server } = await setUp(['network', 'ok']);
    await sender.flush();
    expect(statuses(outbox.snapshot())).toEqual(['pending', 'pending']);
    expect(sender.state.failures).toBe(1);
    expect(sender.state.problem).toMatch(/Pas de réseau/);
    expect(sender.state.nextTry).not.toBeNull();
    sender.stop();
    await sender.flush();
    expect(server.calls[1]).toEqual(server.calls[0]);
    expect(statuses(outbox.snapshot())).toEqual(['sent', 'sent']);
  });

  it('sends again after a lost answer: the server answers duplicate, applied once', async () => {
    const { outbox, sender, server } = await setUp(['lost', 'ok']);
    await sender.flush();
    expect(server.applied).toHaveLength(2);
    expect(statuses(outbox.snapshot())).toEqual(['pending', 'pending']);
    sender.stop();
    await sender.flush();
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]).toEqual(server.calls[0]);
    expect(server.applied).toHaveLength(2);
    expect(statuses(outbox.snapshot())).toEqual(['sent', 'sent']);
  });

  it('keeps events pending on a server error or an ended session, and says the session ended', async () => {
    for (const failure of [500, 401] as const) {
      const storage = memoryStorage();
      const outbox = new Outbox(storage);
      let ended = 0;
      const sender = new RoundSender(outbox, fakeServer([failure]).send, direct, () => {}, () => ended++);
      await outbox.record(ROUND, [{ type: 'handed_over', order_id: 11 }]);
      await sender.flush();
      sender.stop();
      expect(statuses(outbox.snapshot())).toEqual(['pending']);
      expect(ended).toBe(failure === 401 ? 1 : 0);
      if (failure === 401) expect(sender.state.problem).toBe('Votre session a pris fin : reconnectez-vous pour envoyer vos actions.');
    }
  });

  it('keeps a rejected event with its French message until the courier acknowledges it', async () => {
    const { outbox, sender, storage, server } = await setUp([{ reject: 'Cette tournée est déjà close.' }]);
    await sender.flush();
    const [first, second] = outbox.snapshot();
    expect(statuses(outbox.snapshot())).toEqual(['rejected', 'rejected']);
    expect(first!.rejection).toEqual({ code: 'round_closed', message: 'Cette tournée est déjà close.' });
    // Not sent again, still kept across a reload.
    await sender.flush();
    expect(server.calls).toHaveLength(1);
    const reread = new Outbox(storage);
    await reread.ready();
    expect(statuses(reread.snapshot())).toEqual(['rejected', 'rejected']);
    await outbox.acknowledge([first!.event.id]);
    expect(outbox.snapshot().map((entry) => entry.event.id)).toEqual([second!.event.id]);
    expect(await storage.all()).toHaveLength(1);
  });

  it('rejects a whole call the server refuses for good (a 4xx that will not change)', async () => {
    const { outbox, sender } = await setUp([404]);
    await sender.flush();
    expect(statuses(outbox.snapshot())).toEqual(['rejected', 'rejected']);
    expect(outbox.snapshot()[0]!.rejection?.message).toBe('refus 404');
  });

  it('does not send what another tab already sent', async () => {
    const storage = memoryStorage();
    const { sender: first, server } = await setUp(['ok'], storage);
    const other = new RoundSender(new Outbox(storage), server.send, direct);
    await first.flush();
    await other.flush();
    expect(server.calls).toHaveLength(1);
  });

  it('says how many taps wait and since when, singular and plural', async () => {
    const { outbox } = await setUp([]);
    const at = Date.parse(outbox.snapshot()[0]!.event.at);
    // "Remis" with its containers is one action for the courier.
    expect(outboxLabel(outbox.snapshot(), at + 10_000)).toBe('1 action en attente d’envoi depuis moins d’une minute');
    await outbox.record(ROUND, [{ type: 'absent', order_id: 12, reason: 'no_one' }], new Date(at + 60_000));
    expect(outboxLabel(outbox.snapshot(), at + 4 * 60_000 + 5_000)).toBe('2 actions en attente d’envoi depuis 4 min');
  });

  it('sends each round’s events to its round, in the order they were made, 200 at most a call', async () => {
    const outbox = new Outbox(memoryStorage());
    await outbox.record(ROUND, [{ type: 'handed_over', order_id: 1 }]);
    await outbox.record({ tour_id: 3, date: ROUND.date }, [{ type: 'handed_over', order_id: 2 }]);
    await outbox.record(ROUND, [{ type: 'absent', order_id: 4, reason: 'no_one' }]);
    const batches = batchesToSend(outbox.snapshot());
    expect(batches.map((batch) => batch.map((entry) => ('order_id' in entry.event ? entry.event.order_id : null)))).toEqual([[1, 4], [2]]);
    expect(batchesToSend(outbox.snapshot(), 1)).toHaveLength(3);
  });

  it('forgets sent events after three days, never pending or refused ones', async () => {
    const storage = memoryStorage();
    const { outbox, sender } = await setUp(['ok'], storage);
    await sender.flush();
    await outbox.record(ROUND, [{ type: 'absent', order_id: 12, reason: 'no_one' }]);
    const later = Date.now() + 4 * 24 * 3600 * 1000;
    await outbox.reload(later);
    expect(statuses(outbox.snapshot())).toEqual(['pending']);
    expect(await storage.all()).toHaveLength(1);
  });

  it('plans the next try after a failure, and none once everything is sent', async () => {
    const { sender } = await setUp(['network', 'network']);
    const before = Date.now();
    await sender.flush();
    expect(sender.state.nextTry! - before).toBeGreaterThanOrEqual(5_000);
    await sender.flush();
    expect(sender.state.failures).toBe(2);
    expect(sender.state.nextTry! - before).toBeGreaterThanOrEqual(10_000);
    await sender.flush();
    expect(sender.state).toMatchObject({ failures: 0, nextTry: null, problem: null });
    sender.stop();
  });

  it('makes ids the server accepts, with or without randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newEventId()).toMatch(uuid);
    const randomUUID = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      expect(newEventId()).toMatch(uuid);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });

  it('waits longer after each failure, up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
  });
});

const LEA = { id: 7, name: 'Léa D.' };
const MARC = { id: 9, name: 'Marc P.' };

describe('the outbox’s authors, formats and refusals', () => {
  it('keeps who tapped and the format with each action', async () => {
    const storage = memoryStorage();
    const outbox = new Outbox(storage);
    await outbox.record(ROUND, [{ type: 'handed_over', order_id: 1 }], new Date(), 'Léa D., F1', LEA);
    expect(await storage.all()).toMatchObject([{ v: KEPT_FORMAT, author: LEA }]);
  });

  it('reads an action kept by the first app (no format, no author) and sends it as written', async () => {
    const storage = memoryStorage();
    const old = { event: { id: newEventId(), type: 'handed_over', order_id: 5, at: new Date().toISOString() }, tour_id: 2, date: ROUND.date, tap: 't', seq: 1, status: 'pending' };
    await storage.put([old as KeptEvent]);
    const outbox = new Outbox(storage);
    const server = fakeServer(['ok']);
    const sender = new RoundSender(outbox, server.send, direct, () => {}, () => {}, () => MARC);
    await sender.flush();
    expect(server.calls).toEqual([[old.event.id]]);
    expect(outbox.snapshot()[0]).toMatchObject({ v: KEPT_FORMAT, author: null, status: 'sent', event: old.event });
    expect(upgradeKept({ nothing: true })).toBeNull();
    expect(upgradeKept({ ...old, v: KEPT_FORMAT + 1 })).toMatchObject({ v: KEPT_FORMAT + 1 });
  });

  it('never sends a member’s actions with another member’s session: they wait, named, for their author', async () => {
    const outbox = new Outbox(memoryStorage());
    await outbox.record(ROUND, [{ type: 'handed_over', order_id: 1 }, { type: 'containers_returned', order_id: 1, count: 2 }], new Date(), undefined, LEA);
    await outbox.record(ROUND, [{ type: 'handed_over', order_id: 2 }], new Date(), undefined, MARC);
    let member = MARC;
    const server = fakeServer(['ok', 'ok']);
    const sender = new RoundSender(outbox, server.send, direct, () => {}, () => {}, () => member);
    await sender.flush();
    expect(server.calls).toHaveLength(1);
    expect(statuses(outbox.snapshot())).toEqual(['pending', 'pending', 'sent']);
    expect(heldByAuthor(outbox.snapshot(), MARC.id)).toEqual([{ author: LEA, actions: 1 }]);
    expect(sender.state.nextTry).toBeNull();
    // Léa logs in again on the phone: hers leave, in one call of her own.
    member = LEA;
    await sender.flush();
    expect(server.calls[1]).toHaveLength(2);
    expect(statuses(outbox.snapshot())).toEqual(['sent', 'sent', 'sent']);
    expect(heldByAuthor(outbox.snapshot(), LEA.id)).toEqual([]);
    // Sent apart: one batch per author.
    expect(batchesToSend(outbox.snapshot().map((entry) => ({ ...entry, status: 'pending' as const }))).map((batch) => batch[0]!.author?.id)).toEqual([LEA.id, MARC.id]);
  });

  it('keeps the actions when the server says the author is not who is logged in, and asks who is there', async () => {
    const outbox = new Outbox(memoryStorage());
    await outbox.record(ROUND, [{ type: 'handed_over', order_id: 1 }], new Date(), undefined, LEA);
    let asked = 0;
    const server = fakeServer([{ status: 403, code: 'not_author' }]);
    const sender = new RoundSender(outbox, server.send, direct, () => {}, () => asked++, () => LEA);
    await sender.flush();
    expect(statuses(outbox.snapshot())).toEqual(['pending']);
    expect(asked).toBe(1);
    expect(sender.state).toMatchObject({ failures: 0, nextTry: null, stopped: null });
  });

  it('stops retrying on 403 and 419 and says why; the courier’s “Envoyer maintenant” tries again', async () => {
    for (const refusal of [419, { status: 403, code: 'forbidden' }] as const) {
      const { outbox, sender, server } = await setUp([refusal, 'ok']);
      await sender.flush();
      expect(statuses(outbox.snapshot())).toEqual(['pending', 'pending']);
      expect(sender.state.nextTry).toBeNull();
      expect(sender.state.stopped).toMatch(refusal === 419 ? /jeton de sécurité expiré/ : /Le serveur refuse l’envoi/);
      expect(server.calls).toHaveLength(1);
      await sender.retry();
      expect(statuses(outbox.snapshot())).toEqual(['sent', 'sent']);
      expect(sender.state.stopped).toBeNull();
    }
    expect(failureOutcome(403, 'round_not_yours', 2)).toBe('reject');
    expect(failureOutcome(401, undefined, 1)).toBe('retry');
  });

  it('sends each event alone when a call is refused as unreadable: one event a new build changed never rejects the batch', async () => {
    const { outbox, sender, server } = await setUp([422, 'ok', 422]);
    await sender.flush();
    expect(server.calls.map((call) => call.length)).toEqual([2, 1, 1]);
    expect(statuses(outbox.snapshot())).toEqual(['sent', 'rejected']);
  });

  it('shows one refusal per tap: a refused “Remis” with its containers is one line', async () => {
    const { outbox, sender } = await setUp([{ reject: 'Cette commande a été annulée entre-temps : ne la remettez pas.' }]);
    await sender.flush();
    const taps = rejectedTaps(outbox.snapshot());
    expect(taps).toHaveLength(1);
    expect(taps[0]).toHaveLength(2);
    await outbox.acknowledge(taps[0]!.map((entry) => entry.event.id));
    expect(outbox.snapshot()).toEqual([]);
  });

  it('works in memory while the phone refuses its storage, tries it again, and moves what waited into it once it opens', async () => {
    const kept = memoryStorage();
    let refuse = true;
    const flaky: OutboxStorage = {
      all: () => (refuse ? Promise.reject(new DOMException('refusé', 'SecurityError')) : kept.all()),
      put: (entries) => (refuse ? Promise.reject(new DOMException('refusé', 'SecurityError')) : kept.put(entries)),
      remove: (ids) => kept.remove(ids),
    };
    const outbox = new Outbox(flaky);
    await outbox.ready();
    expect(outbox.mode).toBe('direct');
    await outbox.record(ROUND, [{ type: 'handed_over', order_id: 1 }]);
    expect(statuses(outbox.snapshot())).toEqual(['pending']);
    refuse = false;
    await outbox.ready();
    expect(outbox.mode).toBe('kept');
    expect(await kept.all()).toHaveLength(1);
    expect(statuses(outbox.snapshot())).toEqual(['pending']);
  });
});

describe('the round kept on the phone across builds', () => {
  const round = {
    tour_id: 2,
    name: 'Rive gauche',
    date: ROUND.date,
    courier: { id: 7, name: 'Léa D.' },
    closed_at: null,
    closed_by: null,
    stops: [],
    totals: { bags: 0, cancelled: 0, handed_over: 0, absent: 0, pending: 0, vouchers_expected: { count: 0, cents: 0 }, vouchers_received: { count: 0, cents: 0 }, containers_expected: 0, containers_received: 0 },
  };
  const query = (queryKey: unknown[], data: unknown) => ({ queryKey, queryHash: JSON.stringify(queryKey), state: { data, dataUpdatedAt: 1, status: 'success' } });

  it('is not dropped by a new build: only a kept query this build cannot read is left out', async () => {
    const { readableCopy, TEAM_COPY_FORMAT } = await import('../../src/equipe/round/round-persistence');
    // The copy is told apart by its format, never by the build that wrote it.
    expect(TEAM_COPY_FORMAT).not.toMatch(/dev|next|build/);
    const client = {
      timestamp: Date.now(),
      buster: TEAM_COPY_FORMAT,
      clientState: {
        mutations: [],
        queries: [
          query(['staff', 'round', 2, ROUND.date], round),
          query(['staff', 'round', 3, ROUND.date], { ...round, stops: 'an older shape' }),
          query(['staff', 'me'], { id: 7, email: '', name: 'Léa D.', roles: ['livreur'] }),
          query(['staff', 'orders'], { anything: true }),
        ],
      },
    };
    const kept = readableCopy(client as never);
    expect(kept.clientState.queries.map((q) => q.queryKey)).toEqual([
      ['staff', 'round', 2, ROUND.date],
      ['staff', 'me'],
    ]);
  });
});

describe('a stop’s “Arrivé” in the outbox', () => {
  const LEA = { id: 7, name: 'Léa D.' };
  const order = { order_id: 11, invoice_number: 'F2026-000011', customer: 'Léa D.', phone: '', state: 'delivering', lines: [], vouchers_declared: null, containers_declared: 0, outcome: null, absence_reason: null, vouchers_received: null, containers_received: null } as unknown as Parameters<typeof shownOrder>[0];

  it('is kept and sent like an order’s action (author, format), has no order, and shows its time until refused', async () => {
    const storage = memoryStorage();
    const { outbox, server, sender } = await setUp([], storage);
    const at = new Date('2026-11-27T11:04:30Z');
    await outbox.record(ROUND, [{ type: 'arrived', location_id: 5 }], at, 'Bellecour', LEA);
    const arrived = (await storage.all()).find((entry) => entry.event.type === 'arrived')!;
    expect(arrived).toMatchObject({ v: KEPT_FORMAT, author: LEA, label: 'Bellecour', status: 'pending', event: { type: 'arrived', location_id: 5, at: at.toISOString() } });
    expect(arrived.event).not.toHaveProperty('order_id');
    expect(keptArrival(outbox.snapshot(), ROUND, 5)).toBe(at.toISOString());
    expect(keptArrival(outbox.snapshot(), { ...ROUND, tour_id: 3 }, 5)).toBeNull();
    expect(keptArrival(outbox.snapshot(), ROUND, 6)).toBeNull();
    // The order's own rules do not see it: its last tap stays "Remis", its view is the bag's.
    expect(lastTap(outbox.snapshot(), 11).map((entry) => entry.event.type)).toEqual(['handed_over', 'containers_returned']);
    expect(shownOrder(order, [arrived], 0)).toMatchObject({ local: false });
    expect(outboxLabel(outbox.snapshot(), at.getTime())).toMatch(/^2 actions en attente/);
    // Its author's session sends it apart from the unauthored tap.
    expect(batchesToSend(outbox.snapshot(), 200, LEA.id).map((batch) => batch.map((entry) => entry.event.type))).toEqual([['handed_over', 'containers_returned'], ['arrived']]);
    await sender.flush();
    expect(server.applied).toContain(arrived.event.id);
    expect(outbox.snapshot().find((entry) => entry.event.id === arrived.event.id)?.status).toBe('sent');
  });

  it('refused, names its stop and no longer counts as arrived', async () => {
    const { outbox, sender } = await setUp([{ reject: 'Tournée clôturée.' }]);
    await outbox.record(ROUND, [{ type: 'arrived', location_id: 5 }], new Date(), 'Bellecour');
    await sender.flush();
    const taps = rejectedTaps(outbox.snapshot());
    expect(taps.flat().map((entry) => entry.event.type)).toContain('arrived');
    expect(keptArrival(outbox.snapshot(), ROUND, 5)).toBeNull();
  });
});
