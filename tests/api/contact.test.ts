import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companyRequests, contactAttachments, contactMessages, mailOutbox, rateLimits } from '../../server/db/schema';
import { DEMO_CUSTOMER } from '../../server/db/seed-demo';
import { CONTACT_LIMITS } from '../../server/modules/contact/contact.routes';
import { detectFileType } from '../../server/modules/contact/file-type';
import { MAX_CONTACT_BODY_BYTES } from '../../server/modules/contact/uploads';
import { enqueueMail } from '../../server/mail/outbox';
import { CONTACT_MESSAGES, MAX_FILE_BYTES, MAX_TOTAL_BYTES } from '#shared/api/contact';
import { IDEMPOTENCY_HEADER } from '#shared/api/idempotency';
import { MESSAGES } from '#shared/api/messages';
import { docx, docxWithHyperlink, docxWithRemoteTemplate, executable, jpeg, ole, odt, odtWithRemoteObject, pdf, pdfWithHiddenScript, pdfWithScript, png, zip } from '../fixtures/upload-files';
import { MONDAY, at, createTestApp, refused, visitor, type TestApp } from './helpers';

interface UploadFile {
  name: string;
  content: Buffer;
  type?: string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
function multipart(fields: Record<string, string>, files: UploadFile[] = [], fileField = 'files') {
  const boundary = `----popote${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`));
    chunks.push(f.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const IDENTITY = { firstname: 'Léa', lastname: 'Durand', email: 'Lea.Durand@Example.fr', phone: '06 12 34 56 78' };
const CONTACT = { mode: 'contactPage', request_type: 'order', message: 'Ma commande de mardi est arrivée froide.', recall: '1', ...IDENTITY };
const APPLY = { mode: 'apply', message: 'Livreur à vélo depuis 3 ans, je candidate au poste de livreur.', recall: '0', ...IDENTITY };

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'popote-contact-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.database.db.delete(mailOutbox);
  // Each test starts with fresh rate-limit counters (all requests come from one address here).
  await t.database.db.delete(rateLimits);
  t.clock.set(at(MONDAY, '09:00:00'));
});

type Visitor = Awaited<ReturnType<typeof visitor>>;

function send(v: Visitor, fields: Record<string, string>, files: UploadFile[] = [], headers: Record<string, string> = {}, fileField?: string) {
  const body = multipart(fields, files, fileField);
  return v.request('POST', '/api/contact', body.payload, { 'content-type': body.contentType, ...headers });
}

