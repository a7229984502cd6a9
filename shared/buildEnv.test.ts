import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BuildEnv, type BuildSettings, DEVELOPMENT_FRAME_URL, resolveBuildSettings } from './buildEnv';
import { DEVELOPMENT_PAYMENTS } from './paymentsOrigin';
import { DEVELOPMENT_PAYPAL } from './payPalOrigin';
import { DEVELOPMENT_VAULT } from './vault';

const FRAME = 'https://cashier.example.com/frame/';
const STATICS = 'https://static.example.com';
const VAULT = 'https://vault.example.com';
const production = { VITE_CASHIER_FRAME_URL: FRAME, VITE_CASHIER_STATICS_ORIGINS: STATICS, VITE_CASHIER_VAULT_ORIGIN: VAULT };
const development = { CASHIER_BUILD: 'development' };
const LOOPBACK = {
  VITE_CASHIER_FRAME_URL: 'http://127.0.0.1:4174/',
  VITE_CASHIER_STATICS_ORIGINS: 'http://localhost:4175',
  VITE_CASHIER_VAULT_ORIGIN: 'http://127.0.0.1:4176/',
};

describe('resolveBuildSettings: environments that build', () => {
  const rows: { name: string; env: BuildEnv; expected: BuildSettings }[] = [
    {
      name: 'production, both set to https',
      env: production,
      expected: { kind: 'production', frameUrl: FRAME, staticsAllowlist: [STATICS], vaultOrigin: VAULT },
    },
    {
      name: 'production, several statics origins, spaces, trailing slashes and upper case normalised',
      env: { ...production, VITE_CASHIER_STATICS_ORIGINS: ' https://A.example.com/ , https://b.example.com:8443,' },
      expected: {
        kind: 'production',
        frameUrl: FRAME,
        staticsAllowlist: ['https://a.example.com', 'https://b.example.com:8443'],
        vaultOrigin: VAULT,
      },
    },
    {
      name: 'development on loopback http, all three set (a local deployment: the new-user walk)',
      env: { ...development, ...LOOPBACK },
      expected: {
        kind: 'development',
        frameUrl: 'http://127.0.0.1:4174/',
        staticsAllowlist: ['http://localhost:4175'],
        vaultOrigin: 'http://127.0.0.1:4176',
        payPalOrigin: DEVELOPMENT_PAYPAL,
        paymentsOrigin: DEVELOPMENT_PAYMENTS,
      },
    },
    {
      name: 'development with nothing set: the loopback defaults',
      env: development,
      expected: {
        kind: 'development',
        frameUrl: 'http://127.0.0.1:4174/',
        staticsAllowlist: 'development',
        vaultOrigin: DEVELOPMENT_VAULT,
        payPalOrigin: DEVELOPMENT_PAYPAL,
        paymentsOrigin: DEVELOPMENT_PAYMENTS,
      },
    },
    {
      name: 'development with blank values: the loopback defaults',
      env: { ...development, VITE_CASHIER_FRAME_URL: ' ', VITE_CASHIER_STATICS_ORIGINS: ' , ', VITE_CASHIER_VAULT_ORIGIN: ' ' },
      expected: {
        kind: 'development',
        frameUrl: 'http://127.0.0.1:4174/',
        staticsAllowlist: 'development',
        vaultOrigin: DEVELOPMENT_VAULT,
        payPalOrigin: DEVELOPMENT_PAYPAL,
        paymentsOrigin: DEVELOPMENT_PAYMENTS,
      },
    },
    {
      name: 'development with all three set: exactly those',
      env: { ...development, ...production },
      expected: {
        kind: 'development',
        frameUrl: FRAME,
        staticsAllowlist: [STATICS],
        vaultOrigin: VAULT,
        payPalOrigin: DEVELOPMENT_PAYPAL,
        paymentsOrigin: DEVELOPMENT_PAYMENTS,
      },
    },
    {
      name: 'a PayPal approval origin (review M3): exactly that origin, in either kind of build',
      env: { ...production, VITE_CASHIER_PAYPAL_ORIGIN: ' https://API.example.com/ ' },
      expected: {
        kind: 'production',
        frameUrl: FRAME,
        staticsAllowlist: [STATICS],
        vaultOrigin: VAULT,
        payPalOrigin: 'https://api.example.com',
      },
    },
    {
      name: 'development with a PayPal approval origin',
      env: { ...development, VITE_CASHIER_PAYPAL_ORIGIN: 'http://127.0.0.1:4999' },
      expected: {
        kind: 'development',
        frameUrl: 'http://127.0.0.1:4174/',
        staticsAllowlist: 'development',
        vaultOrigin: DEVELOPMENT_VAULT,
        payPalOrigin: 'http://127.0.0.1:4999',
        paymentsOrigin: DEVELOPMENT_PAYMENTS,
      },
    },
    {
      name: 'a payments origin (issue 38): exactly that origin, in either kind of build',
      env: { ...production, VITE_CASHIER_PAYMENTS_ORIGIN: ' https://Pay.example.com/ ' },
      expected: {
        kind: 'production',
        frameUrl: FRAME,
        staticsAllowlist: [STATICS],
        vaultOrigin: VAULT,
        paymentsOrigin: 'https://pay.example.com',
      },
    },
    {
      name: 'development with a payments origin',
      env: { ...development, VITE_CASHIER_PAYMENTS_ORIGIN: 'http://127.0.0.1:4998' },
      expected: {
        kind: 'development',
        frameUrl: 'http://127.0.0.1:4174/',
        staticsAllowlist: 'development',
        vaultOrigin: DEVELOPMENT_VAULT,
        payPalOrigin: DEVELOPMENT_PAYPAL,
        paymentsOrigin: 'http://127.0.0.1:4998',
      },
    },
  ];
  it.each(rows)('$name', ({ env, expected }) => {
    expect(resolveBuildSettings(env)).toEqual(expected);
  });
});

