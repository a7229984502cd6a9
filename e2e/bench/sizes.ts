/**
 * The gzip size of each shipped artifact against its budget (STYLE "Build and habits": size is a
 * feature of an embedded widget). `measureSizes()` and `formatSize()` are what `npm run bench`
 * prints; run directly, this file prints the table and, with `--check`, exits 1 when an artifact
 * is over its budget or missing. Run after `npm run build`: `tsx e2e/bench/sizes.ts [--check]`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { SOURCE_LOCALE, SUPPORTED_LOCALES } from '../../shared/locales';

const dist = resolve(import.meta.dirname, '../../dist');

/**
 * What a host page runs up front of each host SDK build, gzip -9: the 5 kB. The SDK is
 * split (issue 10): the entry validates, creates the iframe, watches it and shows the alert; the
 * bridge (penpal's connect + WindowMessenger, 3.3 kB on their own, the host methods and the
 * settings cache) is fetched at the first mount, in parallel with the frame document. Issue 24
 * put `preloadCashier`'s checks in the ES entry and the `onHoldExpired` check in both: the ES
 * entry measured 5 004 B, so its budget was 5 050 B; the script tag's stayed under 5 000 B. Then
 * the mount's adoption of the warm frame (issue 24's phone target, `standbyFrames.ts`: the
 * warm-ups by options and `Element.moveBefore`), which must be in the entry because the mount
 * takes the frame at once, also while it warms up, and `onPaymentResult`'s check (issue 25): 4 967 → 5 259 B (script
 * tag) and 5 004 → 5 321 B (ES). That adoption saves the buyer the frame document, the
 * bundle's revalidation and 0.4 s or more on the phone after the tap (`npm run bench`). Then a
 * mount that lets go of a frame it adopted while still warming up ends that warm-up
 * (FRAME_RELEASED_EVENT; else `preloadCashier` never settled): 5 292 B (script tag), 5 355 B (ES).
 * Then an iframe removed from the page is named at once, not at a check a busy page runs late (a
 * MutationObserver in `watchFrame.ts`), and a frame that never loads at the grace's end, not at
 * the next check: 5 369 B (script tag), 5 431 B (ES). Then (issue 32) a resource entry ends the
 * wait of the mount whose watch began last before it, not of every mount loading the same URL
 * (the chaos run saw a later mount's frame name two loading frames dead): +74 B, 5 408 B (script tag).
 * Then mounts made in one task share their watches' start: 5 438 B. Then (issue 34 item 3) the
 * iframe's title and the SDK's own alert follow the buyer's language: their twelve languages are
 * in the bridge (see {@link SDK_BRIDGE_BUDGET}); the entry only keeps the bridge it loaded and asks
 * it to word the title and the alert when it arrives, when the alert is drawn and after an update
 * (`localize` in mountCashier.ts; createUpdate's one `onChange` in place of `onTheme` takes some
 * back), and ORDER_NOT_FOUND joins ErrorCode: measured 5 457 B (+19 B), so 5 480 B.
 */
const SDK_BUDGET = 5_480;
/**
 * The ES entry's: see {@link SDK_BUDGET}. Then the mock mode's refusal of a vault off loopback
 * imports the SDK's loopback rule, so the bundler moved that rule out of the entry into a chunk
 * the entry and `./testing` share (export names, a second file): 5 431 → 5 518 B, with no new
 * code in the entry. Then the resource entry's owner (see {@link SDK_BUDGET}): 5 560 B. Mounts
 * made in one task (5 586 B), then the words in the buyer's language and ORDER_NOT_FOUND (see
 * {@link SDK_BUDGET}): 5 611 B.
 */
const SDK_ES_BUDGET = 5_650;