const messages = () => t.database.db.select().from(contactMessages).orderBy(asc(contactMessages.id));
const mails = () => t.database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
/** Every file kept under DATA_DIR/uploads (tmp included). */
async function uploadedFiles(): Promise<string[]> {
  const root = join(dataDir, 'uploads');
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

async function loggedIn(): Promise<Visitor> {
  const v = await visitor(t.app);
  const res = await v.request('POST', '/api/login', DEMO_CUSTOMER);
  expect(res.statusCode, res.body).toBe(200);
  return v;
}

describe('POST /api/contact, contactPage mode', () => {
  it('stores the message, then queues the team mail and the acknowledgement', async () => {
    const before = (await messages()).length;
    const res = await send(await visitor(t.app), CONTACT);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: CONTACT_MESSAGES.success, id: expect.any(Number) });
    const stored = (await messages()).slice(before);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      id: res.json().id,
      mode: 'contactPage',
      requestType: 'order',
      requestTypeLabel: 'Une question sur ma commande',
      firstname: 'Léa',
      lastname: 'Durand',
      email: 'lea.durand@example.fr',
      phone: '06 12 34 56 78',
      recall: true,
      message: CONTACT.message,
      customerId: null,
    });
    const [team, ack] = await mails();
    expect(team).toMatchObject({ to: 'bonjour@popote.fr', subject: '[Contact] Une question sur ma commande — Léa Durand', attachments: [] });
    expect(team!.text).toContain(CONTACT.message);
    expect(team!.text).toContain('lea.durand@example.fr');
    expect(team!.text).toContain('Souhaite être rappelé : oui');
    expect(ack).toMatchObject({ to: 'lea.durand@example.fr', subject: 'Nous avons bien reçu votre message' });
    // The acknowledgement never carries what the visitor typed.
    expect(ack!.text).not.toContain(CONTACT.message);
  });

  it('refuses a form without its required fields, field by field, and stores nothing', async () => {
    const before = (await messages()).length;
    const body = refused(await send(await visitor(t.app), { mode: 'contactPage', message: '  ' }), 422, 'validation_failed');
    expect(body.errors).toEqual({
      lastname: [MESSAGES.required('nom')],
      firstname: [MESSAGES.required('prénom')],
      email: [MESSAGES.email],
      phone: [MESSAGES.phone],
      request_type: [MESSAGES.requestType],
      message: [MESSAGES.required('message')],
    });
    expect(await messages()).toHaveLength(before);
    expect(await mails()).toHaveLength(0);
  });

  it('applies the French email and phone rules', async () => {
    const v = await visitor(t.app);
    const body = refused(await send(v, { ...CONTACT, email: 'lea@', phone: '+44 20 7946 0958' }), 422);
    expect(body.errors).toEqual({ email: [MESSAGES.email], phone: [MESSAGES.phone] });
    for (const phone of ['+33 6 12 34 56 78', '0033612345678', '04.78.00.12.34']) {
      expect((await send(v, { ...CONTACT, phone })).statusCode).toBe(201);
    }
  });

  it('refuses a request type that is not one of the contact types', async () => {
    const body = refused(await send(await visitor(t.app), { ...CONTACT, request_type: 'lottery' }), 422);
    expect(body.errors).toEqual({ request_type: ['Merci de choisir l’objet de votre demande dans la liste.'] });
  });

  it('keeps job subjects to applications and customer-service subjects to the other forms', async () => {
    const v = await visitor(t.app);
    for (const body of [
      { ...CONTACT, request_type: 'job' },
      { ...CONTACT, request_type: 'job-delivery' },
      { ...APPLY, request_type: 'order' },
    ]) {
      expect(refused(await send(v, body), 422).errors).toEqual({ request_type: ['Merci de choisir l’objet de votre demande dans la liste.'] });
    }
    const res = await send(v, { ...APPLY, request_type: 'job-delivery' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await messages()).find((m) => m.id === res.json().id)).toMatchObject({ requestType: 'job-delivery', requestTypeLabel: 'Poste : livreur ou livreuse à triporteur' });
  });

  it("stores recall as sent ('0'), and as yes when unset", async () => {
    const v = await visitor(t.app);
    const no = await send(v, { ...CONTACT, recall: '0' });
    const { recall: _recall, ...unset } = CONTACT;
    const yes = await send(v, unset);
    const rows = await messages();
    expect(rows.find((r) => r.id === no.json().id)?.recall).toBe(false);
    expect(rows.find((r) => r.id === yes.json().id)?.recall).toBe(true);
    refused(await send(v, { ...CONTACT, recall: 'peut-être' }), 422);
  });

  it('refuses files outside apply mode', async () => {
    const body = refused(await send(await visitor(t.app), CONTACT, [{ name: 'cv.pdf', content: pdf() }]), 422, 'files_not_allowed');
    expect(body.errors?.files).toHaveLength(1);
    expect(await uploadedFiles()).toEqual(expect.not.arrayContaining([expect.stringContaining('.pdf')]));
  });

  it('refuses a message over 5000 characters', async () => {
    const body = refused(await send(await visitor(t.app), { ...CONTACT, message: 'é'.repeat(5001) }), 422);
    expect(Object.keys(body.errors ?? {})).toEqual(['message']);
  });
});

