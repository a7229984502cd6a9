import { describeHoldPolicyProblem, parseSavedCardList, type StoredSavedCard } from '../provider/store';
import { isLoopbackHostname } from '../shared/isHttpsOrLoopback';
import {
  DEFAULT_LOCAL_PAYMENT_TIMINGS,
  describeLocalPaymentTimingsProblem,
  type LocalPaymentTimings,
} from '../shared/localPayments';
import { DEFAULT_HOLD_EXTENSIONS, DEFAULT_HOLD_GRACE_MS, DEFAULT_HOLD_SECONDS, isHoldSeconds } from '../shared/orderSetup';
import { DEVELOPMENT_PAYPAL, resolvePayPalOrigin } from '../shared/payPalOrigin';
import { DEVELOPMENT_VAULT, developmentOrigin } from '../shared/vault';
import type { WalletType } from '../shared/wallets';
import { developmentVaultOrigin } from './developmentVaultOrigin';
import { type FrameBuild, readFrameBuild } from './frameBuild';
import { MOCK_BUNDLE_SOURCE } from './mockBundle';
import { MOCK_APP_INSTANCE, type MockFaults, type MockProviderOptions } from './mockProviderTypes';

const FAULT_TYPES: Record<keyof MockFaults, string> = {
  settingsStatus: 'an HTTP status 400–599',
  unauthorized: 'a boolean',
  captcha: 'a boolean',
  decline: 'a non-empty decline code string or false',
  delayMs: 'milliseconds, a whole number 0–600000',
};

const FAULT_CHECKS: Record<keyof MockFaults, (v: unknown) => boolean> = {
  settingsStatus: (v) => Number.isInteger(v) && (v as number) >= 400 && (v as number) <= 599,
  unauthorized: (v) => typeof v === 'boolean',
  captcha: (v) => typeof v === 'boolean',
  decline: (v) => v === false || (typeof v === 'string' && v.length > 0),
  delayMs: (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 600_000,
};

const show = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v.slice(0, 100)) : String(v));

/**
 * Checks fault switches; `where` names the call in the message.
 * @throws TypeError naming the switch (`faults.delayMs`, …) when unknown or of the wrong type.
 */
export function checkFaults(faults: unknown, where: string): MockFaults {
  if (typeof faults !== 'object' || faults === null || Array.isArray(faults)) {
    throw new TypeError(`${where}: faults must be an object of fault switches, got ${show(faults)}.`);
  }
  for (const [name, value] of Object.entries(faults)) {
    if (!Object.hasOwn(FAULT_CHECKS, name)) {
      throw new TypeError(`${where}: faults.${name} is not a fault switch (${Object.keys(FAULT_CHECKS).join(', ')}).`);
    }
    const key = name as keyof MockFaults;
    if (value !== undefined && !FAULT_CHECKS[key](value)) {
      throw new TypeError(`${where}: faults.${name} must be ${FAULT_TYPES[key]}, got ${show(value)}.`);
    }
  }
  return { ...(faults as MockFaults) };
}

