import { ABSENCE_REASON_LABELS, VOUCHER_ISSUER_LABELS, type AbsenceReason, type VoucherIssuer } from '#shared/api/courier-round';
import { ROLE_LABELS, type StaffRoleName } from '#shared/api/staff';
import { formatEuros } from '#shared/money';
import { ofName } from '#shared/elision';
import { plural } from '#shared/plural';
import { frenchLongDate } from '#shared/time';

/*
 * The journal in words (docs/product/team.md, "The audit trail"): each line told as a French
 * sentence naming the member, the invoice, the customer, the dish and the amounts, from the line's
 * structured fields and the names they point to. Written when the line is read, never stored: the
 * sealed line stays the one record (its hash chain unchanged), and a sentence can be worded better
 * later without rewriting the trail.
 */

/** What the sentence names, read beside the lines: every id a line points to. */
export interface AuditNames {
  /** A member's name by the e-mail the line was written with. */
  staff: Map<string, string>;
  /** An order's invoice number and its customer's id. */
  orders: Map<number, { invoice: string | null; customerId: number }>;
  /** A customer's first name and initial ('Julien R.'). */
  customers: Map<number, string>;
  products: Map<number, string>;
  /** A round event's type (what an undo took back). */
  events: Map<string, string>;
}

export interface AuditLine {
  staff: string | null;
  action: string;
  order_id: number | null;
  customer_id: number | null;
  product_id: number | null;
  amount: number | null;
  details: Record<string, unknown>;
}

const of = ofName;
const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const euros = (cents: unknown) => formatEuros(num(cents) ?? 0);
const day = (value: unknown) => (str(value) ? frenchLongDate(str(value)!) : null);

const MEANS_WORDS: Record<string, string> = {
  card: 'sur la carte',
  edenred: 'sur le compte Edenred',
  pool: 'sur la cagnotte',
  cash: 'en espèces',
  paper_vouchers: 'en titres-restaurant papier jamais reçus (rien à rendre)',
};
const EVENT_WORDS: Record<string, string> = {
  handed_over: '« Remis »',
  absent: '« Absent »',
  vouchers_received: 'les titres reçus',
  containers_returned: 'les contenants rendus',
};

const roles = (value: unknown) => (Array.isArray(value) ? (value.length ? value.map((r) => ROLE_LABELS[r as StaffRoleName] ?? String(r)).join(', ') : 'aucun') : '—');
const courierName = (value: unknown) => (value && typeof value === 'object' && 'name' in value ? String((value as { name: unknown }).name) : 'personne');

