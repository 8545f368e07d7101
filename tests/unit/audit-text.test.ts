import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUND_EVENT_TYPES } from '#shared/api/courier-round';
import { ofName as of } from '#shared/elision';
import { auditText, type AuditLine, type AuditNames } from '../../server/lib/audit-text';

/** The journal in words (docs/product/team.md, "The audit trail"): a French sentence per line. */

const names: AuditNames = {
  staff: new Map([
    ['alice@popote.fr', 'Alice'],
    ['louis@popote.fr', 'Louis Livreur'],
    ['bob@popote.fr', 'Bob'],
  ]),
  orders: new Map([[15, { invoice: 'F2026-000015', customerId: 7 }]]),
  customers: new Map([[7, 'Julien R.']]),
  products: new Map([[21, 'Quenelle de brochet']]),
  events: new Map([['5b3c1c9e-5d0b-4f7e-9a51-6f1d2c3b4a59', 'handed_over']]),
};
const line = (action: string, fields: Partial<AuditLine> = {}): AuditLine => ({
  staff: 'alice@popote.fr',
  action,
  order_id: null,
  customer_id: null,
  product_id: null,
  amount: null,
  details: {},
  ...fields,
});

function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? serverFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('auditText', () => {
  it('names the invoice, the customer and the amounts: the issue’s own example', () => {
    const cancel = line('order.cancel', { order_id: 15, customer_id: 7, amount: 21_40, details: { reason: 'Client malade', credit_note: 'A2026-000003', means: [{ means: 'card', amount: 21_40 }] } });
    expect(auditText(cancel, names)).toBe('Alice a annulé la commande F2026-000015 de Julien R. : 21,40\u00a0€ remboursés sur la carte (avoir A2026-000003), motif : « Client malade »');
  });

  it('words every action the server writes, none left to the bare code', () => {
    const source = serverFiles('server')
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const written = new Set([...source.matchAll(/action: '([a-z_]+\.[a-z_]+)'/g)].map((m) => m[1]!));
    for (const m of source.matchAll(/'([a-z_]+\.[a-z_]+)' : '([a-z_]+\.[a-z_]+)'/g)) written.add(m[1]!).add(m[2]!);
    for (const type of ROUND_EVENT_TYPES) written.add(`round.${type}`);
    expect(written.size).toBeGreaterThan(25);
    for (const action of written) {
      const text = auditText(line(action, { order_id: 15, product_id: 21, amount: 5_00 }), names);
      expect(text, action).not.toContain(action);
      expect(text, action).toMatch(/^[A-ZÉ]/);
    }
  });

  it('words the round and the team in full sentences, with the elision of « de »', () => {
    expect(auditText(line('round.absent', { staff: 'louis@popote.fr', order_id: 15, details: { reason: 'no_one' } }), names)).toBe(
      'Louis Livreur a noté Julien R. absent (commande F2026-000015) : Personne au point',
    );
    expect(auditText(line('round.handed_over', { order_id: 15, details: { as_admin: true, courier: 'Louis Livreur' } }), names)).toBe(
      'Alice a remis la commande F2026-000015 de Julien R. (en administrateur, tournée de Louis Livreur)',
    );
    expect(auditText(line('round.undo', { staff: 'louis@popote.fr', order_id: 15, details: { undoes: '5b3c1c9e-5d0b-4f7e-9a51-6f1d2c3b4a59' } }), names)).toBe(
      'Louis Livreur a annulé « Remis » sur la commande F2026-000015 de Julien R.',
    );
    expect(auditText(line('round.vouchers_received', { staff: 'louis@popote.fr', order_id: 15, details: { rows: [{ issuer: 'pluxee', count: 2, unit_cents: 8_20 }] } }), names)).toBe(
      'Louis Livreur a reçu 2 titres-restaurant papier (16,40\u00a0€, Pluxee) pour la commande F2026-000015 de Julien R.',
    );
    expect(auditText(line('round.vouchers_received', { order_id: 15, details: { rows: [] } }), names)).toBe('Alice a noté qu’aucun titre-restaurant papier n’a été remis pour la commande F2026-000015 de Julien R.');
    expect(auditText(line('staff.roles', { details: { member: 'alice@popote.fr', changes: { roles: { from: ['livreur'], to: ['livreur', 'cuisine'] } } } }), names)).toBe(
      'Alice a changé les rôles d’Alice : Livraison → Livraison, Cuisine',
    );
    expect(auditText(line('stock.cap', { product_id: 21, details: { date: '2026-12-01', changes: { stock: { from: 20, to: 12 } } } }), names)).toBe(
      'Alice a changé le stock de « Quenelle de brochet » du mardi 1er décembre : 20 → 12',
    );
    expect(of('Bob')).toBe('de Bob');
    expect(of('Émile')).toBe('d’Émile');
  });
});