/**
 * The bridge the SDK fetches at the first mount (or at `preloadCashier`). It held 7.8 kB with the
 * entry before the split; on its own it measured 5.3 kB (ES chunk) and 6.2 kB (the script tag's,
 * which carries its own copy of the shared code). Issue 24's `preloadFrame` (the hidden warm-up
 * frame, its host methods and preconnect hints) added 0.55 kB to each: the script tag's, 6 195 →
 * 6 740 B, moved the budget from 6 200 to 6 750 B (the ES chunk measures 6 050 B); its
 * `onHoldExpired` host method took the script tag's to 6 790 B, and the budget to 6 800 B. Issue
 * 25's `onPaymentResult` host method, with its check of the frame's result (`parsePayResult.ts`),
 * took it to 6 971 B, and the budget to 7 000 B. It is fetched after the page's load, never up
 * front: the budget keeps it from growing. Issue 34 item 3 put the SDK's own words in the buyer's
 * language here (`localizeMount`): the iframe's title and the technical-difficulties alert, shown
 * when the frame never loaded or was lost, in the eleven languages besides English, from the
 * frame's own catalog (shared/locales, `catalogText.ts`, and `matchLocale` to pick one). In the
 * entry they would cost every page up front; here only a page that mounts. Estimated, not measured
 * (no build could run then; zlib -9 over the compiled catalogs and the minified code): +1.3 kB for
 * the catalogs, +0.5 to 0.6 kB for the code. With the report of option names the SDK does not
 * know (`warnUnknownOptions`, with the nearest known name: here, not in the entry, so a page
 * pays for it only when it mounts) the script tag's measured 6 996 → 9 269 B (+2 273 B) and the
 * ES chunk 6 305 → 8 481 B, so 9 300 B. A per-language chunk fetched beside the frame would
 * take about 1.2 kB of it back: a candidate for the phone-speed work.
 */
const SDK_BRIDGE_BUDGET = 9_300;

/**
 * The reference bundle: 25 kB (issue "a buyer on a phone"). Issue 25's saved cards may add only
 * what deciding to load them takes: the `listCreditCards` call (its list is checked in the chunk; since, buyer info's call
 * instead, the list the chunk's),
 * the lazy import, and the saved card's token and consent in the pay path: +293 B gzip, measured
 * in the same build before and after (25 042 → 25 335 B; issue 24's card form shown before the
 * order's methods had taken the bundle from 24 988 to 25 042 B, 25 002 B once trimmed). Everything else of the saved cards is
 * {@link SAVED_CARDS_BUDGET}'s, downloaded only by a member. Issue 25's PayPal
 * likewise: the PAYPAL choice and its label, the lazy import once PAYPAL is offered, the code the
 * chunk borrows from the bundle (`PAYPAL_KIT`) and `pay`'s wait for the PayPal outcome: +331 B
 * (25 335 → 25 666 B; 25 845 B while the panel's words were in the bundle's catalogs). The panel
 * and its words are {@link PAYPAL_BUDGET}'s and {@link PAYPAL_CATALOG_BUDGET}'s. Issue 25 item 4's
 * wallets likewise: the browser's availability check (`ApplePaySession.canMakePayments()`, the
 * Payment Request API's `canMakePayment()` for Google Pay), the express payment methods read that
 * follows only where it can pay, the lazy slot and `WALLET_KIT`: +538 B (25 666 → 26 204 B, the
 * same build before and after). The buttons, flows and words are {@link WALLETS_BUDGET}'s and
 * {@link WALLETS_CATALOG_BUDGET}'s. Then buyer info instead of the cards list (-14 B) and a payment
 * made in the widget kept exactly once like a card charge (`captureInWidget`: a lost reply read
 * from the order's charges; a new mount for an order that may be paid in the widget reads them
 * before charging): 26 336 B. The wallets asked of the browser only once the order offers them
 * (the express methods read first, where a wallet API exists): 26 388 B. An order the provider
 * does not know named ORDER_NOT_FOUND, at the mount and in `update` (`orderNotFound.ts`): 26 509 B.
 */
const BUNDLE_BUDGET = 26_550;
/**
 * The saved-cards chunk (issue 25: the list's guard, the choice, the security code, remove, save; its English words): 3 662 B
 * measured; 3 721 B once it lists the cards itself and offers a member without cards the save box (buyer info: the bundle
 * asks only who the buyer is, 25 666 → 25 652 B). The bank's answer to a wrong security code or a locked card shown at
 * the field, and the card's name as bidi isolates for right-to-left languages: 3 786 B.
 */
const SAVED_CARDS_BUDGET = 3_800;
/** One language's catalog of the saved cards (issue 25): about 0.5 kB each. */
const SAVED_CARDS_CATALOG_BUDGET = 1_000;
/**
 * The PayPal chunk (issue 25: "Pay with PayPal", the popup, create, capture, cancel; its own
 * translator and English words), fetched only for an order that offers PayPal: 2 461 B measured;
 * 2 552 B once it tells the buyer an unknown outcome (a lost capture reply) instead of "nothing charged".
 */