/** '21,40 € remboursés sur la carte', 'dont 10,00 € sur la carte et 11,40 € sur la cagnotte'. */
function meansText(value: unknown, verb: string): string | null {
  if (!Array.isArray(value) || !value.length) return null;
  const parts = (value as { means?: unknown; amount?: unknown }[]).map((g) => `${euros(g.amount)} ${verb} ${MEANS_WORDS[String(g.means)] ?? String(g.means)}`);
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} et ${parts.at(-1)}`;
}

/** '2 titres (16,00 €)' from received rows. */
function vouchersText(rows: unknown): string | null {
  if (!Array.isArray(rows) || !rows.length) return null;
  const list = rows as { count?: unknown; unit_cents?: unknown; issuer?: unknown }[];
  const count = list.reduce((n, r) => n + (num(r.count) ?? 0), 0);
  const cents = list.reduce((n, r) => n + (num(r.count) ?? 0) * (num(r.unit_cents) ?? 0), 0);
  const issuers = [...new Set(list.map((r) => VOUCHER_ISSUER_LABELS[r.issuer as VoucherIssuer]).filter(Boolean))];
  return `${plural(count, 'titre-restaurant papier', 'titres-restaurant papier')} (${formatEuros(cents)}${issuers.length ? `, ${issuers.join(', ')}` : ''})`;
}

/** The sentence of one audit line. */
export function auditText(line: AuditLine, names: AuditNames): string {
  const d = line.details;
  const who = line.staff ? (names.staff.get(line.staff) ?? line.staff) : 'Le système';
  const member = str(d.member) ? (names.staff.get(str(d.member)!) ?? str(d.member)!) : null;
  const order = line.order_id === null ? null : names.orders.get(line.order_id);
  const customerId = line.customer_id ?? order?.customerId ?? null;
  const customer = customerId === null ? null : (names.customers.get(customerId) ?? `client n° ${customerId}`);
  const invoice = order?.invoice ?? (line.order_id === null ? null : `n° ${line.order_id}`);
  /** 'la commande F2026-000015 de Julien R.' */
  const theOrder = invoice ? `la commande ${invoice}${customer ? ` ${of(customer)}` : ''}` : 'une commande';
  const dish = line.product_id === null ? (str(d.name) ?? 'un plat') : (names.products.get(line.product_id) ?? str(d.name) ?? `plat n° ${line.product_id}`);
  const reason = str(d.reason);
  const adminNote = d.as_admin === true ? ` (en administrateur${str(d.courier) ? `, tournée de ${str(d.courier)}` : ''})` : '';
  const tour = str(d.tour) ?? (num(d.tour) !== null ? `tournée n° ${num(d.tour)}` : 'la tournée');

  switch (line.action) {
    case 'staff.login': {
      const how = str(d.second_factor);
      const tail =
        how === 'totp'
          ? ' avec son code de double authentification'
          : how === 'recovery_code'
            ? ` avec un code de secours (${plural(num(d.recovery_codes_left) ?? 0, 'code restant', 'codes restants')})`
            : how === 'enrolment'
              ? ' après avoir activé sa double authentification'
              : '';
      return `Connexion ${of(who)}${tail}`;
    }
    case 'staff.logout':
      return `Déconnexion ${of(who)}`;
    case 'staff.password':
      return `${who} a choisi son mot de passe`;
    case 'staff.second_factor_enrolled':
      return `${who} a activé sa double authentification`;
    case 'staff.invite': {
      const mailed = d.mailed === false ? ' (lien remis à la main, aucun e-mail)' : d.mailed === true ? ' par e-mail' : '';
      if (d.resent === true) return `${who} a envoyé un nouveau lien à ${member ?? 'un membre'}${mailed}`;
      const changes = d.changes as Record<string, { to?: unknown }> | undefined;
      return `${who} a invité ${member ?? 'un membre'}${mailed}${changes?.roles ? ` : ${roles(changes.roles.to)}` : ''}`;
    }
    case 'staff.roles': {
      const change = (d.changes as Record<string, { from?: unknown; to?: unknown }> | undefined)?.roles;
      return `${who} a changé les rôles ${of(member ?? 'un membre')}${change ? ` : ${roles(change.from)} → ${roles(change.to)}` : ''}`;
    }
    case 'staff.disable':
      return `${who} a désactivé le compte ${of(member ?? 'un membre')}`;
    case 'staff.enable':
      return `${who} a réactivé le compte ${of(member ?? 'un membre')}`;
    case 'staff.second_factor_reset':
      return `${who} a réinitialisé la double authentification ${of(member ?? 'un membre')}`;

    case 'order.cancel': {
      const given = meansText(d.means, 'remboursés');
      return `${who} a annulé ${theOrder}${given ? ` : ${given}` : ''}${str(d.credit_note) ? ` (avoir ${str(d.credit_note)})` : ''}${reason ? `, motif : « ${reason} »` : ''}`;
    }
    case 'order.refund': {
      const given = meansText(d.means, 'remboursés');
      return `${who} a remboursé ${euros(line.amount)} sur ${theOrder}${given ? ` : ${given}` : ''}${str(d.credit_note) ? ` (avoir ${str(d.credit_note)})` : ''}${reason ? `, motif : « ${reason} »` : ''}`;
    }
    case 'order.refund_retry':
      return `${who} a relancé le remboursement en attente de ${euros(line.amount)} sur ${theOrder}`;
    case 'order.paper_vouchers':
      return `${who} a confirmé la réception des titres-restaurant papier de ${theOrder} : ${euros(line.amount)}${num(d.pool_credited) ? `, dont ${euros(d.pool_credited)} versés à la cagnotte` : ''}`;
    case 'order.balance_received': {
      const what = d.means === 'paper_vouchers' ? (vouchersText(d.rows) ?? 'des titres-restaurant papier') : 'en espèces';
      const still = num(d.still_due);
      return `${who} a enregistré un règlement de ${euros(line.amount)} (${what}) sur ${theOrder}${still ? ` ; reste dû : ${euros(still)}` : ' ; plus rien n’est dû'}`;
    }
    case 'order.balance_paid': {
      // The customer's own settlement (no team member): from their pool, or by card.
      const still = num(d.still_due);
      const how = d.means === 'card' ? 'par carte' : 'avec sa cagnotte';
      return `${customer ?? 'Le client'} a réglé ${euros(line.amount)} ${how} sur ${theOrder}${still ? ` ; reste dû : ${euros(still)}` : ' ; plus rien n’est dû'}`;
    }
    case 'ledger.held_approved':
    case 'ledger.held_rejected': {
      const what = d.kind === 'containers' || num(d.containers) ? plural(num(d.containers) ?? 0, 'contenant rendu', 'contenants rendus') : `${euros(line.amount)} de titres reçus`;
      const verb = line.action === 'ledger.held_approved' ? 'a validé' : 'a refusé';
      return `${who} ${verb} ${what} au-delà de la déclaration sur ${theOrder}${str(d.recorded_by) ? ` (noté par ${names.staff.get(str(d.recorded_by)!) ?? str(d.recorded_by)})` : ''}${str(d.note) ? ` : « ${str(d.note)} »` : ''}`;
    }

    case 'stock.cap':
    case 'stock.sold_out':
    case 'stock.on_sale': {
      const on = day(d.date) ? ` du ${day(d.date)}` : '';
      const stock = (d.changes as Record<string, { from?: unknown; to?: unknown }> | undefined)?.stock;
      const cap = (v: unknown) => (v === null ? 'sans limite' : String(v));
      if (line.action === 'stock.sold_out') return `${who} a marqué « ${dish} »${on} épuisé`;
      if (line.action === 'stock.on_sale') return `${who} a remis « ${dish} »${on} en vente`;
      return `${who} a changé le stock de « ${dish} »${on}${stock ? ` : ${'from' in stock ? `${cap(stock.from)} → ` : ''}${cap(stock.to)}` : ''}`;
    }
    case 'catalog.import': {
      const created = Array.isArray(d.created) ? d.created.length : 0;
      const updated = Array.isArray(d.updated) ? d.updated.length : 0;
      const dates = Array.isArray(d.dates) ? (d.dates as unknown[]).map(day).filter(Boolean) : [];
      const by = line.staff ? who : `Le système${str(d.source) ? ` (${str(d.source)})` : ''}`;
      return `${by} a importé la carte : ${plural(created, 'plat créé', 'plats créés')}, ${plural(updated, 'plat modifié', 'plats modifiés')}${dates.length ? `, pour ${dates.join(', ')}` : ''}`;
    }

    case 'tour.stops':
      return `${who} a changé l’ordre des arrêts de ${tour}`;
    case 'tour.couriers': {
      const changes = Array.isArray(d.changes) ? (d.changes as { weekday?: unknown; to?: unknown }[]) : [];
      return `${who} a nommé les livreurs habituels de ${tour} : ${changes.map((c) => `le ${String(c.weekday)}, ${courierName(c.to)}`).join(' ; ')}`;
    }
    case 'round.courier':
      return `${who} a confié ${tour} du ${day(d.date) ?? '—'} à ${courierName(d.to)} (au lieu de ${courierName(d.from)})`;

    case 'round.handed_over':
      return `${who} a remis ${theOrder}${adminNote}`;
    case 'round.absent':
      return `${who} a noté ${customer ?? 'le client'} absent (commande ${invoice ?? '—'}) : ${ABSENCE_REASON_LABELS[d.reason as AbsenceReason] ?? String(d.reason)}${adminNote}`;
    case 'round.vouchers_received': {
      const got = vouchersText(d.rows);
      return got ? `${who} a reçu ${got} pour ${theOrder}${adminNote}` : `${who} a noté qu’aucun titre-restaurant papier n’a été remis pour ${theOrder}${adminNote}`;
    }
    case 'round.containers_returned':
      return `${who} a reçu ${plural(num(d.count) ?? 0, 'contenant consigné', 'contenants consignés')} pour ${theOrder}${adminNote}`;
    case 'round.arrived': {
      const told = num(d.told) ?? 0;
      const news = d.stale === true ? 'trop tard pour prévenir les clients' : told ? `${plural(told, 'client prévenu', 'clients prévenus')}` : 'aucun client à prévenir';
      return `${who} a signalé l’arrivée à un arrêt de ${tour} (${news})${adminNote}`;
    }
    case 'round.undo': {
      const undone = str(d.undoes) ? names.events.get(str(d.undoes)!) : undefined;
      return `${who} a annulé ${undone ? (EVENT_WORDS[undone] ?? 'une saisie') : 'une saisie'} sur ${theOrder}${adminNote}`;
    }
    case 'round.settled': {
      const outcome = d.outcome === 'absent' ? 'client absent' : 'livrée';
      const due = num(d.balanceDueCents);
      const credited = num(d.poolCreditedCents);
      const held = num(d.vouchersHeldCents);
      const tail = [due ? `reste dû ${euros(due)}` : null, credited ? `${euros(credited)} versés à la cagnotte` : null, held ? `${euros(held)} reçus en trop, à valider` : null].filter(Boolean);
      return `Clôture de ${tour} : ${theOrder} ${outcome}${tail.length ? ` (${tail.join(', ')})` : ''}`;
    }
    case 'round.close': {
      const delivered = Array.isArray(d.delivered) ? d.delivered.length : 0;
      const absent = Array.isArray(d.absent) ? d.absent.length : 0;
      const differences = Array.isArray(d.differences) ? d.differences.length : 0;
      return `${who} a clos ${tour} du ${day(d.date) ?? '—'}${adminNote} : ${plural(delivered, 'commande livrée', 'commandes livrées')}, ${plural(absent, 'client absent', 'clients absents')}${differences ? `, ${plural(differences, 'écart', 'écarts')}` : ''}${line.amount ? ` ; reste dû ${euros(line.amount)}` : ''}`;
    }

    case 'day.close': {
      const invoices = d.invoices as { count?: unknown } | undefined;
      const check = d.check as { ok?: unknown } | undefined;
      return `${who} a clôturé la journée du ${day(d.date) ?? '—'} : ${plural(num(invoices?.count) ?? 0, 'facture', 'factures')}, ${euros(line.amount)}${check?.ok === false ? ' (avec des écarts)' : ''}`;
    }
    case 'remittance.create':
      return `${who} a préparé la remise n° ${String(d.remittance)} de ${plural(num(d.count) ?? 0, 'titre', 'titres')} ${VOUCHER_ISSUER_LABELS[d.issuer as VoucherIssuer] ?? String(d.issuer)} : ${euros(line.amount)}`;
    case 'remittance.sent':
      return `${who} a envoyé la remise n° ${String(d.remittance)} (${VOUCHER_ISSUER_LABELS[d.issuer as VoucherIssuer] ?? String(d.issuer)}, ${euros(line.amount)})`;
    case 'remittance.paid': {
      const difference = num(d.difference) ?? 0;
      return `${who} a noté le paiement de la remise n° ${String(d.remittance)} : ${euros(line.amount)} reçus${difference ? ` (écart ${difference > 0 ? '+' : ''}${formatEuros(difference)})` : ''}`;
    }
    default:
      return `${who} : ${line.action}`;
  }
}
