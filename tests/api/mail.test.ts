import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema';
import { enqueueMail, type OutgoingMail } from '../../server/mail/outbox';
import { BACKOFF_CAP_MS, CLAIM_TIMEOUT_MS, deliverDueMail, mailTransport, retryDelayMs, sandboxTransport, smtpTransport, type QueuedMail, type Transport } from '../../server/mail/sender';
import { DEMO_CUSTOMER } from '../../server/db/seed-demo';
import { createTestApp, visitor, type TestApp } from './helpers';

const FROM = 'Popote <bonjour@popote.fr>';

interface Received {
  to: string[];
  raw: string;
  subject: string;
  text: string;
}

/** Decodes the single text part nodemailer sends for a text-only mail. */
function parseRaw(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4).replace(/\r\n\.?$/, '');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  let bytes: Buffer;
  if (encoding === 'base64') bytes = Buffer.from(body, 'base64');
  else if (encoding === 'quoted-printable') {
    const soft = body.replace(/=\r\n/g, '');
    bytes = Buffer.from(soft.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1');
  } else bytes = Buffer.from(body, 'utf8');
  return { subject: header('Subject'), text: bytes.toString('utf8').replace(/\r\n/g, '\n').trimEnd() };
}

/** A real SMTP server on the loopback (no TLS, no auth), recording every message it accepts. */
async function startSmtp(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, ...parseRaw(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (connection refused). */
async function freePort() {
  const s = await startSmtp();
  await s.close();
  return s.port;
}

/** A transport that records what it is given, optionally slowly. */
function recordingTransport(delayMs = 0) {
  const sent: QueuedMail[] = [];
  const transport: Transport = {
    async send(mail) {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      sent.push(mail);
    },
  };
  return { sent, transport };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(mailOutbox);
});

const mail = (n: number, extra: Partial<OutgoingMail> = {}): OutgoingMail => ({
  to: `client${n}@example.fr`,
  subject: `Commande ${n} confirmee`,
  text: `Bonjour Léa,\nVotre commande n°${n} est prête : 12,90 €.\nÀ bientôt !`,
  ...extra,
});

const rows = () => t.database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));

describe('the outbox is transactional', () => {
  it('never sends a mail queued in a transaction that rolls back, and sends the committed one', async () => {
    const db = t.database.db;
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, mail(1));
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    await db.transaction(async (tx) => enqueueMail(tx, mail(2)));

    const { sent, transport } = recordingTransport();
    expect(await deliverDueMail(db, transport, t.clock.now())).toEqual({ sent: 1, failed: 0 });
    expect(sent.map((m) => m.to)).toEqual(['client2@example.fr']);
    expect((await rows()).map((r) => r.to)).toEqual(['client2@example.fr']);
  });
});