const PAYPAL_BUDGET = 2_600;
/** One language's catalog of the PayPal panel (issue 25), fetched with the chunk: 386 to 454 B measured; 443 to 504 B with the unknown outcome's words. */
const PAYPAL_CATALOG_BUDGET = 550;
/**
 * The wallets chunk (issue 25 item 4: the Apple Pay and Google Pay buttons, their sheets' flows,
 * merchant validation, the vault's wallet token, the charge; its translator and English words),
 * fetched only for an order that offers a wallet the browser can pay with: 2 985 B measured;
 * 3 049 B with the charge kept exactly once (`captureInWidget`) and its unknown outcome's words;
 * 3 200 B with Google Pay's request built in the frame and the order's signed amount (security review L4).
 */
const WALLETS_BUDGET = 3_250;
/** One language's catalog of the wallet buttons (issue 25 item 4), fetched with the chunk: 408 to 479 B measured; 432 to 513 B with the unknown outcome's words. */
const WALLETS_CATALOG_BUDGET = 550;

/** One language's catalog of the bundle, fetched when a buyer's language is not English (issue 23 item 6). */
const CATALOG_BUDGET = 3_000;

/** Where an artifact's bytes are: files under dist/, or the scripts written inline in an HTML file (not the import map). */
type Part = { file: string } | { inlineScriptsOf: string };

/**
 * Budgets in bytes, gzip level 9 (issue "a buyer on a phone"). The frame's bootstrap script is
 * what stands before the settings request; React (about 68 kB) is the frame's one copy, offered
 * to bundles, so the reference bundle carries none. The demo total is what a buyer downloads
 * for the widget: host SDK (script tag), frame app and bundle.
 */
