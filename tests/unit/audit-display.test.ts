import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/shared/api/staff';
import { auditChangeGroups, changeText, deviceTimeText } from '../../src/equipe/audit-display';

const entry = (action: string, details: Record<string, unknown>, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  text: '',
  at: '2026-11-23T11:10:00.000Z',
  device_at: null,
  staff: 'cuisine@popote.fr',
  action,
  order_id: null,
  customer_id: null,
  product_id: null,
  amount: null,
  details,
  request_id: null,
  ...extra,
});
/** French typography's spaces (before € and %) as plain ones, to read the expectations. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the audit page’s words for values before and after', () => {
  it('prices in euros, VAT rates in percent, caps, marks and roles in French', () => {
    expect(plain(changeText('price', { from: 550, to: 1 }))).toBe('Prix : 5,50 € → 0,01 €');
    expect(plain(changeText('vat', { from: 1000, to: 2000 }))).toBe('TVA : 10 % → 20 %');
    expect(plain(changeText('vat', { from: 550, to: 1000 }))).toBe('TVA : 5,5 % → 10 %');
    expect(changeText('stock', { from: null, to: 12 })).toBe('Stock : sans limite → 12');
    expect(changeText('sold_out', { from: false, to: true })).toBe('Épuisé : non → oui');
    expect(changeText('roles', { from: ['cuisine'], to: ['cuisine', 'admin'] })).toBe('Rôles : Cuisine → Cuisine, Administration');
    expect(changeText('active', { from: true, to: false })).toBe('Compte actif : oui → non');
    expect(changeText('name', { from: 'Gratin', to: 'Gratin dauphinois' })).toBe('Nom : « Gratin » → « Gratin dauphinois »');
    // A first value alone, a value gone.
    expect(plain(changeText('price', { to: 990 }))).toBe('Prix : 9,90 €');
    expect(changeText('stock', { from: 5 })).toBe('Stock : 5 → —');
  });

  it('groups a line’s changes by what they are about: the line’s dish and day, each dish and day of an import, a member', () => {
    const stock = entry('stock.sold_out', { date: '2026-11-23', name: 'Tarte aux poireaux', changes: { stock: { from: 20, to: 12 }, sold_out: { from: false, to: true } } });
    expect(auditChangeGroups(stock)).toEqual({ groups: [{ subject: 'Tarte aux poireaux, lundi 23 novembre', lines: ['Stock : 20 → 12', 'Épuisé : non → oui'] }], omitted: 0 });

    const imported = entry('catalog.import', {
      dates: ['2026-11-24'],
      products: [
        { product_id: 4, slug: 'salade', name: 'Salade niçoise', changes: { price: { from: 550, to: 1 }, vat: { from: 1000, to: 2000 } }, also: ['description', 'allergens'] },
        // As jsonb hands it back: shortest keys first.
        { product_id: 9, slug: 'tartine', name: 'Tartine', created: true, changes: { vat: { to: 1000 }, name: { to: 'Tartine' }, price: { to: 650 } } },
      ],
      products_omitted: 3,
      stock: [
        { product_id: 4, slug: 'salade', name: 'Salade niçoise', date: '2026-11-24', changes: { stock: { from: 10, to: 30 } } },
        { product_id: 9, slug: 'tartine', name: 'Tartine', date: '2026-11-24', changes: { stock: { to: 8 }, on_menu: { from: false, to: true } } },
      ],
      stock_omitted: 1,
    });
    const { groups, omitted } = auditChangeGroups(imported);
    expect(omitted).toBe(4);
    expect(groups.map((g) => ({ subject: g.subject, lines: g.lines.map(plain) }))).toEqual([
      { subject: 'Salade niçoise', lines: ['Prix : 5,50 € → 0,01 €', 'TVA : 10 % → 20 %', 'aussi modifiés : description, allergènes'] },
      { subject: 'Tartine (nouveau plat)', lines: ['Prix : 6,50 €', 'TVA : 10 %', 'Nom : « Tartine »'] },
      { subject: 'Salade niçoise, mardi 24 novembre', lines: ['Stock : 10 → 30'] },
      { subject: 'Tartine, mardi 24 novembre', lines: ['À la carte : non → oui', 'Stock : 8'] },
    ]);

    expect(auditChangeGroups(entry('staff.disable', { member: 'livreur@popote.fr', changes: { active: { from: true, to: false } } })).groups).toEqual([
      { subject: 'livreur@popote.fr', lines: ['Compte actif : oui → non'] },
    ]);
  });

  it('reads the lines written before values were kept, and shows nothing for a line without values', () => {
    expect(auditChangeGroups(entry('stock.cap', { date: '2026-11-23', from: 10, to: 12 })).groups).toEqual([{ subject: null, lines: ['Stock : 10 → 12'] }]);
    expect(auditChangeGroups(entry('staff.roles', { member: 'a@popote.fr', from: ['livreur'], to: ['admin'] })).groups).toEqual([{ subject: 'a@popote.fr', lines: ['Rôles : Livraison → Administration'] }]);
    expect(auditChangeGroups(entry('tour.stops', { tour: 'Rive gauche', from: [1, 2], to: [2, 1] })).groups).toEqual([]);
    expect(auditChangeGroups(entry('staff.login', {})).groups).toEqual([]);
    // A value it does not know is shown as written rather than hidden.
    expect(auditChangeGroups(entry('x.y', { changes: { autre: { from: 'a', to: 'b' } } })).groups).toEqual([{ subject: null, lines: ['autre : a → b'] }]);
  });

  it('the phone’s time: with its day when it is not the server’s, and the time it counted at when it was not believed', () => {
    expect(plain(deviceTimeText(entry('round.handed_over', {}, { device_at: '2026-11-23T11:05:00.000Z' }))!)).toBe('téléphone : 12 h 05');
    expect(plain(deviceTimeText(entry('round.handed_over', { counted_at: '2026-11-23T11:10:00.000Z' }, { device_at: '1970-01-01T00:00:00.000Z' }))!)).toBe(
      'téléphone : jeudi 1er janvier 1970, 1 h, heure non retenue : comptée à 12 h 10',
    );
    expect(deviceTimeText(entry('stock.cap', {}))).toBeNull();
  });
});
