import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../server/env';

describe('loadEnv', () => {
  it('has working defaults for a fresh machine', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: '.data', SANDBOX: true, SEED_ON_START: true, COOKIE_SECURE: false });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('lists every wrong variable at once', () => {
    try {
      loadEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'nope', SANDBOX: 'yes' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      const problems = (err as EnvError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'PUBLIC_URL', 'SANDBOX']) expect(problems).toContain(name);
    }
  });

  it('turns the sandbox off in production unless asked, and secures cookies over HTTPS', () => {
    const env = loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://popote.fr' });
    expect(env.SANDBOX).toBe(false);
    expect(env.COOKIE_SECURE).toBe(true);
    expect(loadEnv({ NODE_ENV: 'production', SANDBOX: '1' }).SANDBOX).toBe(true);
  });
});

describe('geocoder origin', () => {
  it('is the national address API by default, Google with a key', () => {
    expect(loadEnv({}).GEOCODER_ORIGIN).toBe('https://api-adresse.data.gouv.fr');
    expect(loadEnv({ VITE_GOOGLE_MAPS_KEY: 'k' }).GEOCODER_ORIGIN).toBe('https://maps.googleapis.com');
  });

  it('allows the map style’s origin, OpenFreeMap by default', () => {
    expect(loadEnv({}).MAP_ORIGIN).toBe('https://tiles.openfreemap.org');
    expect(loadEnv({ VITE_MAP_STYLE_URL: 'https://maps.example.fr/style.json' }).MAP_ORIGIN).toBe('https://maps.example.fr');
  });
});