const artifacts = () => {
  const sdk: Part[] = [{ file: 'host-sdk/cashier.iife.js' }];
  const sdkBridge = filesUnder('host-sdk', /^cashier-bridge-[\w-]+\.js$/);
  const frame: Part[] = [{ inlineScriptsOf: 'frame-app/index.html' }, ...jsUnder('frame-app')];
  const bundle: Part[] = [{ file: 'cashier-widget/cashier-widget-lazy-component.bundle.min.js' }];
  const otherLocales = SUPPORTED_LOCALES.filter((l) => l !== SOURCE_LOCALE);
  return [
    { name: 'host SDK, script-tag build (cashier.iife.js)', parts: sdk, budget: SDK_BUDGET },
    {
      name: 'host SDK, script tag: its bridge, fetched after the page loads (cashier-bridge-*.js)',
      parts: sdkBridge,
      budget: SDK_BRIDGE_BUDGET,
    },
    {
      name: 'host SDK, ES module (index.js and the chunks it imports at once)',
      parts: withStaticImports('host-sdk/index.js'),
      budget: SDK_ES_BUDGET,
    },
    {
      name: 'host SDK, ES module: its bridge chunk (bridge-*.js)',
      parts: filesUnder('host-sdk', /^bridge-[\w-]+\.js$/),
      budget: SDK_BRIDGE_BUDGET,
    },
    { name: 'frame script before the settings request (inline in index.html)', parts: frame.slice(0, 1), budget: 35_000 },
    // 99 964 B, then 100 557 B: the frame tells the host a request's own failure (a provider that
    // answered 404 ORDER_NOT_FOUND, or 503) where it had only BUNDLE_CRASHED (`trackRequests.ts`),
    // and its document's title in the buyer's language (`applyLocale`), both in the inline script.
    { name: 'frame app JS in all (inline script + *.js, React included)', parts: frame, budget: 100_700 },
    { name: 'bundle, minified (React from the frame)', parts: bundle, budget: BUNDLE_BUDGET },
    {
      name: 'saved cards (issue 25), fetched only for a member, with or without saved cards (saved-cards-savedCards-*.js, English inside)',
      parts: filesUnder('cashier-widget', /^saved-cards-savedCards-[\w-]+\.js$/),
      budget: SAVED_CARDS_BUDGET,
    },
    {
      name: 'PayPal (issue 25), fetched only for an order that offers PayPal (paypal-*.js, English inside)',
      parts: filesUnder('cashier-widget', new RegExp(`^paypal-(?!(?:${otherLocales.join('|')})-)[\\w-]+\\.js$`)),
      budget: PAYPAL_BUDGET,
    },
    {
      name: 'wallets (issue 25 item 4), fetched only where the order offers a wallet the browser can pay with (wallets-*.js, English inside)',
      parts: filesUnder('cashier-widget', new RegExp(`^wallets-(?!(?:${otherLocales.join('|')})-)[\\w-]+\\.js$`)),
      budget: WALLETS_BUDGET,
    },
    // The languages but English, each fetched only when chosen (issue 23: at most 3 kB each).
    ...SUPPORTED_LOCALES.filter((l) => l !== SOURCE_LOCALE).map((locale) => ({
      name: `bundle's ${locale} catalog (catalog-${locale}-*.js)`,
      parts: filesUnder('cashier-widget', new RegExp(`^catalog-${locale}-[\\w-]+\\.js$`)),
      budget: CATALOG_BUDGET,
    })),
    // The saved cards' words in each language but English, fetched with them (issue 25).
    ...SUPPORTED_LOCALES.filter((l) => l !== SOURCE_LOCALE).map((locale) => ({
      name: `saved cards' ${locale} catalog (saved-cards-${locale}-*.js)`,
      parts: filesUnder('cashier-widget', new RegExp(`^saved-cards-${locale}-[\\w-]+\\.js$`)),
      budget: SAVED_CARDS_CATALOG_BUDGET,
    })),
    // The wallet buttons' words in each language but English, fetched with their chunk (issue 25 item 4).
    ...otherLocales.map((locale) => ({
      name: `wallets' ${locale} catalog (wallets-${locale}-*.js)`,
      parts: filesUnder('cashier-widget', new RegExp(`^wallets-${locale}-[\\w-]+\\.js$`)),
      budget: WALLETS_CATALOG_BUDGET,
    })),
    // The PayPal panel's words in each language but English, fetched with its chunk (issue 25).
    ...otherLocales.map((locale) => ({
      name: `PayPal's ${locale} catalog (paypal-${locale}-*.js)`,
      parts: filesUnder('cashier-widget', new RegExp(`^paypal-${locale}-[\\w-]+\\.js$`)),
      budget: PAYPAL_CATALOG_BUDGET,
    })),
    {
      // The demo checkout page itself is not the widget: since issue 24 it is a React app that
      // bundles React (about 60 kB of its size), the SDK's React entry and the page's components.
      // Measured at 94.3 kB gzip (issue 24); the budget leaves a small margin, so the page cannot grow
      // unnoticed. The SDK, frame and bundle keep their own budgets above.
      name: 'demo checkout page (dist/demo/demo.js, its chunks and the SDK bridge; React included)',
      parts: [...withStaticImports('demo/demo.js'), ...filesUnder('demo/chunks', /^bridge-[\w-]+\.js$/)],
      budget: 100_000,
    },
    {
      name: 'all JS a buyer downloads for the demo widget (SDK + frame + bundle)',
      parts: [...sdk, ...sdkBridge, ...frame, ...bundle],
      // 130 kB until issue 23, which added about 5.5 kB: Lingui's runtime, the English catalog and
      // the billing fields in the bundle (which stays inside its own 25 kB), and the alert in
      // twelve languages in the frame. A buyer in another language fetches one catalog more.
      // Issue 24's preload (+967 B: the SDK entry's preloadCashier, the bridge's preloadFrame, the
      // frame's preload mode) and the seat hold (+215 B: the countdown in the bundle, which its
      // savings kept inside its 25 kB, and onHoldExpired in the SDK) moved it from 136 000 to
      // 136 600 B (135 331 → 136 513 B measured). The mount's adoption of the warm frame (+249 B in
      // the SDK entry), the card form before the order's methods (+14 B in the bundle) and
      // `onPaymentResult` (+180 B, mostly the bridge's check of the frame's result): 137 022 B.
      // Issue 25's saved cards added the bundle's 293 B (the chunk itself only for a member),
      // PayPal the bundle's 331 B (its chunk and words only for an order that offers PayPal): 137 686 B.
      // Adopting a frame that is still warming up (+58 B in the SDK entry): 137 744 B.
      // Issue 25 item 4's wallet availability check in the bundle (+538 B), and the bundle's
      // exactly-once for payments made in the widget (captureInWidget, +132 B): 138 486 B; the
      // wallets asked of the browser only once the order offers them: 138 538 B. The SDK's watch
      // naming a removed iframe at once and a dead frame at the grace's end (+79 B): 138 624 B.
      // The PayPal approval origin fixed when the frame is built (+67 B in the frame, its
      // development rule sharing the vault's), the pinned bundle's check, the SDK's loopback rule
      // in a chunk of its own (see SDK_ES_BUDGET): 138 767 B. The resource entry's owner in the
      // SDK's watch (see SDK_BUDGET, +74 B): 138 832 B. The SDK's words in the buyer's language
      // and its report of unknown option names (+2 273 B in the bridge, see SDK_BRIDGE_BUDGET),
      // the frame's title and its requests' own failures (+593 B), ORDER_NOT_FOUND in the bundle
      // (+75 B): 141 792 B.
      budget: 141_850,
    },
  ];
};

