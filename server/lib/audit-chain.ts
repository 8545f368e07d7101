import { createHash } from 'node:crypto';
import { asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditChain, auditChainHead, auditLog } from '../db/schema';

/*
 * Replaying the audit trail's hash chain (docs/operations.md, "The audit trail"). The database
 * writes each link as the line's transaction commits (migration `audit_chain`): the line's
 * canonical text, the previous link's hash, and SHA-256 of both. Here the chain is read back and
 * every part of it recomputed on this side: the canonical text from the line's columns, each hash,
 * each link to the one before, the head. What breaks is told in plain words, by entry.
 */

/** The previous hash of the first link. */
export const GENESIS_HASH = '0'.repeat(64);

/** A link seals: SHA-256 of the previous hash, a line feed and the line's canonical text, in hex. */
export const linkHash = (prevHash: string, sealed: string) => createHash('sha256').update(`${prevHash}\n${sealed}`, 'utf8').digest('hex');

/** The canonical text's fields, in its order (popote_audit_canonical), and their French names. */
const FIELDS = [
  ['format', 'format'],
  ['id', 'numéro'],
  ['at', 'heure'],
  ['device_at', 'heure du téléphone'],
  ['staff_id', 'membre (n°)'],
  ['staff_email', 'membre'],
  ['action', 'action'],
  ['order_id', 'commande'],
  ['customer_id', 'client'],
  ['product_id', 'plat'],
  ['amount_cents', 'montant (centimes)'],
  ['details', 'détails'],
  ['request_id', 'requête'],
] as const;

type AuditColumn = (typeof auditLog)[keyof typeof auditLog.$inferSelect];
const utc = (column: AuditColumn) => sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
// Every value through sql, none a bare column: drizzle would make the whole line null on a left
// join when the first column it meets is null (a line without a team member).
const asText = (column: AuditColumn) => sql<string | null>`${column}::text`;

/**
 * A line's columns as PostgreSQL writes them as text: times in UTC to the microsecond (a Date
 * would drop the microseconds), numbers in decimal, the details as jsonb writes them. Only the
 * rendering of values is the database's; the canonical text is built from them below.
 */
const renderedColumns = {
  id: asText(auditLog.id),
  at: utc(auditLog.at),
  deviceAt: utc(auditLog.deviceAt),
  staffId: asText(auditLog.staffId),
  staffEmail: asText(auditLog.staffEmail),
  action: asText(auditLog.action),
  orderId: asText(auditLog.orderId),
  customerId: asText(auditLog.customerId),
  productId: asText(auditLog.productId),
  amountCents: asText(auditLog.amountCents),
  details: asText(auditLog.details),
  requestId: asText(auditLog.requestId),
};
type Rendered = { [K in keyof typeof renderedColumns]: string | null };

/** The canonical text of a line: the same bytes popote_audit_canonical() writes. */
export function canonicalOf(r: Rendered): string {
  return JSON.stringify(['v1', r.id, r.at, r.deviceAt, r.staffId, r.staffEmail, r.action, r.orderId, r.customerId, r.productId, r.amountCents, r.details, r.requestId]);
}

export interface ChainBreak {
  /** The audit line concerned (audit_log.id), when one is. */
  entryId: number | null;
  /** Its link's place in the chain, when it has one. */
  seq: number | null;
  /** What is wrong, in French. */
  problem: string;
}

export interface ChainReport {
  /** Links read. */
  links: number;
  /** Audit lines in the table. */
  entries: number;
  /** The chain's head as the database keeps it (null: missing). */
  head: { seq: number; hash: string } | null;
  breaks: ChainBreak[];
}

/** A value as the report quotes it: short enough for one line. */
function quoted(value: unknown): string {
  if (value === null || value === undefined) return 'vide';
  const text = String(value);
  return `« ${text.length > 120 ? `${text.slice(0, 117)}…` : text} »`;
}

/** Which fields differ between the sealed text and the line's text now, in plain words. */
function differences(sealed: string, now: string): string {
  let before: unknown[];
  try {
    before = JSON.parse(sealed) as unknown[];
  } catch {
    return 'le texte scellé est illisible';
  }
  const after = JSON.parse(now) as unknown[];
  const changed = FIELDS.flatMap(([, label], index) => (before[index] === after[index] ? [] : [`${label} : ${quoted(before[index])} scellé, ${quoted(after[index])} aujourd’hui`]));
  return changed.length > 0 ? changed.join(' ; ') : 'le texte scellé diffère de la ligne';
}

/** Links are read by pages of this many: the trail grows for years. */
const PAGE = 1000;

/**
 * Replays the whole chain in one read-only snapshot (links committed meanwhile are left for the
 * next run). Every break is reported, each with its entry: a line changed after it was sealed
 * (and which fields), a link rewritten, a link missing or out of place, a line deleted, a line
 * written without a link (the sealing trigger switched off), the head moved.
 */