describe('resolveBuildSettings: environments that stop the build, naming the variable and the deploy guide', () => {
  const rows: { name: string; env: BuildEnv; names: string[] }[] = [
    {
      name: 'production with nothing set',
      env: {},
      names: ['VITE_CASHIER_FRAME_URL', 'VITE_CASHIER_STATICS_ORIGINS', 'VITE_CASHIER_VAULT_ORIGIN'],
    },
    {
      name: 'production without the frame URL',
      env: { VITE_CASHIER_STATICS_ORIGINS: STATICS, VITE_CASHIER_VAULT_ORIGIN: VAULT },
      names: ['VITE_CASHIER_FRAME_URL'],
    },
    {
      name: 'production without the vault origin',
      env: { VITE_CASHIER_FRAME_URL: FRAME, VITE_CASHIER_STATICS_ORIGINS: STATICS },
      names: ['VITE_CASHIER_VAULT_ORIGIN'],
    },
    {
      name: 'a plain-http vault off loopback',
      env: { ...production, VITE_CASHIER_VAULT_ORIGIN: 'http://vault.example.com' },
      names: ['VITE_CASHIER_VAULT_ORIGIN'],
    },
    {
      name: "a vault with a path (an origin only: the path is the spec's)",
      env: { ...production, VITE_CASHIER_VAULT_ORIGIN: 'https://vault.example.com/tokens' },
      names: ['VITE_CASHIER_VAULT_ORIGIN'],
    },
    {
      name: 'two vault origins',
      env: { ...production, VITE_CASHIER_VAULT_ORIGIN: `${VAULT},https://vault2.example.com` },
      names: ['VITE_CASHIER_VAULT_ORIGIN'],
    },
    {
      name: 'production with a blank frame URL',
      env: { ...production, VITE_CASHIER_FRAME_URL: '  ' },
      names: ['VITE_CASHIER_FRAME_URL'],
    },
    {
      name: 'production without statics origins',
      env: { VITE_CASHIER_FRAME_URL: FRAME, VITE_CASHIER_VAULT_ORIGIN: VAULT },
      names: ['VITE_CASHIER_STATICS_ORIGINS'],
    },
    {
      name: 'production with only commas as statics origins',
      env: { ...production, VITE_CASHIER_STATICS_ORIGINS: ' , ' },
      names: ['VITE_CASHIER_STATICS_ORIGINS'],
    },
    {
      name: 'a plain-http frame URL off loopback',
      env: { ...production, VITE_CASHIER_FRAME_URL: 'http://cashier.example.com/frame/' },
      names: ['VITE_CASHIER_FRAME_URL'],
    },
    {
      name: 'a plain-http frame URL off loopback, in development too',
      env: { ...development, VITE_CASHIER_FRAME_URL: 'http://cashier.example.com/frame/' },
      names: ['VITE_CASHIER_FRAME_URL'],
    },
    {
      name: 'a relative frame URL',
      env: { ...production, VITE_CASHIER_FRAME_URL: '/frame/' },
      names: ['VITE_CASHIER_FRAME_URL'],
    },
    {
      name: 'a plain-http statics origin off loopback among https ones',
      env: { ...production, VITE_CASHIER_STATICS_ORIGINS: `${STATICS},http://static2.example.com` },
      names: ['VITE_CASHIER_STATICS_ORIGINS'],
    },
    {
      name: 'a plain-http statics origin on a look-alike of localhost, in development',
      env: { ...development, VITE_CASHIER_STATICS_ORIGINS: 'http://localhost.example.com' },
      names: ['VITE_CASHIER_STATICS_ORIGINS'],
    },
    {
      name: 'a statics entry with a path',
      env: { ...production, VITE_CASHIER_STATICS_ORIGINS: 'https://static.example.com/cashier' },
      names: ['VITE_CASHIER_STATICS_ORIGINS'],
    },
    {
      name: 'a wildcard statics entry (the CSP would open to every subdomain)',
      env: { ...production, VITE_CASHIER_STATICS_ORIGINS: 'https://*.example.com' },
      names: ['VITE_CASHIER_STATICS_ORIGINS'],
    },
    {
      name: 'a wildcard vault',
      env: { ...production, VITE_CASHIER_VAULT_ORIGIN: 'https://*.example.com' },
      names: ['VITE_CASHIER_VAULT_ORIGIN'],
    },
    {
      name: 'a statics entry without a scheme',
      env: { ...production, VITE_CASHIER_STATICS_ORIGINS: 'static.example.com' },
      names: ['VITE_CASHIER_STATICS_ORIGINS'],
    },
    {
      name: 'a statics entry that is not http(s)',
      env: { ...production, VITE_CASHIER_STATICS_ORIGINS: 'ftp://static.example.com' },
      names: ['VITE_CASHIER_STATICS_ORIGINS'],
    },
    {
      name: "production on loopback http (a package that would send cards to the buyer's own machine)",
      env: LOOPBACK,
      names: ['VITE_CASHIER_FRAME_URL', 'VITE_CASHIER_STATICS_ORIGINS', 'VITE_CASHIER_VAULT_ORIGIN'],
    },
    {
      name: 'production with a loopback vault over https',
      env: { ...production, VITE_CASHIER_VAULT_ORIGIN: 'https://127.0.0.1:4176' },
      names: ['VITE_CASHIER_VAULT_ORIGIN'],
    },
    {
      name: 'production with a loopback frame over https (localhost)',
      env: { ...production, VITE_CASHIER_FRAME_URL: 'https://localhost/frame/' },
      names: ['VITE_CASHIER_FRAME_URL'],
    },
    {
      name: 'production with loopback statics among https ones (a *.localhost name, another 127.x, [::1])',
      env: {
        ...production,
        VITE_CASHIER_STATICS_ORIGINS: `${STATICS},https://cdn.localhost,https://127.0.0.2,https://[::1]:8443`,
      },
      names: ['VITE_CASHIER_STATICS_ORIGINS'],
    },
    {
      name: 'production with a loopback PayPal approval origin over https',
      env: { ...production, VITE_CASHIER_PAYPAL_ORIGIN: 'https://127.0.0.1:4175' },
      names: ['VITE_CASHIER_PAYPAL_ORIGIN'],
    },
    {
      name: 'a plain-http PayPal approval origin off loopback',
      env: { ...production, VITE_CASHIER_PAYPAL_ORIGIN: 'http://api.example.com' },
      names: ['VITE_CASHIER_PAYPAL_ORIGIN'],
    },
    {
      name: 'a PayPal approval origin with a path, or two of them',
      env: { ...development, VITE_CASHIER_PAYPAL_ORIGIN: 'https://api.example.com/paypal,https://b.example.com' },
      names: ['VITE_CASHIER_PAYPAL_ORIGIN'],
    },
    {
      name: 'a wildcard PayPal approval origin',
      env: { ...production, VITE_CASHIER_PAYPAL_ORIGIN: 'https://*.example.com' },
      names: ['VITE_CASHIER_PAYPAL_ORIGIN'],
    },
    {
      name: 'a plain-http payments origin off loopback',
      env: { ...production, VITE_CASHIER_PAYMENTS_ORIGIN: 'http://pay.example.com' },
      names: ['VITE_CASHIER_PAYMENTS_ORIGIN'],
    },
    {
      name: 'a payments origin with a path, or a wildcard',
      env: { ...development, VITE_CASHIER_PAYMENTS_ORIGIN: 'https://*.example.com/pay' },
      names: ['VITE_CASHIER_PAYMENTS_ORIGIN'],
    },
    {
      name: 'an unknown kind of build',
      env: { ...production, CASHIER_BUILD: 'dev' },
      names: ['CASHIER_BUILD'],
    },
  ];
  it.each(rows)('$name → $names', ({ env, names }) => {
    let message = '';
    try {
      resolveBuildSettings(env);
    } catch (error) {
      expect(error).toBeInstanceOf(TypeError);
      message = (error as Error).message;
    }
    const named = [
      'CASHIER_BUILD',
      'VITE_CASHIER_FRAME_URL',
      'VITE_CASHIER_STATICS_ORIGINS',
      'VITE_CASHIER_VAULT_ORIGIN',
      'VITE_CASHIER_PAYPAL_ORIGIN',
      'VITE_CASHIER_PAYMENTS_ORIGIN',
    ].filter((name) => new RegExp(`^${name} `, 'm').test(message));
    expect(named).toEqual(names);
    expect(message).toMatch(/\nSee docs\/deploy\.md\.$/);
  });

  it('shows the value that arrived and what was expected', () => {
    expect(() => resolveBuildSettings({ ...production, VITE_CASHIER_FRAME_URL: 'http://cashier.example.com/' })).toThrow(
      'VITE_CASHIER_FRAME_URL is "http://cashier.example.com/": expected an absolute URL, https on a host that is not loopback (a production build; npm run build:dev builds for loopback).\nSee docs/deploy.md.',
    );
    expect(() => resolveBuildSettings({ VITE_CASHIER_FRAME_URL: FRAME, VITE_CASHIER_VAULT_ORIGIN: VAULT })).toThrow(
      'VITE_CASHIER_STATICS_ORIGINS is not set: the production build needs the https origins the frame may load the bundle from, comma-separated (npm run build:dev builds for loopback).\nSee docs/deploy.md.',
    );
  });
});