/** One artifact's measurement; `gzip` and `raw` are undefined when a file is missing. */
export interface ArtifactSize {
  name: string;
  budget: number;
  gzip?: number;
  raw?: number;
}

function jsUnder(dir: string): Part[] {
  return filesUnder(dir, /\.js$/);
}

/**
 * `file` (under dist/) and every chunk it imports statically, transitively: what a page runs when
 * it imports the entry (`import("…")` chunks, the bridge, are not followed).
 */
function withStaticImports(file: string): Part[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path) || !existsSync(join(dist, path))) return;
    seen.add(path);
    for (const [, chunk] of readFileSync(join(dist, path), 'utf8').matchAll(/from\s*["'](\.\/[^"']+)["']/g)) {
      visit(join(dirname(path), chunk ?? ''));
    }
  };
  visit(file);
  return [...seen].map((f) => ({ file: f }));
}

/** The files in `dist/<dir>` whose names match; none when the folder is missing (the row then reads missing). */
function filesUnder(dir: string, name: RegExp): Part[] {
  const full = join(dist, dir);
  return existsSync(full)
    ? readdirSync(full)
        .filter((f) => name.test(f))
        .map((f) => ({ file: join(dir, f) }))
    : [];
}

/** The bytes of one part, each inline script on its own; undefined when missing. */
function partBytes(part: Part): Buffer[] | undefined {
  const path = join(dist, 'file' in part ? part.file : part.inlineScriptsOf);
  if (!existsSync(path)) return undefined;
  if ('file' in part) return [readFileSync(path)];
  const scripts = [...readFileSync(path, 'utf8').matchAll(/<script(?: type="module")?>([\s\S]*?)<\/script>/g)];
  return scripts.length > 0 ? scripts.map((m) => Buffer.from(m[1] ?? '')) : undefined;
}

/** Measures every artifact in dist/ (gzip level 9 and raw bytes). Reads the files now, so run it after the build. */
export function measureSizes(): ArtifactSize[] {
  return artifacts().map((a) => {
    const bytes = a.parts.map(partBytes);
    if (a.parts.length === 0 || bytes.some((b) => b === undefined)) return { name: a.name, budget: a.budget };
    const files = bytes.flatMap((b) => b ?? []);
    const raw = files.reduce((n, b) => n + b.length, 0);
    const gzip = files.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
    return { name: a.name, budget: a.budget, gzip, raw };
  });
}

/** True when the artifact is missing or over its budget. */
export function isOver(size: ArtifactSize): boolean {
  return size.gzip === undefined || size.gzip > size.budget;
}

/** One line of the table, e.g. `bundle, minified: 80.1 kB gzip (250.2 kB raw), budget 95.0 kB: ok`. */
export function formatSize(size: ArtifactSize): string {
  if (size.gzip === undefined || size.raw === undefined) return `${size.name}: missing — run npm run build`;
  const verdict = size.gzip > size.budget ? 'OVER BUDGET' : 'ok';
  return `${size.name}: ${(size.gzip / 1000).toFixed(1)} kB gzip (${(size.raw / 1000).toFixed(1)} kB raw), budget ${(size.budget / 1000).toFixed(1)} kB: ${verdict}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const sizes = measureSizes();
  for (const size of sizes) console.log(formatSize(size));
  const over = sizes.filter(isOver).length;
  if (process.argv.includes('--check') && over > 0) {
    console.error(`${over} artifact(s) over budget or missing`);
    process.exit(1);
  }
}