/** An absolute http(s) URL with no query or fragment, without its trailing slashes; else a TypeError naming `name`. */
function baseUrl(value: unknown, name: string): string {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new TypeError(
      `createMockProvider: ${name} must be an absolute http(s) URL without query or fragment, got ${show(value)}.`,
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** `value` when it is a bare http(s) origin (no path, query or fragment); else a TypeError naming `name`. */
function bareOrigin(value: unknown, name: string): string {
  const url = baseUrl(value, name);
  if (url !== new URL(url).origin) {
    throw new TypeError(`createMockProvider: ${name} must be a bare origin (no path), got ${show(value)}.`);
  }
  return url;
}

/**
 * The returning buyer's cards as checked (the reference provider's own parser, provider/store/savedCards.ts),
 * or undefined for a guest (`returningBuyer` left out).
 * @throws TypeError naming `returningBuyer`, `returningBuyer.savedCards` or the field of the card that does not fit.
 */
function checkReturningBuyer(value: unknown): StoredSavedCard[] | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`createMockProvider: returningBuyer must be an object ({ savedCards? }), got ${show(value)}.`);
  }
  const { savedCards = [], ...rest } = value as { savedCards?: unknown };
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) throw new TypeError(`createMockProvider: returningBuyer.${extra} is not an option (savedCards).`);
  let cards: StoredSavedCard[];
  try {
    cards = parseSavedCardList(savedCards);
  } catch (error) {
    const why = (error as Error).message;
    const named = why.startsWith('cards[') ? `returningBuyer.savedC${why.slice(1)}` : `returningBuyer.savedCards must be a list.`;
    throw new TypeError(`createMockProvider: ${named} Each is { id?, brand, last4, expiryMonth, expiryYear, primary? }.`);
  }
  const primaries = cards.filter((c) => c.primary).length;
  if (primaries > 1)
    throw new TypeError(`createMockProvider: returningBuyer.savedCards has ${primaries} primary cards; at most one.`);
  const ids = cards.map((c) => c.id);
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice !== undefined) throw new TypeError(`createMockProvider: returningBuyer.savedCards has the id ${show(twice)} twice.`);
  return cards;
}

/**
 * Where the mock serves the bundle on a production frame's first allowlisted statics origin when its
 * record names no bundle folder (a build older than the pins of security review M2).
 */
export const MOCK_STATICS_PATH = '/cashier-mock';

/**
 * The defaults the frame build in `frameDir` gives (its record, read at most once): the vault
 * origin it sends card data to, and a statics base URL on its allowlist (development: `${host}/statics`;
 * production: the first allowlisted origin + the bundle folder the build pins, `staticsPath`).
 * @throws TypeError naming the option when the build, its record or (development) its frame URL's port is missing.
 */
function buildDefaults(frameDir: string | undefined, host: string) {
  let build: FrameBuild | undefined;
  const read = (option: string): FrameBuild => {
    try {
      build ??= readFrameBuild(frameDir);
      return build;
    } catch (error) {
      throw new TypeError(
        `createMockProvider: ${option} is required when no built frame app tells it (${(error as Error).message})`,
      );
    }
  };
  return {
    vaultOrigin(): string {
      const { vaultOrigin, frameUrl } = read('vaultOrigin');
      if (vaultOrigin !== DEVELOPMENT_VAULT) return vaultOrigin;
      try {
        return developmentVaultOrigin(frameUrl);
      } catch (error) {
        throw new TypeError(`createMockProvider: vaultOrigin is required here: ${(error as Error).message}`);
      }
    },
    /** The frame build's PayPal approval origin, or undefined without a readable build or one without it. */
    payPalOrigin(): string | undefined {
      try {
        const { payPalOrigin, frameUrl } = read('payPalOrigin');
        return payPalOrigin === DEVELOPMENT_PAYPAL ? resolvePayPalOrigin(payPalOrigin, new URL(frameUrl)) : payPalOrigin;
      } catch {
        return undefined;
      }
    },
    /**
     * The frame build's payments origin (its record's `paymentsOrigin`; `'development'`: the frame's
     * host name one port up, as the development provider serves the pages), or undefined without a
     * readable build or one that records none.
     */
    paymentsOrigin(): string | undefined {
      try {
        const { paymentsOrigin, frameUrl } = read('paymentsOrigin');
        return paymentsOrigin === 'development' ? developmentOrigin(new URL(frameUrl), 1) : paymentsOrigin;
      } catch {
        return undefined;
      }
    },
    /** The frame build's frame origin, or undefined without a readable build (the challenge page then says so). */
    frameOrigin(): string | undefined {
      try {
        return new URL(read('frameOrigin').frameUrl).origin;
      } catch {
        return undefined;
      }
    },
    staticsBaseUrl(): string {
      const { staticsAllowlist, staticsPath } = read('staticsBaseUrl');
      if (staticsAllowlist === 'development') return `${host}/statics`;
      return `${staticsAllowlist[0]}${staticsPath?.replace(/\/$/, '') ?? MOCK_STATICS_PATH}`;
    },
  };
}

