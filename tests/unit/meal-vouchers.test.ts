import { describe, expect, it } from 'vitest';
import { DEPOSIT_PER_MENU_CENTS } from '../../src/shared/constants';
import { formatAmount } from '../../src/shared/money';
import { MEAL_VOUCHER_CAP_NOTE, MEAL_VOUCHER_DAILY_LIMIT_CENTS, easterSunday, frenchPublicHolidays, mealPartCents, mealVoucherCapMessage, mealVoucherRestDay, mealVoucherRoom } from '../../src/shared/meal-vouchers';

describe('the meal part of an order', () => {
  it('leaves the deposits of containers added out, and counts all of a total lowered by containers given back', () => {
    expect(mealPartCents(1690, 1, 0)).toBe(1690 - DEPOSIT_PER_MENU_CENTS);
    expect(mealPartCents(3380, 2, 1)).toBe(3380 - DEPOSIT_PER_MENU_CENTS);
    expect(mealPartCents(1290 - 2 * DEPOSIT_PER_MENU_CENTS, 0, 2)).toBe(1290 - 2 * DEPOSIT_PER_MENU_CENTS);
    expect(mealPartCents(300, 1, 0)).toBe(0);
  });

  it('is paid by meal vouchers within what the day’s other orders leave of 25 €', () => {
    expect(mealVoucherRoom(3000, 0)).toBe(MEAL_VOUCHER_DAILY_LIMIT_CENTS);
    expect(mealVoucherRoom(1200, 1500)).toBe(1000);
    expect(mealVoucherRoom(900, 1500)).toBe(900);
    expect(mealVoucherRoom(1200, 2600)).toBe(0);
  });

  it('says the cap in the words the panel uses, and what is left', () => {
    expect(MEAL_VOUCHER_CAP_NOTE).toContain(`${formatAmount(MEAL_VOUCHER_DAILY_LIMIT_CENTS).replace(',00', '')}\u00a0€ par jour`);
    expect(mealVoucherCapMessage(1000)).toBe(`${MEAL_VOUCHER_CAP_NOTE} Vous pouvez encore régler 10,00\u00a0€ en titres-restaurant sur cette commande.`);
    expect(mealVoucherCapMessage(0)).toMatch(/ne pouvez plus régler cette commande en titres-restaurant\.$/);
  });
});

describe('Sundays and French public holidays', () => {
  it('finds Easter (Gregorian computus) on known years', () => {
    expect(['2024', '2025', '2026', '2027', '2038', '2285'].map((y) => easterSunday(Number(y)))).toEqual(['2024-03-31', '2025-04-20', '2026-04-05', '2027-03-28', '2038-04-25', '2285-03-22']);
  });

  it('lists the eleven public holidays of a year, the moving ones from Easter', () => {
    const days = frenchPublicHolidays(2026);
    expect([...days.keys()].sort()).toEqual(['2026-01-01', '2026-04-06', '2026-05-01', '2026-05-08', '2026-05-14', '2026-05-25', '2026-07-14', '2026-08-15', '2026-11-01', '2026-11-11', '2026-12-25']);
    expect(days.get('2026-05-14')).toBe('l’Ascension');
  });

  it('says a delivery on a Sunday or a holiday needs the employer’s leave, and nothing on other days', () => {
    expect(mealVoucherRestDay('2026-11-29')).toBe('Votre livraison tombe un dimanche : les titres-restaurant ne sont acceptés ce jour-là que si votre employeur l’autorise.');
    expect(mealVoucherRestDay('2026-12-25')).toMatch(/^Votre livraison tombe un jour férié \(Noël\) :/);
    expect(mealVoucherRestDay('2027-03-29')).toMatch(/lundi de Pâques/);
    expect(mealVoucherRestDay('2026-11-30')).toBeNull();
    expect(mealVoucherRestDay('2026-11-28')).toBeNull();
  });
});