describe('what the host SDK compiles in (vite.config.ts --mode sdk, built for real into a temporary folder)', () => {
  const root = resolve(import.meta.dirname, '..');
  /** The three host SDK steps of `npm run build`, into a temporary dist (CASHIER_DIST_DIR); every .js written. */
  function buildSdk(env: Record<string, string>): string {
    const distDir = mkdtempSync(join(tmpdir(), 'cashier-sdk-'));
    try {
      const clean = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => name !== 'CASHIER_BUILD' && !name.startsWith('VITE_CASHIER_')),
      );
      const vite = join(root, 'node_modules/vite/bin/vite.js');
      for (const mode of ['sdk', 'sdk-bridge', 'sdk-script']) {
        const run = spawnSync(process.execPath, [vite, 'build', '--mode', mode, '--logLevel', 'error'], {
          cwd: root,
          env: {
            ...clean,
            VITE_CASHIER_FRAME_URL: '',
            VITE_CASHIER_STATICS_ORIGINS: '',
            VITE_CASHIER_VAULT_ORIGIN: '',
            CASHIER_DIST_DIR: distDir,
            ...env,
          },
          encoding: 'utf8',
        });
        expect(run.status, run.stderr).toBe(0);
      }
      const sdkDir = join(distDir, 'host-sdk');
      const files = readdirSync(sdkDir).filter((f) => f.endsWith('.js'));
      expect(files).toEqual(expect.arrayContaining(['cashier.iife.js', 'index.js']));
      return files.map((f) => readFileSync(join(sdkDir, f), 'utf8')).join('\n');
    } finally {
      rmSync(distDir, { recursive: true, force: true });
    }
  }

  it('production: the given frame URL, and no loopback default', () => {
    const sdk = buildSdk(production);
    expect(sdk).toContain(FRAME);
    expect(sdk).not.toContain(DEVELOPMENT_FRAME_URL);
  }, 60_000); // three real builds: seconds, more on a loaded machine

  it('development: the loopback default', () => {
    expect(buildSdk(development)).toContain(DEVELOPMENT_FRAME_URL);
  }, 60_000);
});
