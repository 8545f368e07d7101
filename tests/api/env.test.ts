import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../server/env';

describe('loadEnv', () => {
  it('has working defaults for a fresh machine: the demo, on this machine only', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:3000', DATA_DIR: '.data', SANDBOX: true, DEMO_DATA: true, SEED_ON_START: true, COOKIE_SECURE: false, TRUST_PROXY: false });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('makes the public address follow the port and the interface', () => {
    expect(loadEnv({ PORT: '4000' }).PUBLIC_URL).toBe('http://localhost:4000');
    expect(loadEnv({ HOST: '192.168.1.20', SANDBOX: '1' }).PUBLIC_URL).toBe('http://192.168.1.20:3000');
    expect(loadEnv({ HOST: '::1', PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadEnv({ PUBLIC_URL: 'http://shop.local:9000/', SANDBOX: '1' }).PUBLIC_URL).toBe('http://shop.local:9000');
  });

  it('keeps the demo to this machine’s own names: a plain http PUBLIC_URL elsewhere takes SANDBOX=1 too', () => {
    for (const url of ['http://shop.local:9000', 'http://192.168.1.20:3000', 'http://popote.example', 'http://localhost.evil.example:3000']) {
      expect(() => loadEnv({ PUBLIC_URL: url }), url).toThrow(/PUBLIC_URL: demo mode .* this machine's own names only .*SANDBOX=1 for a public demo/);
    }
    for (const url of ['http://localhost:4173', 'http://127.0.0.1:3000', 'http://[::1]:3000']) expect(loadEnv({ PUBLIC_URL: url }).SANDBOX, url).toBe(true);
    expect(loadEnv({ PUBLIC_URL: 'http://shop.local:9000', SANDBOX: '1' }).SANDBOX).toBe(true);
    expect(loadEnv({ PUBLIC_URL: 'http://shop.local:9000', SANDBOX: '0' }).SANDBOX).toBe(false);
  });

  it('refuses to open the demo to the network or to a public https address, unless SANDBOX=1 says so', () => {
    for (const source of [{ HOST: '0.0.0.0' }, { HOST: '192.168.1.20' }, { PUBLIC_URL: 'https://popote.example' }]) {
      try {
        loadEnv(source);
        expect.unreachable();
      } catch (err) {
        expect((err as EnvError).problems.join('\n')).toMatch(/^SANDBOX: .*SANDBOX=1 for a public demo.*NODE_ENV=production/m);
      }
    }
    expect(loadEnv({ HOST: '0.0.0.0', SANDBOX: '1' })).toMatchObject({ SANDBOX: true, HOST: '0.0.0.0' });
    expect(loadEnv({ HOST: '0.0.0.0', SANDBOX: '0' })).toMatchObject({ SANDBOX: false });
  });

  it('makes production production: no sandbox, no demo data, a public address and a key for the team’s second factors required', () => {
    const key = randomBytes(32).toString('base64');
    const env = loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://popote.fr', HOST: '0.0.0.0', TOKEN_ENCRYPTION_KEY: key });
    expect(env).toMatchObject({ SANDBOX: false, DEMO_DATA: false, COOKIE_SECURE: true });
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: is required with NODE_ENV=production/);
    expect(() => loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://popote.fr' })).toThrow(/TOKEN_ENCRYPTION_KEY: is required with NODE_ENV=production: it seals the team's second-factor secrets/);
    expect(() => loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://popote.fr', SANDBOX: '1' })).toThrow(/SANDBOX: the sandbox .* never runs with NODE_ENV=production/);
  });

  it('trusts a number of proxies or their addresses, never any client', () => {
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.1/40' })).toThrow(/TRUST_PROXY/);
    // Every address (a /0 range) is refused with the reason, not left to crash the start.
    for (const everyone of ['0.0.0.0/0', '::/0', '10.0.0.1, 0.0.0.0/00']) {
      expect(() => loadEnv({ TRUST_PROXY: everyone }), everyone).toThrow(/TRUST_PROXY: must not trust every address .*choose the address the rate limits count/);
    }
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toEqual(['10.0.0.0/8']);
    expect(loadEnv({}).METRICS_ALLOW).toEqual([]);
    expect(loadEnv({ METRICS_ALLOW: '10.0.5.0/24, fd00::7' }).METRICS_ALLOW).toEqual(['10.0.5.0/24', 'fd00::7']);
    expect(() => loadEnv({ METRICS_ALLOW: 'monitoring.local' })).toThrow(/METRICS_ALLOW/);
    expect(() => loadEnv({ METRICS_ALLOW: '10.0.5.0/33' })).toThrow(/METRICS_ALLOW/);
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

  it('refuses STAFF_TOKEN, which opens nothing any more: team members log in with their own accounts', () => {
    expect(() => loadEnv({ STAFF_TOKEN: randomBytes(32).toString('hex') })).toThrow(/STAFF_TOKEN: is no longer used: team members log in with their own accounts \(npm run staff:add/);
  });

});

describe('.env.example', () => {
  it('is a valid production configuration once its key is made, naming every variable the server reads', () => {
    const text = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const values = Object.fromEntries(
      text
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    // Its one secret it leaves blank, to be made on each server (a key copied from an example seals nothing).
    expect(values.TOKEN_ENCRYPTION_KEY).toBe('');
    expect(() => loadEnv(values)).toThrow(/TOKEN_ENCRYPTION_KEY: is required with NODE_ENV=production/);
    const env = loadEnv({ ...values, TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64') });
    expect(env).toMatchObject({ NODE_ENV: 'production', SANDBOX: false, DEMO_DATA: false, COOKIE_SECURE: true, TRUST_PROXY: 1 });
    const read = readFileSync(new URL('../../server/env.ts', import.meta.url), 'utf8').match(/^ {4}([A-Z_]+): z\./gm)!.map((m) => m.trim().split(':')[0]);
    expect(read.length).toBeGreaterThan(20);
    // STAFF_TOKEN is read only to refuse it (it opens nothing any more): not an example to copy.
    for (const name of read.filter((n) => n !== 'STAFF_TOKEN')) expect(Object.keys(values), name).toContain(name);
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