/**
 * Checks and completes the options of `createMockProvider`; `vaultOrigin` and `staticsBaseUrl`
 * default from the frame build's record (`readFrameBuild(frameDir)`), `holdExtensions` and
 * `holdGraceMs` from the reference provider's defaults (2 × 300 s, 900 000 ms).
 * @throws TypeError naming the option.
 */
export function checkOptions(options: unknown): Required<
  Omit<MockProviderOptions, 'frameDir' | 'frameOrigin' | 'returningBuyer' | 'allowRemoteVault' | 'localPayments'>
> & {
  frameOrigin: string | undefined;
  /** The local payments' timings when `localPayments` is on (the reference provider's, overridden); undefined: off. */
  localPayments: LocalPaymentTimings | undefined;
  /** The returning buyer's cards; undefined for a guest. */
  savedCards: StoredSavedCard[] | undefined;
} {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`createMockProvider: options must be an object with host, got ${show(options)}.`);
  }
  const o = options as Partial<MockProviderOptions>;
  const host = baseUrl(o.host, 'host');
  if (o.frameDir !== undefined && typeof o.frameDir !== 'string') {
    throw new TypeError(`createMockProvider: frameDir must be the built frame app's folder, got ${show(o.frameDir)}.`);
  }
  const defaults = buildDefaults(o.frameDir, host);
  const vaultOrigin = bareOrigin(o.vaultOrigin ?? defaults.vaultOrigin(), 'vaultOrigin');
  if (o.allowRemoteVault !== undefined && typeof o.allowRemoteVault !== 'boolean') {
    throw new TypeError(`createMockProvider: allowRemoteVault must be a boolean, got ${show(o.allowRemoteVault)}.`);
  }
  if (!isLoopbackHostname(new URL(vaultOrigin).hostname) && o.allowRemoteVault !== true) {
    throw new TypeError(
      `createMockProvider: vaultOrigin ${JSON.stringify(vaultOrigin)} is not on loopback (localhost or 127.0.0.1): a request that slipped past the handlers would take test cards and MOCK_APP_INSTANCE to that real vault. Test against a development frame build (npm run build:dev), or pass allowRemoteVault: true when every request of the browser is answered by the handlers or refused (docs/integration.md "Mock mode").`,
    );
  }
  const staticsBaseUrl = baseUrl(o.staticsBaseUrl ?? defaults.staticsBaseUrl(), 'staticsBaseUrl');
  const frameOrigin = o.frameOrigin === undefined ? defaults.frameOrigin() : bareOrigin(o.frameOrigin, 'frameOrigin');
  const payPalOrigin = bareOrigin(o.payPalOrigin ?? defaults.payPalOrigin() ?? new URL(host).origin, 'payPalOrigin');
  // As the reference provider: its own origin serves the PayPal page and the local methods' pages alike.
  const paymentsOrigin = bareOrigin(o.paymentsOrigin ?? defaults.paymentsOrigin() ?? payPalOrigin, 'paymentsOrigin');
  const pageOrigins = o.pageOrigins ?? ['*'];
  if (!Array.isArray(pageOrigins) || pageOrigins.length === 0) {
    throw new TypeError('createMockProvider: pageOrigins must be a non-empty array of http(s) origins.');
  }
  for (const origin of pageOrigins) if (origin !== '*') bareOrigin(origin, 'pageOrigins');
  const appInstances = o.appInstances ?? [MOCK_APP_INSTANCE];
  if (
    !Array.isArray(appInstances) ||
    appInstances.length === 0 ||
    !appInstances.every((t) => typeof t === 'string' && t !== '')
  ) {
    throw new TypeError('createMockProvider: appInstances must be a non-empty array of non-empty strings.');
  }
  if (o.bundleSource !== undefined && (typeof o.bundleSource !== 'string' || o.bundleSource === '')) {
    throw new TypeError('createMockProvider: bundleSource must be the non-empty text of an ES module exporting mount.');
  }
  if (o.holdSeconds !== undefined && !isHoldSeconds(o.holdSeconds)) {
    throw new TypeError(
      `createMockProvider: holdSeconds must be a whole number of seconds from 1 to 3600, got ${show(o.holdSeconds)}.`,
    );
  }
  // The reference provider's own check of its hold policy (createProviderApp, /__control/holds): the message names the field.
  const holdPolicyProblem = describeHoldPolicyProblem({
    ...(o.holdExtensions === undefined ? {} : { holdExtensions: o.holdExtensions }),
    ...(o.holdGraceMs === undefined ? {} : { holdGraceMs: o.holdGraceMs }),
  });
  if (holdPolicyProblem) throw new TypeError(`createMockProvider: ${holdPolicyProblem}`);
  if (o.now !== undefined && typeof o.now !== 'function') {
    throw new TypeError(`createMockProvider: now must be a function returning a Date, got ${show(o.now)}.`);
  }
  if (o.payPal !== undefined && typeof o.payPal !== 'boolean') {
    throw new TypeError(`createMockProvider: payPal must be a boolean (offer PayPal for every order), got ${show(o.payPal)}.`);
  }
  const wallets: unknown = o.wallets ?? [];
  if (
    !Array.isArray(wallets) ||
    !wallets.every((w, i) => (w === 'APPLE_PAY' || w === 'GOOGLE_PAY') && wallets.indexOf(w) === i)
  ) {
    throw new TypeError(
      `createMockProvider: wallets must be a list of 'APPLE_PAY' and/or 'GOOGLE_PAY', each at most once, got ${Array.isArray(wallets) ? JSON.stringify(wallets).slice(0, 100) : show(wallets)}.`,
    );
  }
  const savedCards = checkReturningBuyer(o.returningBuyer);
  const localPayments = checkLocalPayments(o.localPayments);
  return {
    host,
    staticsBaseUrl,
    vaultOrigin,
    payPalOrigin,
    paymentsOrigin,
    frameOrigin,
    pageOrigins: [...pageOrigins],
    appInstances: [...appInstances],
    bundleSource: o.bundleSource ?? MOCK_BUNDLE_SOURCE,
    faults: checkFaults(o.faults ?? {}, 'createMockProvider'),
    holdSeconds: o.holdSeconds ?? DEFAULT_HOLD_SECONDS,
    holdExtensions: { ...(o.holdExtensions ?? DEFAULT_HOLD_EXTENSIONS) },
    holdGraceMs: o.holdGraceMs ?? DEFAULT_HOLD_GRACE_MS,
    now: o.now ?? (() => new Date()),
    savedCards,
    payPal: o.payPal ?? false,
    wallets: [...(wallets as WalletType[])],
    localPayments,
  };
}

/**
 * The local payments' timings `localPayments` asks for (`true`: the reference provider's; an object
 * overrides some, checked by the reference provider's own rule, shared/localPayments.ts), or undefined when left out.
 * @throws TypeError naming `localPayments` or its field.
 */
function checkLocalPayments(value: unknown): LocalPaymentTimings | undefined {
  if (value === undefined) return undefined;
  if (value === true) return { ...DEFAULT_LOCAL_PAYMENT_TIMINGS };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(
      `createMockProvider: localPayments must be true or { pendingSettleMs?, blikApproveMs?, blikExpiryMs? } (leave it out for none), got ${show(value)}.`,
    );
  }
  const problem = describeLocalPaymentTimingsProblem(value);
  if (problem) throw new TypeError(`createMockProvider: localPayments.${problem}`);
  return { ...DEFAULT_LOCAL_PAYMENT_TIMINGS, ...(value as Partial<LocalPaymentTimings>) };
}