describe('POST /api/contact, what could forge the team’s mail', () => {
  it('refuses a line break in a name, a phone or an object, so no fake line lands in the team’s mail', async () => {
    const stored = (await messages()).length;
    for (const [field, value] of [
      ['lastname', 'Durand\nTéléphone : 01 23 45 67 89'],
      ['firstname', 'Léa\r\nObjet : remboursement'],
      ['phone', '06 12 34 56 78\nClient n° 1'],
    ] as const) {
      const body = refused(await send(await visitor(t.app), { ...CONTACT, [field]: value }), 422, 'validation_failed');
      expect(body.errors?.[field]?.[0]).toMatch(/doit tenir sur une seule ligne/);
    }
    expect(await mails()).toHaveLength(0);
    expect(await messages()).toHaveLength(stored);
  });

  it('refuses an address a mailer would read as two recipients or a display name', async () => {
    for (const email of ['a,b@example.org', 'a@example.org, b@example.org', 'Léa <lea@example.org>', 'a;b@example.org', '"a"@example.org']) {
      const body = refused(await send(await visitor(t.app), { ...CONTACT, email }), 422, 'validation_failed');
      expect(body.errors?.email).toEqual([MESSAGES.email]);
    }
    expect(await mails()).toHaveLength(0);
  });

  it('never queues a mail to a list, whatever the caller', async () => {
    await expect(enqueueMail(t.database.db, { to: 'a,b@example.org', subject: 's', text: 't' })).rejects.toThrow(/single e-mail address/);
    expect(await mails()).toHaveLength(0);
  });
});

