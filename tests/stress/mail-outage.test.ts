/**
 * The SMTP server down, then back: mail queued by real actions (sign-ups, password resets) waits
 * in the outbox through failed tries and is delivered once each when SMTP returns, by two server
 * instances sending from the same outbox. Time passes through the sandbox clock (the retry backoff
 * is 30 s, then 1 min…); the senders look every 200 ms (MAIL_SEND_INTERVAL_MS).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client, ServerProcess, deliveryMorning, freePort, smtpListener, stressDatabase, waitFor, type StressDatabase } from './harness';

let db: StressDatabase;
let servers: ServerProcess[] = [];
let smtp: Awaited<ReturnType<typeof smtpListener>> | null = null;

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await smtp?.close();
  await db?.drop();
});

let smtpPort: number;
let morning: Date;

beforeAll(async () => {
  db = await stressDatabase();
  // Nothing listens there yet: every try fails with ECONNREFUSED.
  smtpPort = await freePort();
  const env = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_SEND_INTERVAL_MS: '200', RATE_LIMIT_FACTOR: '100' };
  const first = await ServerProcess.start({ databaseUrl: db.url, env });
  servers = [first];
  morning = await deliveryMorning(first);
  await first.setClock(morning);
  // The second instance starts on the migrated, seeded database.
  servers.push(await ServerProcess.start({ databaseUrl: db.url, env, frozenAt: morning }));
});

const setClocks = (instant: Date) => Promise.all(servers.map((s) => s.setClock(instant)));
const later = (ms: number) => new Date(morning.getTime() + ms);

/** The addresses of the mails queued to see the senders run (`probe`). */
const probes: string[] = [];
/**
 * Queues a mail of the test's own in the outbox, never tried, so due at once: its arrival shows
 * that a sender ran after it was queued. Answers its address.
 */
async function probe(label: string) {
  const to = `sonde-${label}@example.fr`;
  await db.pool.query('insert into mail_outbox ("to", subject, text) values ($1, $2, $3)', [to, 'Sonde', 'Un courrier pour voir passer les expéditeurs.']);
  probes.push(to);
  return to;
}

it('keeps every mail through an SMTP outage and delivers each once when SMTP is back', async () => {
  const started = Date.now();
  const signups = Array.from({ length: 8 }, (_, i) => `courrier-${i}-${Date.now()}@example.fr`);
  await Promise.all(
    signups.map(async (email, i) => {
      const client = new Client(servers[i % 2]!.url);
      await client.get('/api/state');
      const res = await client.post('/api/register', { firstname: 'Léa', lastname: 'Courrier', phone: '0612345678', email, password: 'secret-123', password_confirmation: 'secret-123', cgv: true });
      expect(res.status, res.body).toBe(201);
    }),
  );
  const resets = signups.slice(0, 4);
  await Promise.all(
    resets.map(async (email, i) => {
      const client = new Client(servers[(i + 1) % 2]!.url);
      await client.get('/api/state');
      const res = await client.post('/api/auth/password/email', { email });
      expect(res.status, res.body).toBe(200);
    }),
  );
  const queued = await db.one<number>('select count(*)::int from mail_outbox');
  expect(queued).toBe(signups.length + resets.length);

  // Both senders try and fail; each mail is put back with its backoff.
  await waitFor('every mail to have failed once', async () => (await db.one<number>('select count(*)::int from mail_outbox where attempts >= 1 and claimed_at is null')) === queued);
  // 31 s later: due again, and failing again (the next wait is 1 min).
  await setClocks(later(31_000));
  await waitFor('every mail to have failed twice', async () => (await db.one<number>('select count(*)::int from mail_outbox where attempts >= 2 and claimed_at is null')) === queued);
  expect(await db.one('select count(*)::int from mail_outbox where sent_at is not null')).toBe(0);
  expect(await db.one<string>('select min(last_error) from mail_outbox')).toMatch(/ECONNREFUSED/);

  // SMTP comes back; nothing is sent before the backoff is over, then everything is. A mail queued
  // now is due at once: once it is received, a sender has run with SMTP back, and sent nothing else.
  const listener = await smtpListener(smtpPort);
  smtp = listener;
  const back = await probe('retour');
  await waitFor('a sender to run with SMTP back', () => listener.received.some((m) => m.to === back));
  expect(listener.received.map((m) => m.to)).toEqual([back]);
  await setClocks(later(31_000 + 61_000));
  await waitFor('every mail to be sent', async () => (await db.one<number>('select count(*)::int from mail_outbox where sent_at is not null')) === queued + 1);
  // A sender's run after every mail was sent (a new mail shows it again): nothing is sent twice.
  const after = await probe('apres');
  await waitFor('a sender to run after every mail was sent', () => listener.received.some((m) => m.to === after));
  const outage = listener.received.filter((m) => !probes.includes(m.to));
  expect(outage).toHaveLength(queued);
  expect(new Set(outage.map((m) => m.messageId)).size).toBe(queued);
  expect(listener.received).toHaveLength(queued + probes.length);
  const byRecipient = (email: string) => listener.received.filter((m) => m.to === email).length;
  for (const [i, email] of signups.entries()) expect(byRecipient(email), email).toBe(i < resets.length ? 2 : 1);
  expect(listener.received.filter((m) => m.subject === 'Bienvenue chez Popote !')).toHaveLength(signups.length);
  console.info(`mail outage: ${queued} mails queued, 2 failed tries each, delivered once each by 2 instances in ${Date.now() - started} ms`);
});