describe('delivery through SMTP', () => {
  it('delivers queued mails once, subject and body intact', async () => {
    const smtp = await startSmtp();
    try {
      const db = t.database.db;
      await enqueueMail(db, mail(1));
      await enqueueMail(db, mail(2));
      const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`, FROM);
      expect(await deliverDueMail(db, transport, t.clock.now())).toEqual({ sent: 2, failed: 0 });
      // Nothing left to do: a second run sends nothing again.
      expect(await deliverDueMail(db, transport, t.clock.now())).toEqual({ sent: 0, failed: 0 });
      transport.close?.();

      expect(smtp.received).toHaveLength(2);
      const [first] = smtp.received;
      expect(first!.to).toEqual(['client1@example.fr']);
      expect(first!.subject).toBe('Commande 1 confirmee');
      expect(first!.text).toBe(mail(1).text);
      expect(first!.raw).toMatch(/^From: Popote <bonjour@popote\.fr>$/im);
      expect(first!.raw).toMatch(/^Message-ID: <outbox-\d+-\d+@popote\.fr>$/im);
      expect(smtp.received[1]!.subject).toBe('Commande 2 confirmee');

      for (const row of await rows()) {
        expect(row.sentAt?.toISOString()).toBe(t.clock.now().toISOString());
        expect(row).toMatchObject({ attempts: 1, claimedAt: null, lastError: null });
      }
    } finally {
      await smtp.close();
    }
  });

  it('the mail outbox survives a failing SMTP and delivers after', async () => {
    const db = t.database.db;
    const port = await freePort();
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`, FROM);
    for (const n of [1, 2, 3]) await enqueueMail(db, mail(n));
    const t0 = t.clock.now();
    const later = (ms: number) => new Date(t0.getTime() + ms);

    // Server down: every try fails, is recorded, and nothing is lost.
    expect(await deliverDueMail(db, transport, t0)).toEqual({ sent: 0, failed: 3 });
    for (const row of await rows()) {
      expect(row).toMatchObject({ attempts: 1, sentAt: null, claimedAt: null });
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(row.nextAttemptAt.toISOString()).toBe(later(30_000).toISOString());
    }
    // Not due before the backoff has passed.
    expect(await deliverDueMail(db, transport, later(29_000))).toEqual({ sent: 0, failed: 0 });
    // Still down at the next try: the wait doubles.
    expect(await deliverDueMail(db, transport, later(30_000))).toEqual({ sent: 0, failed: 3 });
    for (const row of await rows()) {
      expect(row.attempts).toBe(2);
      expect(row.nextAttemptAt.toISOString()).toBe(later(90_000).toISOString());
    }

    // The server comes up; the mails go at their next attempt, each exactly once.
    const smtp = await startSmtp(port);
    try {
      expect(await deliverDueMail(db, transport, later(89_000))).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received).toHaveLength(0);
      expect(await deliverDueMail(db, transport, later(90_000))).toEqual({ sent: 3, failed: 0 });
      expect(await deliverDueMail(db, transport, later(10 * 60_000))).toEqual({ sent: 0, failed: 0 });
      transport.close?.();

      expect(smtp.received.map((m) => m.subject).sort()).toEqual(['Commande 1 confirmee', 'Commande 2 confirmee', 'Commande 3 confirmee']);
      expect(smtp.received.map((m) => m.text)).toEqual([1, 2, 3].map((n) => mail(n).text));
      const after = await rows();
      expect(after).toHaveLength(3);
      for (const row of after) {
        expect(row.sentAt?.toISOString()).toBe(later(90_000).toISOString());
        expect(row).toMatchObject({ attempts: 3, lastError: null, claimedAt: null });
      }
    } finally {
      await smtp.close();
    }
  });

  it('backs off exponentially up to one hour, and keeps retrying at the cap', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(8)).toBe(BACKOFF_CAP_MS);
    expect(retryDelayMs(10_000)).toBe(BACKOFF_CAP_MS);
  });

  it('logs a failure, louder once at the cap', async () => {
    const db = t.database.db;
    await enqueueMail(db, mail(1));
    await db.update(mailOutbox).set({ attempts: 12, nextAttemptAt: t.clock.now() });
    const logs: { level: string; obj: unknown }[] = [];
    const log = {
      info: (obj: unknown) => logs.push({ level: 'info', obj }),
      warn: (obj: unknown) => logs.push({ level: 'warn', obj }),
      error: (obj: unknown) => logs.push({ level: 'error', obj }),
    } as never;
    const failing: Transport = { send: () => Promise.reject(new Error('550 mailbox unavailable')) };
    expect(await deliverDueMail(db, failing, t.clock.now(), { log })).toEqual({ sent: 0, failed: 1 });
    expect(logs).toEqual([{ level: 'error', obj: expect.objectContaining({ attempts: 13, err: '550 mailbox unavailable' }) }]);
    const [row] = await rows();
    expect(row!.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + BACKOFF_CAP_MS);
  });
});