describe('POST /api/contact, apply mode', () => {
  it('needs the identity and the message but no request type (stored as the job type)', async () => {
    const v = await visitor(t.app);
    const body = refused(await send(v, { mode: 'apply', message: '' }), 422);
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['email', 'firstname', 'lastname', 'message', 'phone']);
    const res = await send(v, APPLY);
    expect(res.statusCode, res.body).toBe(201);
    const row = (await messages()).find((m) => m.id === res.json().id);
    expect(row).toMatchObject({ mode: 'apply', requestType: 'job', requestTypeLabel: 'Candidature', recall: false });
    const [team, ack] = await mails();
    expect(team).toMatchObject({ to: 'recrutement@popote.fr', subject: '[Candidature] Léa Durand' });
    expect(ack).toMatchObject({ to: 'lea.durand@example.fr', subject: 'Nous avons bien reçu votre candidature' });
  });

  it('keeps two files under DATA_DIR, records them, and attaches them to the team mail', async () => {
    const cv = pdf(200_000);
    const letter = docx();
    const res = await send(await visitor(t.app), APPLY, [
      { name: 'CV Léa Durand.pdf', content: cv, type: 'application/pdf' },
      { name: '../../lettre.docx', content: letter },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const files = await t.database.db.select().from(contactAttachments).where(eq(contactAttachments.messageId, id)).orderBy(asc(contactAttachments.position));
    expect(files.map((f) => [f.filename, f.contentType, f.sizeBytes])).toEqual([
      ['CV Léa Durand.pdf', 'application/pdf', cv.length],
      ['lettre.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', letter.length],
    ]);
    for (const [i, f] of files.entries()) {
      expect(f.storagePath).toMatch(/^uploads\/contact\/2026\/11\/[0-9a-f]{32}\.(pdf|docx)$/);
      const content = await readFile(join(dataDir, f.storagePath));
      expect(content.equals(i === 0 ? cv : letter)).toBe(true);
      expect(f.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    }
    const [team] = await mails();
    expect(team!.attachments).toEqual(files.map((f) => ({ filename: f.filename, contentType: f.contentType, path: join(dataDir, f.storagePath) })));
    expect(team!.text).toContain('Pièces jointes : CV Léa Durand.pdf (195 Ko), lettre.docx');
    // Nothing waits in the temporary folder.
    expect((await uploadedFiles()).filter((p) => p.includes('/uploads/tmp/'))).toEqual([]);

    // QA opens them from the sandbox mailbox, as the team's mailbox would receive them.
    const page = await t.app.inject({ method: 'GET', url: '/__sandbox/mailbox?to=recrutement@popote.fr' });
    expect(page.body).toContain(`href="/__sandbox/mailbox/${team!.id}/attachments/0" download>CV Léa Durand.pdf</a>`);
    const download = await t.app.inject({ method: 'GET', url: `/__sandbox/mailbox/${team!.id}/attachments/0` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('CV Léa Durand.pdf')}`);
    expect(download.rawPayload.equals(cv)).toBe(true);
    refused(await t.app.inject({ method: 'GET', url: `/__sandbox/mailbox/${team!.id}/attachments/2` }), 404);
  });

  it.each([
    ['a PDF', 'cv.pdf', pdf(), 'application/pdf'],
    ['a JPEG', 'photo.jpeg', jpeg(), 'image/jpeg'],
    ['a PNG', 'photo.png', png(), 'image/png'],
    ['a Word .doc', 'cv.doc', ole(['WordDocument', '1Table']), 'application/msword'],
    ['a Word .docx', 'cv.docx', docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['an OpenDocument text', 'cv.odt', odt(), 'application/vnd.oasis.opendocument.text'],
    ['a PDF named like an image', 'cv.png', pdf(), 'application/pdf'],
    ['a Word file with a link to a profile', 'cv.docx', docxWithHyperlink(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ])('accepts %s, typed by its content', async (_label, name, content, contentType) => {
    const res = await send(await visitor(t.app), APPLY, [{ name, content }]);
    expect(res.statusCode, res.body).toBe(201);
    const [file] = await t.database.db.select().from(contactAttachments).where(eq(contactAttachments.messageId, res.json().id));
    expect(file!.contentType).toBe(contentType);
  });

  it.each([
    ['a renamed executable', 'cv.pdf', executable()],
    ['a shell script', 'cv.doc', Buffer.from('#!/bin/sh\nrm -rf /\n')],
    ['a ZIP archive', 'cv.docx', zip([['payload.exe', executable(512)]])],
    ['a macro-enabled Word file', 'cv.docx', docx([['word/vbaProject.bin', Buffer.alloc(64)]])],
    ['a PDF running a script', 'cv.pdf', pdfWithScript()],
    ['a PDF hiding a script in a compressed object stream', 'cv.pdf', pdfWithHiddenScript()],
    ['a Word file loading a remote template', 'cv.docx', docxWithRemoteTemplate()],
    ['an OpenDocument text loading a remote object', 'cv.odt', odtWithRemoteObject()],
    ['an installer (OLE2 without a Word stream)', 'cv.doc', ole(['SummaryInformation'])],
    ['an HTML page', 'cv.pdf', Buffer.from('<html><script>alert(1)</script></html>')],
  ])('refuses %s, whatever its name, and keeps no file', async (_label, name, content) => {
    const v = await visitor(t.app);
    const before = await uploadedFiles();
    const body = refused(await send(v, APPLY, [{ name: 'ok.pdf', content: pdf() }, { name, content, type: 'application/pdf' }]), 422, 'file_type');
    expect(body).toEqual({ message: CONTACT_MESSAGES.fileType, code: 'file_type', errors: { files: [CONTACT_MESSAGES.fileType] } });
    expect(await uploadedFiles()).toEqual(before);
    expect(await mails()).toHaveLength(0);
  });

  it('refuses a third file', async () => {
    const before = await uploadedFiles();
    const body = refused(await send(await visitor(t.app), APPLY, [1, 2, 3].map((n) => ({ name: `cv${n}.pdf`, content: pdf() }))), 422, 'too_many_files');
    expect(body.errors).toEqual({ files: [CONTACT_MESSAGES.tooManyFiles] });
    expect(await uploadedFiles()).toEqual(before);
  });

  it('accepts a file of exactly 5 MB and refuses one byte more', async () => {
    const v = await visitor(t.app);
    expect(MAX_FILE_BYTES).toBe(5 * 1024 * 1024);
    const ok = await send(v, APPLY, [{ name: 'cv.pdf', content: pdf(MAX_FILE_BYTES) }]);
    expect(ok.statusCode, ok.body).toBe(201);
    const before = await uploadedFiles();
    const body = refused(await send(v, APPLY, [{ name: 'cv.pdf', content: pdf(MAX_FILE_BYTES + 1) }]), 413, 'file_too_large');
    expect(body.errors).toEqual({ files: [CONTACT_MESSAGES.fileTooBig] });
    expect(await uploadedFiles()).toEqual(before);
  });

  it('accepts two files of 5 MB together and refuses one byte more in all', async () => {
    const v = await visitor(t.app);
    const half = MAX_TOTAL_BYTES / 2;
    const ok = await send(v, APPLY, [
      { name: 'a.pdf', content: pdf(half) },
      { name: 'b.pdf', content: pdf(half) },
    ]);
    expect(ok.statusCode, ok.body).toBe(201);
    const before = await uploadedFiles();
    const body = refused(
      await send(v, APPLY, [
        { name: 'a.pdf', content: pdf(half) },
        { name: 'b.pdf', content: pdf(half + 1) },
      ]),
      413,
      'files_too_large',
    );
    expect(body.errors).toEqual({ files: [CONTACT_MESSAGES.totalTooBig] });
    expect(await uploadedFiles()).toEqual(before);
  });

  it('refuses a declared body far over the limit before reading it', async () => {
    const v = await visitor(t.app);
    let read = 0;
    const huge = new Readable({
      read() {
        read += 64 * 1024;
        this.push(read > 200 * 1024 * 1024 ? null : Buffer.alloc(64 * 1024, 0x41));
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: huge,
      headers: {
        cookie: v.jar.header(),
        'x-xsrf-token': v.jar.get('XSRF-TOKEN')!,
        'content-type': 'multipart/form-data; boundary=xyz',
        'content-length': String(200 * 1024 * 1024),
      },
    });
    refused(res, 413, 'payload_too_large');
    expect(MAX_CONTACT_BODY_BYTES).toBeLessThan(6 * 1024 * 1024);
    // Not buffered: at most what the stream hands over before the refusal.
    expect(read).toBeLessThan(2 * 1024 * 1024);
  });

  it('stops reading an undeclared (chunked) body once a file passes 5 MB', async () => {
    const v = await visitor(t.app);
    const boundary = 'popote-chunked';
    const head = Buffer.from(
      [`--${boundary}`, 'Content-Disposition: form-data; name="mode"', '', 'apply', `--${boundary}`, 'Content-Disposition: form-data; name="files"; filename="cv.pdf"', 'Content-Type: application/pdf', '', '%PDF-1.4', ''].join('\r\n'),
    );
    let sent = 0;
    const body = new Readable({
      read() {
        if (sent === 0) {
          sent += head.length;
          this.push(head);
          return;
        }
        sent += 256 * 1024;
        // 100 MB of one file, never ending early on its own.
        this.push(sent > 100 * 1024 * 1024 ? null : Buffer.alloc(256 * 1024, 0x25));
      },
    });
    const before = await uploadedFiles();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: body,
      headers: { cookie: v.jar.header(), 'x-xsrf-token': v.jar.get('XSRF-TOKEN')!, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
    });
    refused(res, 413, 'file_too_large');
    expect(await uploadedFiles()).toEqual(before);
  });

  it('answers a malformed or non-multipart body with a 4xx, never a 500', async () => {
    const v = await visitor(t.app);
    const truncated = multipart(APPLY, [{ name: 'cv.pdf', content: pdf() }]);
    const cut = await v.request('POST', '/api/contact', truncated.payload.subarray(0, truncated.payload.length - 200), { 'content-type': truncated.contentType });
    expect(cut.statusCode).toBeGreaterThanOrEqual(400);
    expect(cut.statusCode).toBeLessThan(500);
    const noBoundary = await v.request('POST', '/api/contact', 'garbage', { 'content-type': 'multipart/form-data' });
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode).toBeLessThan(500);
    refused(await v.request('POST', '/api/contact', CONTACT), 415, 'unsupported_media_type');
    refused(await send(v, APPLY, [{ name: 'cv.pdf', content: pdf() }], {}, 'avatar'), 422);
    expect((await uploadedFiles()).filter((p) => p.includes('/uploads/tmp/'))).toEqual([]);
  });
});

describe('POST /api/contact, userAccount mode', () => {
  it('refuses a visitor who is not logged in', async () => {
    refused(await send(await visitor(t.app), { mode: 'userAccount', request_type: 'order', message: 'Bonjour' }), 401, 'unauthenticated');
  });

  it("needs the request type and the message; the identity is the customer's", async () => {
    const v = await loggedIn();
    const body = refused(await send(v, { mode: 'userAccount' }), 422);
    expect(body.errors).toEqual({ request_type: [MESSAGES.requestType], message: [MESSAGES.required('message')] });
    // What the form might send as identity is not taken.
    const res = await send(v, { mode: 'userAccount', request_type: 'invoice', message: 'Il me faut une facture au nom de ma société.', email: 'someone@else.fr' });
    expect(res.statusCode, res.body).toBe(201);
    const row = (await messages()).find((m) => m.id === res.json().id);
    expect(row).toMatchObject({ mode: 'userAccount', email: DEMO_CUSTOMER.email, requestType: 'invoice', customerId: expect.any(Number) });
    const [team, ack] = await mails();
    expect(team!.text).toContain(`Client n° ${row!.customerId}`);
    expect(ack!.to).toBe(DEMO_CUSTOMER.email);
  });
});

describe('POST /api/contact, anti-forgery, retries and limits', () => {
  it('answers 419 to a mismatched token, stores nothing, and succeeds after the token is refreshed', async () => {
    const v = await visitor(t.app);
    const before = (await messages()).length;
    const stale = await send(v, CONTACT, [], { 'x-xsrf-token': 'expired-token' });
    refused(stale, 419, 'csrf_mismatch');
    expect(await messages()).toHaveLength(before);
    // The client's refresh, then its one retry.
    const refresh = await v.request('GET', '/api/csrf-cookie');
    expect(refresh.statusCode).toBe(204);
    expect((await send(v, CONTACT)).statusCode).toBe(201);
    expect(await messages()).toHaveLength(before + 1);
  });

  it('answers 419 without a session at all; the refresh creates one', async () => {
    const body = multipart(CONTACT);
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: body.payload, headers: { 'content-type': body.contentType, 'x-xsrf-token': 'x' } });
    refused(res, 419, 'csrf_mismatch');
  });

  it('stores a retried submission once, its files once', async () => {
    const v = await visitor(t.app);
    const submission = { ...APPLY, submission_id: randomUUID() };
    const first = await send(v, submission, [{ name: 'cv.pdf', content: pdf() }]);
    expect(first.statusCode).toBe(201);
    const filesAfterFirst = await uploadedFiles();
    const again = await send(v, submission, [{ name: 'cv.pdf', content: pdf() }]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: CONTACT_MESSAGES.success, id: first.json().id });
    expect((await messages()).filter((m) => m.submissionId === submission.submission_id)).toHaveLength(1);
    expect(await mails()).toHaveLength(2);
    expect(await uploadedFiles()).toEqual(filesAfterFirst);
  });

  it('answers a repeat of a lost answer (its Idempotency-Key) with the first answer, stored once, never counted against the limit', async () => {
    const v = await visitor(t.app);
    const max = CONTACT_LIMITS.contact.max;
    const post = (fields: Record<string, string>, key: string) => {
      const body = multipart(fields);
      return t.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '203.0.113.78',
        payload: body.payload,
        headers: { 'content-type': body.contentType, cookie: v.jar.header(), 'x-xsrf-token': v.jar.get('XSRF-TOKEN')!, [IDEMPOTENCY_HEADER]: key },
      });
    };
    const submission = { ...CONTACT, submission_id: randomUUID() };
    const key = randomUUID();
    const first = await post(submission, key);
    expect(first.statusCode, first.body).toBe(201);
    // The phone lost the answer and sent it again, more times than the limit allows.
    for (let i = 0; i < max + 2; i++) {
      const again = await post(submission, key);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
    }
    expect((await messages()).filter((m) => m.submissionId === submission.submission_id)).toHaveLength(1);
    expect(await mails()).toHaveLength(2);
    // Only the first counted: the address has its allowance less one.
    for (let i = 0; i < max - 1; i++) expect((await post({ mode: 'contactPage' }, randomUUID())).statusCode).toBe(422);
    refused(await post({ mode: 'contactPage' }, randomUUID()), 429, 'too_many_requests');
  });

  it('rate-limits per IP with a French 429 message', async () => {
    const v = await visitor(t.app);
    const max = CONTACT_LIMITS.contact.max;
    const body = multipart({ mode: 'contactPage' });
    const hit = () => t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: '203.0.113.77', payload: body.payload, headers: { 'content-type': body.contentType, cookie: v.jar.header(), 'x-xsrf-token': v.jar.get('XSRF-TOKEN')! } });
    for (let i = 0; i < max; i++) expect((await hit()).statusCode).toBe(422);
    const limited = await hit();
    expect(refused(limited, 429, 'too_many_requests').message).toBe(MESSAGES.rateLimited);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/landing-page/contact', () => {
  const REQUEST = { company: 'Atelier Lumière', name: 'Camille Bernard', email: 'Camille@Atelier-Lumiere.fr', phone: '04 72 00 00 00', headcount: '45', message: 'Notre site de Gerland, 12 rue du Vercors : 45 salariés le midi.' };

  it('stores the request and queues the team mail and the acknowledgement', async () => {
    const v = await visitor(t.app);
    const res = await v.request('POST', '/api/landing-page/contact', REQUEST);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: CONTACT_MESSAGES.success, id: expect.any(Number) });
    const [row] = await t.database.db.select().from(companyRequests).where(eq(companyRequests.id, res.json().id));
    expect(row).toMatchObject({ company: 'Atelier Lumière', name: 'Camille Bernard', email: 'camille@atelier-lumiere.fr', headcount: 45 });
    const [team, ack] = await mails();
    expect(team).toMatchObject({ to: 'entreprises@popote.fr', subject: '[Entreprise] Atelier Lumière — 45 salariés' });
    expect(team!.text).toContain(REQUEST.message);
    expect(ack).toMatchObject({ to: 'camille@atelier-lumiere.fr', subject: 'Votre demande de point de livraison Popote' });
    expect(ack!.text).not.toContain(REQUEST.message);
  });

  it('refuses missing or wrong fields with their messages', async () => {
    const v = await visitor(t.app);
    const body = refused(await v.request('POST', '/api/landing-page/contact', { company: '', name: '', email: 'x', phone: '12', headcount: '0', message: '' }), 422, 'validation_failed');
    expect(body.errors).toEqual({
      company: [MESSAGES.required('entreprise')],
      name: [MESSAGES.required('nom')],
      email: [MESSAGES.email],
      phone: [MESSAGES.phone],
      headcount: ['Indiquez le nombre approximatif de salariés présents sur le site.'],
      message: [MESSAGES.required('message')],
    });
    expect(await mails()).toHaveLength(0);
  });

  it('stores a retried request once', async () => {
    const v = await visitor(t.app);
    const submission = { ...REQUEST, submission_id: randomUUID() };
    const first = await v.request('POST', '/api/landing-page/contact', submission);
    const again = await v.request('POST', '/api/landing-page/contact', submission);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().id).toBe(first.json().id);
    expect(await mails()).toHaveLength(2);
  });

  it('answers 419 to a mismatched token', async () => {
    const v = await visitor(t.app);
    refused(await v.request('POST', '/api/landing-page/contact', REQUEST, { 'x-xsrf-token': 'nope' }), 419, 'csrf_mismatch');
  });

  it('rate-limits per IP', async () => {
    const v = await visitor(t.app);
    const hit = () =>
      t.app.inject({ method: 'POST', url: '/api/landing-page/contact', remoteAddress: '203.0.113.78', payload: REQUEST, headers: { cookie: v.jar.header(), 'x-xsrf-token': v.jar.get('XSRF-TOKEN')! } });
    for (let i = 0; i < CONTACT_LIMITS.landing.max; i++) expect((await hit()).statusCode).toBe(201);
    refused(await hit(), 429, 'too_many_requests');
  });
});

describe('file types by content', () => {
  it('reads the type from the bytes, never the name', async () => {
    expect(await detectFileType(pdf())).toBe('pdf');
    expect(await detectFileType(ole(['WordDocument']))).toBe('doc');
    expect(await detectFileType(ole(['Workbook']))).toBeNull();
    expect(await detectFileType(docx())).toBe('docx');
    expect(await detectFileType(odt())).toBe('odt');
    expect(await detectFileType(zip([['mimetype', 'application/vnd.oasis.opendocument.spreadsheet'], ['content.xml', '<x/>']]))).toBeNull();
    expect(await detectFileType(executable())).toBeNull();
    expect(await detectFileType(Buffer.alloc(0))).toBeNull();
  });
});
