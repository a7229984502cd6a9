import { DEVELOPMENT_VAULT } from '../../shared/vault';
import { developmentVaultOrigin } from './developmentVaultOrigin';
import { type FrameBuild, readFrameBuild } from './frameBuild';
import { MOCK_BUNDLE_SOURCE } from './mockBundle';

/** The app instance token the mock provider accepts when `appInstances` is not given. */
export const MOCK_APP_INSTANCE = 'mock-app-instance';

/**
 * Fault switches of the mock provider. Each stays on until `setFaults` replaces
 * them; what the site sees is in docs/integration.md "Mock mode".
 */
export interface MockFaults {
  /**
   * The widget settings call answers this HTTP status (400–599) with an application error body.
   * 500: the client retries, then `onCrash` gets SETTINGS_LOAD_FAILED (`details.causeCode`
   * HTTP_SERVER_ERROR).
   */
  settingsStatus?: number;
  /**
   * Every API request answers 401 UNAUTHORIZED (the app instance token refused): the frame asks the
   * host's `revalidateAppInstance` for a new token, and without one the request fails UNAUTHORIZED
   * (the settings call: SETTINGS_LOAD_FAILED, `causeCode` UNAUTHORIZED).
   */
  unauthorized?: boolean;
  /** Card tokenization and charges answer 403 CAPTCHA_REQUIRED: `pay` rejects with CAPTCHA_ERROR. */
  captcha?: boolean;
  /** Every card charge is DECLINED with this `declineCode` (e.g. `"card_declined"`), whatever the card. */
  decline?: string | false;
  /** Every API reply waits this many milliseconds (0–600 000) first: a slow provider (`onSlow` past 10 000 ms). */
  delayMs?: number;
}

/** Options of `createMockProvider`. */
export interface MockProviderOptions {
  /**
   * The provider base URL the site passes to `mountCashier` as `host`, e.g.
   * `"http://127.0.0.1:4999"`: absolute http(s), no query or fragment. Nothing needs to listen
   * there: the handlers answer every request to it.
   */
  host: string;
  /**
   * `widgetStaticsBaseUrl` of the widget settings, where the handlers serve the bundle. It must
   * pass the frame build's statics allowlist. Default: on that allowlist, as the build records it
   * (`readFrameBuild(frameDir)`): a development build (`npm run build:dev`, any loopback origin)
   * `${host}/statics`; a production build `${first allowlisted origin}/cashier-mock` (nothing
   * needs to listen there: the handlers answer it).
   */
  staticsBaseUrl?: string;
  /**
   * The card vault's origin as the frame under test was built with it (card data goes there and
   * nowhere else): a bare http(s) origin. The handlers answer card
   * tokenization there, and only there. Default: the frame build's own (`readFrameBuild(frameDir)`):
   * a production build's `VITE_CASHIER_VAULT_ORIGIN`, or for a development build
   * `developmentVaultOrigin` of its compiled frame URL (its host name, two ports up). A development
   * frame served at another URL needs `developmentVaultOrigin(thatUrl)` here.
   */
  vaultOrigin?: string;
  /**
   * The built frame app whose record (`.vite/cashier-frame.json`) gives the defaults of
   * `vaultOrigin` and `staticsBaseUrl`; default the package's own `dist/frame-app`, as for
   * `frameAppHandlers`. Read only when one of them is left out.
   */
  frameDir?: string;
  /**
   * The frame's origin (a bare http(s) origin), for the 3-D Secure challenge page the handlers serve
   * at `vaultOrigin`: it shows its buttons only inside a frame of this origin and posts its message
   * there. Default: the origin of the frame build's compiled `frameUrl` (`readFrameBuild(frameDir)`),
   * where `frameAppHandlers()` serves the frame by default. With no build and no `frameOrigin`, the
   * challenge page answers 500 naming this option.
   */
  frameOrigin?: string;
  /**
   * The origins of the site pages that embed the widget in the tests, for the challenge page's
   * `frame-ancestors` (a browser checks it against every ancestor, the site page too). Default:
   * any (`*`); the page still shows its buttons only inside the frame.
   */
  pageOrigins?: readonly string[];
  /** Accepted app instance tokens (`configuration.appInstance`); default `[MOCK_APP_INSTANCE]`. */
  appInstances?: readonly string[];
  /** The bundle's ES module text, served under `staticsBaseUrl`; default the tiny reference bundle (`MOCK_BUNDLE_SOURCE`). */
  bundleSource?: string;
  /** Fault switches to start with; default none. See {@link MockFaults}. */
  faults?: MockFaults;
}

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

/** Where the mock serves the bundle on a production frame's first allowlisted statics origin. */
export const MOCK_STATICS_PATH = '/cashier-mock';

/**
 * The defaults the frame build in `frameDir` gives (its record, read at most once): the vault
 * origin it sends card data to, and a statics base URL on its allowlist (development: `${host}/statics`;
 * production: the first allowlisted origin + {@link MOCK_STATICS_PATH}).
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
    /** The frame build's frame origin, or undefined without a readable build (the challenge page then says so). */
    frameOrigin(): string | undefined {
      try {
        return new URL(read('frameOrigin').frameUrl).origin;
      } catch {
        return undefined;
      }
    },
    staticsBaseUrl(): string {
      const { staticsAllowlist } = read('staticsBaseUrl');
      return staticsAllowlist === 'development' ? `${host}/statics` : `${staticsAllowlist[0]}${MOCK_STATICS_PATH}`;
    },
  };
}

/**
 * Checks and completes the options of `createMockProvider`; `vaultOrigin` and `staticsBaseUrl`
 * default from the frame build's record (`readFrameBuild(frameDir)`).
 * @throws TypeError naming the option.
 */
export function checkOptions(
  options: unknown,
): Required<Omit<MockProviderOptions, 'frameDir' | 'frameOrigin'>> & { frameOrigin: string | undefined } {
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
  const staticsBaseUrl = baseUrl(o.staticsBaseUrl ?? defaults.staticsBaseUrl(), 'staticsBaseUrl');
  const frameOrigin = o.frameOrigin === undefined ? defaults.frameOrigin() : bareOrigin(o.frameOrigin, 'frameOrigin');
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
  return {
    host,
    staticsBaseUrl,
    vaultOrigin,
    frameOrigin,
    pageOrigins: [...pageOrigins],
    appInstances: [...appInstances],
    bundleSource: o.bundleSource ?? MOCK_BUNDLE_SOURCE,
    faults: checkFaults(o.faults ?? {}, 'createMockProvider'),
  };
}