describe('claims', () => {
  it('two concurrent senders never send a mail twice', async () => {
    const db = t.database.db;
    for (let n = 1; n <= 12; n++) await enqueueMail(db, mail(n));
    const { sent, transport } = recordingTransport(5);
    const now = t.clock.now();
    for (let round = 0; round < 10; round++) {
      const results = await Promise.all([deliverDueMail(db, transport, now, { limit: 4 }), deliverDueMail(db, transport, now, { limit: 4 })]);
      if (results.every((r) => r.sent === 0)) break;
    }
    const ids = sent.map((m) => m.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect((await rows()).every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
  });

  it('takes over a claim left by a dead sender once it is stale, not before', async () => {
    const db = t.database.db;
    await enqueueMail(db, mail(1));
    const now = t.clock.now();
    await db.update(mailOutbox).set({ claimedAt: new Date(now.getTime() - 60_000) });
    const { sent, transport } = recordingTransport();
    expect(await deliverDueMail(db, transport, now)).toEqual({ sent: 0, failed: 0 });
    await db.update(mailOutbox).set({ claimedAt: new Date(now.getTime() - CLAIM_TIMEOUT_MS - 1000) });
    expect(await deliverDueMail(db, transport, now)).toEqual({ sent: 1, failed: 0 });
    expect(sent).toHaveLength(1);
  });
});

describe('transports', () => {
  it('without SMTP_URL the sandbox accepts the mail; without the sandbox either, mail stays queued', () => {
    expect(mailTransport({ SMTP_URL: undefined, MAIL_FROM: FROM, SANDBOX: true })).toBe(sandboxTransport);
    expect(mailTransport({ SMTP_URL: undefined, MAIL_FROM: FROM, SANDBOX: false })).toBeNull();
    const smtp = mailTransport({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: FROM, SANDBOX: false });
    expect(smtp).not.toBe(sandboxTransport);
    smtp?.close?.();
  });
});

describe('/__sandbox/mailbox', () => {
  it('lists a password-reset mail in JSON, newest first, filtered by recipient', async () => {
    await enqueueMail(t.database.db, mail(1, { to: 'someone@example.fr' }));
    const v = await visitor(t.app);
    const res = await v.request('POST', '/api/auth/password/email', { email: DEMO_CUSTOMER.email });
    expect(res.statusCode).toBe(200);

    const all = await t.app.inject({ method: 'GET', url: '/__sandbox/mailbox.json' });
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    const list = all.json<{ id: number; to: string; subject: string; text: string; sent_at: string | null; attempts: number; created_at: string }[]>();
    expect(list.map((m) => m.to)).toEqual([DEMO_CUSTOMER.email, 'someone@example.fr']);

    const mine = await t.app.inject({ method: 'GET', url: `/__sandbox/mailbox.json?to=${encodeURIComponent('Demo@Popote.fr')}` });
    const [reset] = mine.json<typeof list>();
    expect(mine.json()).toHaveLength(1);
    expect(reset).toMatchObject({ to: DEMO_CUSTOMER.email, subject: 'Réinitialisez votre mot de passe Popote', html: null, sent_at: null, attempts: 0 });
    expect(reset!.text).toMatch(/\/compte\/mot-de-passe\/[\w-]+\?email=demo%40popote\.fr/);
    expect(Date.parse(reset!.created_at)).not.toBeNaN();

    // Once the (sandbox) sender has run, the mail shows as sent.
    await deliverDueMail(t.database.db, sandboxTransport, t.clock.now());
    const after = await t.app.inject({ method: 'GET', url: '/__sandbox/mailbox.json?to=demo@popote.fr' });
    expect(after.json<typeof list>()[0]!.sent_at).toBe(t.clock.now().toISOString());
  });

  it('shows an HTML page that escapes mail content and links only http(s) URLs', async () => {
    // Written straight to the table: the outbox itself refuses such an address.
    await t.database.db.insert(mailOutbox).values({
      to: 'x"><script>alert(1)</script>@example.fr',
      subject: '<script>alert("subject")</script>',
      text: 'Ouvrez https://popote.fr/compte?a=1&b=2. Pas javascript:alert(1) ni <img src=x onerror=alert(1)>',
      html: '<p onclick="alert(1)">Bonjour</p><script>alert(2)</script>',
      attachments: [],
    });
    const res = await t.app.inject({ method: 'GET', url: '/__sandbox/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    const page = res.body;
    expect(page).toContain('Boîte mail du bac à sable');
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toMatch(/<img/i);
    expect(page).not.toMatch(/<p onclick/i);
    expect(page).toContain('&#60;script&#62;alert(&#34;subject&#34;)&#60;/script&#62;');
    expect(page).toContain('<a href="https://popote.fr/compte?a=1&#38;b=2" rel="noreferrer">https://popote.fr/compte?a=1&#38;b=2</a>.');
    expect(page).not.toMatch(/href="javascript/i);
    expect(page).toContain('En attente d’envoi');
  });

  it('shows the status of sent and failing mails', async () => {
    const db = t.database.db;
    await enqueueMail(db, mail(1));
    await enqueueMail(db, mail(2));
    const [first] = await rows();
    await db.update(mailOutbox).set({ sentAt: t.clock.now() }).where(eq(mailOutbox.id, first!.id));
    await deliverDueMail(db, { send: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')) }, t.clock.now());
    const page = (await t.app.inject({ method: 'GET', url: '/__sandbox/mailbox' })).body;
    expect(page).toContain('Envoyé le 23/11/2026 09:00:00');
    expect(page).toContain('Échec (1 tentative), nouvel essai à partir du 23/11/2026 09:00:30 : connect ECONNREFUSED 127.0.0.1:25');
  });

  it('DELETE empties it', async () => {
    await enqueueMail(t.database.db, mail(1));
    const res = await t.app.inject({ method: 'DELETE', url: '/__sandbox/mailbox' });
    expect(res.statusCode).toBe(204);
    const list = await t.app.inject({ method: 'GET', url: '/__sandbox/mailbox.json' });
    expect(list.json()).toEqual([]);
  });

  it('does not exist without the sandbox', async () => {
    const off = await createTestApp({ env: { SANDBOX: '0' } });
    try {
      for (const [method, url] of [
        ['GET', '/__sandbox/mailbox'],
        ['GET', '/__sandbox/mailbox.json'],
        ['DELETE', '/__sandbox/mailbox'],
      ] as const) {
        expect((await off.app.inject({ method, url })).statusCode).toBe(404);
      }
    } finally {
      await off.close();
    }
  });
});

describe('mail to an address nobody has proven', () => {
  it('quotes nothing typed at sign-up: the welcome and the password-reset mails greet with a plain « Bonjour, »', async () => {
    const email = `hameconnage-${Date.now()}@example.fr`;
    const bait = 'Urgent: payez ici https://evil.example/p';
    const v = await visitor(t.app);
    const registered = await v.request('POST', '/api/register', {
      firstname: bait,
      lastname: 'Ici aussi https://evil.example/n',
      company_name: 'Et là https://evil.example/c',
      phone: '0612345678',
      email,
      password: 'secret-123',
      password_confirmation: 'secret-123',
      cgv: true,
    });
    // Taken as typed: the point is that no mail repeats it.
    expect(registered.statusCode, registered.body).toBe(201);
    expect((await visitor(t.app).then((other) => other.request('POST', '/api/auth/password/email', { email })))).toMatchObject({ statusCode: 200 });
    const sent = (await rows()).filter((row) => row.to === email);
    expect(sent.map((row) => row.subject).sort()).toEqual(['Bienvenue chez Popote !', 'Réinitialisez votre mot de passe Popote']);
    for (const row of sent) {
      expect(row.text.startsWith('Bonjour,\n'), row.subject).toBe(true);
      expect(row.text, row.subject).not.toMatch(/Urgent|payez|evil\.example|Ici aussi|Et là/);
      expect(row.subject).not.toMatch(/Urgent|evil/);
    }
  });
});
