import { describe, expect, it } from 'vitest';
import { accessCodeMatches, emailMatchesDomain } from '#shared/company-access';

describe('an account of the company’s e-mail domain', () => {
  it('is exactly @domain after the address’s last @, case ignored', () => {
    expect(emailMatchesDomain('a@lugduneo.fr', 'lugduneo.fr')).toBe(true);
    expect(emailMatchesDomain('a@LUGDUNEO.FR', 'lugduneo.fr')).toBe(true);
    expect(emailMatchesDomain('Jean.Dupont@Lugduneo.fr', 'LUGDUNEO.fr')).toBe(true);
  });

  it('is not a look-alike, a longer domain, a subdomain, nor the domain in the local part', () => {
    expect(emailMatchesDomain('a@evil-lugduneo.fr', 'lugduneo.fr')).toBe(false);
    expect(emailMatchesDomain('a@lugduneo.fr.evil.com', 'lugduneo.fr')).toBe(false);
    expect(emailMatchesDomain('a@rh.lugduneo.fr', 'lugduneo.fr')).toBe(false);
    expect(emailMatchesDomain('lugduneo.fr@example.fr', 'lugduneo.fr')).toBe(false);
    expect(emailMatchesDomain('a@lugduneo.fr@example.fr', 'lugduneo.fr')).toBe(false);
  });

  it('needs an address and a domain', () => {
    expect(emailMatchesDomain('lugduneo.fr', 'lugduneo.fr')).toBe(false);
    expect(emailMatchesDomain('a@', '')).toBe(false);
  });
});

describe('a company code', () => {
  it('matches whatever its case and the spaces around it', () => {
    expect(accessCodeMatches('CANOPEE-VAISE', 'CANOPEE-VAISE')).toBe(true);
    expect(accessCodeMatches('  canopee-vaise ', 'CANOPEE-VAISE')).toBe(true);
  });

  it('does not match another code, a part of it, or nothing', () => {
    expect(accessCodeMatches('CANOPEE', 'CANOPEE-VAISE')).toBe(false);
    expect(accessCodeMatches('CANOPEE VAISE', 'CANOPEE-VAISE')).toBe(false);
    expect(accessCodeMatches('', '')).toBe(false);
    expect(accessCodeMatches('   ', 'CANOPEE-VAISE')).toBe(false);
  });
});