export async function verifyAuditChain(db: Db): Promise<ChainReport> {
  return db.transaction(
    async (tx) => {
      const breaks: ChainBreak[] = [];
      const [head] = await tx.select({ seq: auditChainHead.seq, hash: auditChainHead.hash }).from(auditChainHead).where(eq(auditChainHead.id, 1));
      let expectedSeq = 1;
      let prevHash = GENESIS_HASH;
      let links = 0;
      for (let after = 0; ; ) {
        const page = await tx
          .select({ seq: auditChain.seq, entryId: auditChain.entryId, prevHash: auditChain.prevHash, hash: auditChain.hash, sealed: auditChain.sealed, line: renderedColumns })
          .from(auditChain)
          .leftJoin(auditLog, eq(auditLog.id, auditChain.entryId))
          .where(gt(auditChain.seq, after))
          .orderBy(asc(auditChain.seq))
          .limit(PAGE);
        for (const link of page) {
          const at = { entryId: link.entryId, seq: link.seq };
          if (link.seq !== expectedSeq) {
            const gap = link.seq > expectedSeq ? `les maillons ${expectedSeq} à ${link.seq - 1} manquent avant lui (retirés de la chaîne)` : `il devait être le maillon ${expectedSeq}`;
            breaks.push({ ...at, problem: `maillon hors de sa place : ${gap}.` });
          }
          if (link.prevHash !== prevHash) {
            breaks.push({ ...at, problem: `lien rompu : il suit l’empreinte ${link.prevHash.slice(0, 12)}…, le maillon d’avant a ${prevHash.slice(0, 12)}… (un maillon retiré, ajouté ou réécrit avant lui).` });
          }
          if (linkHash(link.prevHash, link.sealed) !== link.hash) {
            breaks.push({ ...at, problem: 'maillon réécrit : son empreinte ne correspond plus à ce qu’il scelle.' });
          }
          if (link.line.id === null) {
            breaks.push({ ...at, problem: 'entrée supprimée : son maillon la scelle toujours, la ligne n’est plus dans audit_log.' });
          } else {
            const now = canonicalOf(link.line);
            if (now !== link.sealed) breaks.push({ ...at, problem: `entrée modifiée après son scellement — ${differences(link.sealed, now)}.` });
          }
          prevHash = link.hash;
          expectedSeq = link.seq + 1;
          links++;
        }
        if (page.length < PAGE) break;
        after = page[page.length - 1]!.seq;
      }

      const lastSeq = expectedSeq - 1;
      if (!head) {
        breaks.push({ entryId: null, seq: null, problem: 'la tête de chaîne (audit_chain_head) a disparu : plus aucune ligne ne peut être scellée.' });
      } else if (head.seq !== lastSeq || (lastSeq > 0 && head.hash !== prevHash) || (lastSeq === 0 && head.hash !== GENESIS_HASH)) {
        breaks.push({
          entryId: null,
          seq: head.seq,
          problem: `la tête de chaîne annonce ${head.seq} maillons (empreinte ${head.hash.slice(0, 12)}…), la chaîne en compte ${lastSeq} (empreinte ${prevHash.slice(0, 12)}…) : des maillons ont été retirés à la fin, ou la tête déplacée.`,
        });
      }

      const unsealed = await tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(sql`not exists (select 1 from ${auditChain} where ${auditChain.entryId} = ${auditLog.id})`)
        .orderBy(asc(auditLog.id));
      for (const { id } of unsealed) {
        breaks.push({ entryId: id, seq: null, problem: 'entrée hors chaîne : écrite sans être scellée (le trigger de scellement désactivé, ou insérée à la main).' });
      }
      const [{ entries }] = (await tx.select({ entries: sql<number>`count(*)::int` }).from(auditLog)) as [{ entries: number }];
      return { links, entries, head: head ?? null, breaks };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

const number = (n: number) => n.toLocaleString('fr-FR');

/** The report as the command prints it: one line when the chain holds, one line per break otherwise (the first 50). */
export function formatChainReport(report: ChainReport): string {
  const head = report.head ? `maillon ${number(report.head.seq)}, empreinte ${report.head.hash}` : 'aucune';
  if (report.breaks.length === 0) {
    return [
      `Journal d’audit intact : ${number(report.entries)} ${report.entries > 1 ? 'entrées' : 'entrée'}, chacune scellée dans la chaîne, chaque maillon lié au précédent.`,
      `Tête de chaîne : ${head}. Notez-la hors de la base (elle change à chaque entrée) : une chaîne réécrite en entier ne la retrouverait pas.`,
    ].join('\n');
  }
  const shown = report.breaks.slice(0, 50).map((b) => {
    const where = b.entryId !== null ? `entrée n° ${b.entryId}${b.seq !== null ? ` (maillon ${b.seq})` : ''}` : b.seq !== null ? `maillon ${b.seq}` : 'chaîne';
    return `  - ${where} : ${b.problem}`;
  });
  if (report.breaks.length > 50) shown.push(`  … et ${report.breaks.length - 50} autres problèmes.`);
  const n = report.breaks.length;
  return [
    `Journal d’audit ALTÉRÉ : ${n} ${n > 1 ? 'problèmes' : 'problème'} sur ${number(report.links)} maillons et ${number(report.entries)} entrées (tête : ${head}).`,
    ...shown,
    'Ne modifiez rien : gardez une copie de la base (pg_dump) et suivez docs/operations.md, « When audit:verify fails ».',
  ].join('\n');
}
