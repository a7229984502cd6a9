import { loadEnv } from 'vite';
import { isHttpsOrLoopback } from './isHttpsOrLoopback.ts';
import { DEVELOPMENT_PAYMENTS } from './paymentsOrigin.ts';
import { DEVELOPMENT_PAYPAL } from './payPalOrigin.ts';
import type { StaticsAllowlist } from './statics';
import { DEVELOPMENT_VAULT, type VaultOriginSetting } from './vault.ts';

/**
 * Build-time settings (DESIGN "Host SDK"), for vite.config.ts and shared/checkBuildEnv.ts only: node
 * code, never part of the host SDK or the frame.
 *
 * `npm run build` is the production build: `VITE_CASHIER_FRAME_URL`, `VITE_CASHIER_STATICS_ORIGINS` and
 * `VITE_CASHIER_VAULT_ORIGIN` are required, https on a host that is not loopback (a package built
 * for `127.0.0.1` would send a buyer's card to whatever listens on the buyer's own machine).
 * `npm run build:dev` sets `CASHIER_BUILD=development`, which accepts plain http on loopback and fills
 * what is unset with the loopback defaults of `npm start` and the tests.
 */

/** The operator's guide to these variables; every error points to it. */
export const DEPLOY_GUIDE = 'docs/deploy.md';

/** The development build's default `frameUrl`: where `npm start` serves the frame app. */
export const DEVELOPMENT_FRAME_URL = 'http://127.0.0.1:4174/';

/** The variables the build reads; values as in `process.env`. */
export type BuildEnv = Readonly<Record<string, string | undefined>>;

/** What the build compiles in. */
export interface BuildSettings {
  /** `'development'` only when `CASHIER_BUILD=development` (npm run build:dev). */
  kind: 'production' | 'development';
  /** The host SDK's default `frameUrl` (`VITE_CASHIER_FRAME_URL`). */
  frameUrl: string;
  /** The origins the frame may load the bundle from (`VITE_CASHIER_STATICS_ORIGINS`). */
  staticsAllowlist: StaticsAllowlist;
  /**
   * Where card data goes (`VITE_CASHIER_VAULT_ORIGIN`, DESIGN "Security model"): a bare origin, or in
   * a development build without it {@link DEVELOPMENT_VAULT} (the frame's host name, two ports up).
   */
  vaultOrigin: VaultOriginSetting;
  /**
   * The PayPal approval page's origin (`VITE_CASHIER_PAYPAL_ORIGIN`, shared/payPalOrigin.ts): a bare
   * origin, in a development build without it {@link DEVELOPMENT_PAYPAL} (the frame's host name, one
   * port up), or undefined in a production build without it (no approval page is accepted: no PayPal).
   */
  payPalOrigin?: string;
  /**
   * The local payment methods' pages origin (`VITE_CASHIER_PAYMENTS_ORIGIN`, shared/paymentsOrigin.ts):
   * a bare origin, in a development build without it {@link DEVELOPMENT_PAYMENTS} (the provider's
   * origin, one port above the frame's); absent in a production build without it (no redirect methods).
   */
  paymentsOrigin?: string;
}

const HTTPS = 'https (plain http only on localhost or 127.0.0.1)';
const HTTPS_PUBLIC = 'https on a host that is not loopback (a production build; npm run build:dev builds for loopback)';

/**
 * The production build's transport rule: true when `value` is an absolute `https:` URL whose host is
 * not this machine (`localhost`, `*.localhost`, `127.0.0.0/8`, `[::1]`, `0.0.0.0`).
 */
function isHttpsOffLoopback(value: string): boolean {
  if (!isHttpsOrLoopback(value)) return false;
  const { protocol, hostname } = new URL(value);
  const loopback = /^(localhost|.*\.localhost|127(\.\d+){3}|\[::1\]|0\.0\.0\.0)\.?$/i.test(hostname);
  return protocol === 'https:' && !loopback;
}

/**
 * The build settings from `env`: `CASHIER_BUILD` (`development` or unset), `VITE_CASHIER_FRAME_URL`
 * (an absolute URL), `VITE_CASHIER_STATICS_ORIGINS` (comma-separated bare origins) and
 * `VITE_CASHIER_VAULT_ORIGIN` (one bare origin). A production build holds each to {@link isHttpsOffLoopback},
 * a development build to {@link isHttpsOrLoopback}. A blank value counts as unset.
 * @throws TypeError listing every bad or (in production) missing variable by name, one line each,
 * and pointing to {@link DEPLOY_GUIDE}.
 */
