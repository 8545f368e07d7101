import type { sandboxPaygreenOrders } from '../db/schema';
import { SANDBOX_PATH as P, type PaymentOrderStatus } from '../payments/paygreen/paygreen-client';
import { escapeHtml, sandboxPage } from './sandbox-page';

/** The PayGreen emulator's hosted payment page, in the shared sandbox template. */

type Row = typeof sandboxPaygreenOrders.$inferSelect;

function formatAmount(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

const STATUS_TEXT: Record<PaymentOrderStatus, string> = {
  pending: 'en attente de paiement',
  authorized: 'autorisé',
  successed: 'payé',
  canceled: 'annulé',
  refused: 'refusé',
  error: 'en erreur',
  expired: 'expiré',
  refunded: 'remboursé',
};

/** PayGreen's look: its green. */
const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1d2b24;background:#f4f8f5}
main{background:#fff;border:1px solid #cfe0d5;border-radius:12px;padding:1.25rem 1.5rem}
.badge{display:inline-block;background:#fff3cd;color:#6b4e00;border-radius:999px;padding:.15rem .7rem;font-size:.85rem}
h1{font-size:1.35rem;margin:.6rem 0}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:1rem 0}
dt{color:#52655a}dd{margin:0;font-weight:600;overflow-wrap:anywhere}.amount{font-size:1.4rem}
form{display:grid;gap:.6rem;margin:1.2rem 0 .8rem}button{font:inherit;padding:.7rem 1rem;border-radius:8px;border:1px solid #1f7a4d;cursor:pointer}
.pay{background:#1f7a4d;color:#fff}.refuse{background:#fff;color:#a12a2a;border-color:#a12a2a}.wait{background:#fff;color:#1d2b24;border-color:#8a9a90}
a{color:#1f7a4d}`;

export const page = (title: string, body: string) => sandboxPage('PayGreen', STYLE, title, body);

/** What a meal-voucher card may pay of the order (`eligible_amounts.food`), as the page says it. */
function mealVoucherLine(row: Row): string {
  if (row.eligibleFood === null) return '';
  const said = row.eligibleFood >= row.amount ? 'tout le montant' : row.eligibleFood > 0 ? `jusqu’à ${formatAmount(row.eligibleFood, row.currency)}` : 'non acceptés';
  return `<dt>Titres-restaurant</dt><dd>${escapeHtml(said)}</dd>`;
}

export function paymentPage(row: Row): string {
  const status = row.status as PaymentOrderStatus;
  const summary = `<dl><dt>Montant</dt><dd class="amount">${escapeHtml(formatAmount(row.amount, row.currency))}</dd>
${mealVoucherLine(row)}
<dt>Référence</dt><dd>${escapeHtml(row.reference)}</dd>
<dt>N° de paiement</dt><dd>${escapeHtml(row.id)}</dd></dl>`;
  if (status !== 'pending') {
    return page(
      'Paiement terminé',
      `<h1>Ce paiement est ${escapeHtml(STATUS_TEXT[status] ?? status)}</h1>${summary}
<p><a href="${escapeHtml(row.returnUrl)}">Revenir sur le site du commerçant</a></p>`,
    );
  }
  const cancel = row.cancelUrl ? `<p><a href="${escapeHtml(row.cancelUrl)}">Annuler et revenir sur le site du commerçant</a></p>` : '';
  return page(
    'Paiement',
    `<h1>Paiement par carte ou carte titre-restaurant</h1>${summary}
<form method="post" action="${escapeHtml(`${P}/pay/${encodeURIComponent(row.id)}`)}">
<button class="pay" type="submit" name="outcome" value="success">Payer avec la carte de test</button>
<button class="refuse" type="submit" name="outcome" value="refuse">Refuser le paiement</button>
<button class="wait" type="submit" name="outcome" value="pending">Laisser en attente</button>
</form>${cancel}`,
  );
}
