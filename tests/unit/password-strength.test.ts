import { describe, expect, it } from 'vitest';
import { judgeTeamPassword, personalWords, TEAM_PASSWORD_MIN_SCORE } from '../../server/lib/password-strength';

const camille = { name: 'Camille Martin', email: 'c.martin@atelier-lumiere.fr' };

describe('a team password’s judgement', () => {
  it(`refuses the common lists, keyboard runs, repeats, the shop’s words and the member’s own (score under ${TEAM_PASSWORD_MIN_SCORE})`, () => {
    for (const weak of ['password', '12345678', 'motdepasse', 'azertyuiop', 'soleil123', 'popote-demo', 'Popote2026!', 'bob-bob-bob-bob', 'camille-martin-1', 'CamilleMartin1', 'atelier-lumiere', 'mot-de-passe-2026']) {
      const judged = judgeTeamPassword(weak, camille);
      expect(judged.ok, weak).toBe(false);
      expect(judged.score, weak).toBeLessThan(TEAM_PASSWORD_MIN_SCORE);
      expect(judged.message, weak).toMatch(/^Ce mot de passe est trop facile à deviner\./);
      expect(judged.message, weak).toContain('Choisissez plutôt trois ou quatre mots sans lien entre eux');
    }
  });

  it('says why in French when zxcvbn knows', () => {
    expect(judgeTeamPassword('password', camille).message).toContain('Ce mot de passe est très utilisé.');
    expect(judgeTeamPassword('azertyuiop', camille).message).toContain('clavier');
  });

  it('accepts unrelated words and random strings', () => {
    for (const strong of ['ardoise-brume-tricycle-quatorze', 'tricycle quenelle brume', 'Xk9#mP2vLq', 'rillettes-42-ardoise']) {
      expect(judgeTeamPassword(strong, camille), strong).toMatchObject({ ok: true, message: null });
    }
  });

  it('reads the member’s words from their name and address', () => {
    expect(personalWords(camille)).toEqual(expect.arrayContaining(['camille', 'martin', 'c.martin', 'atelier-lumiere.fr', 'atelier-lumiere']));
  });
});