export function resolveBuildSettings(env: BuildEnv): BuildSettings {
  const problems: string[] = [];
  const build = env.CASHIER_BUILD?.trim();
  if (build && build !== 'development') {
    problems.push(`CASHIER_BUILD is ${JSON.stringify(build)}: expected "development" (npm run build:dev) or unset`);
  }
  const kind = build === 'development' ? 'development' : 'production';
  const [allowed, expected] = kind === 'production' ? [isHttpsOffLoopback, HTTPS_PUBLIC] : [isHttpsOrLoopback, HTTPS];
  const bareOrigin = (entry: string) => bareOriginOf(entry, allowed);
  const missing = (name: string, what: string) =>
    problems.push(`${name} is not set: the production build needs ${what} (npm run build:dev builds for loopback)`);

  const frameUrl = env.VITE_CASHIER_FRAME_URL?.trim() || (kind === 'development' ? DEVELOPMENT_FRAME_URL : '');
  if (!frameUrl) {
    missing('VITE_CASHIER_FRAME_URL', "the frame app's https URL, e.g. https://cashier.example.com/frame/");
  } else if (!allowed(frameUrl)) {
    problems.push(`VITE_CASHIER_FRAME_URL is ${JSON.stringify(frameUrl)}: expected an absolute URL, ${expected}`);
  }

  const origins = (env.VITE_CASHIER_STATICS_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (origins.length === 0 && kind === 'production') {
    missing('VITE_CASHIER_STATICS_ORIGINS', 'the https origins the frame may load the bundle from, comma-separated');
  }
  const staticsAllowlist = origins.map((entry) => {
    const origin = bareOrigin(entry);
    if (!origin) problems.push(`VITE_CASHIER_STATICS_ORIGINS has ${JSON.stringify(entry)}: expected bare origins, ${expected}`);
    return origin ?? entry;
  });

  const vaultEntry = env.VITE_CASHIER_VAULT_ORIGIN?.trim() ?? '';
  let vaultOrigin: VaultOriginSetting = DEVELOPMENT_VAULT;
  if (vaultEntry) {
    const origin = bareOrigin(vaultEntry);
    if (!origin)
      problems.push(`VITE_CASHIER_VAULT_ORIGIN is ${JSON.stringify(vaultEntry)}: expected one bare origin, ${expected}`);
    vaultOrigin = origin ?? vaultEntry;
  } else if (kind === 'production') {
    missing('VITE_CASHIER_VAULT_ORIGIN', 'the https origin of the card vault, e.g. https://vault.cashier.example.com');
  }

  const payPalEntry = env.VITE_CASHIER_PAYPAL_ORIGIN?.trim() ?? '';
  let payPalOrigin = kind === 'development' ? DEVELOPMENT_PAYPAL : undefined;
  if (payPalEntry) {
    payPalOrigin = bareOrigin(payPalEntry);
    if (!payPalOrigin) {
      problems.push(`VITE_CASHIER_PAYPAL_ORIGIN is ${JSON.stringify(payPalEntry)}: expected one bare origin, ${expected}`);
    }
  }

  const paymentsEntry = env.VITE_CASHIER_PAYMENTS_ORIGIN?.trim() ?? '';
  let paymentsOrigin = kind === 'development' ? DEVELOPMENT_PAYMENTS : undefined;
  if (paymentsEntry) {
    paymentsOrigin = bareOrigin(paymentsEntry);
    if (!paymentsOrigin) {
      problems.push(`VITE_CASHIER_PAYMENTS_ORIGIN is ${JSON.stringify(paymentsEntry)}: expected one bare origin, ${expected}`);
    }
  }

  if (problems.length > 0) throw new TypeError(`${problems.join('.\n')}.\nSee ${DEPLOY_GUIDE}.`);
  return {
    kind,
    frameUrl,
    staticsAllowlist: staticsAllowlist.length > 0 ? staticsAllowlist : 'development',
    vaultOrigin,
    ...(payPalOrigin === undefined ? {} : { payPalOrigin }),
    ...(paymentsOrigin === undefined ? {} : { paymentsOrigin }),
  };
}

/**
 * `entry`'s origin when it is a bare origin that passes `allowed` (no path, query, fragment, user or
 * wildcard: `https://*.example.com` would open the CSP to every subdomain); else undefined.
 */
function bareOriginOf(entry: string, allowed: (value: string) => boolean): string | undefined {
  const url = allowed(entry) ? new URL(entry) : undefined;
  return url !== undefined && url.href === `${url.origin}/` && !url.hostname.includes('*') ? url.origin : undefined;
}

/**
 * The build's environment: `CASHIER_BUILD` from the process, the `VITE_CASHIER_*` variables from the
 * process or, where the process has none, Vite's `.env` files in `root` (`.env`, `.env.local`,
 * `.env.production` or `.env.development`, by the kind of build).
 */
export function readBuildEnv(root: string): BuildEnv {
  const { CASHIER_BUILD } = process.env;
  const mode = CASHIER_BUILD?.trim() === 'development' ? 'development' : 'production';
  return { CASHIER_BUILD, ...loadEnv(mode, root, 'VITE_CASHIER_') };
}
