import { CallOptions } from 'penpal';
import {
  type ApiCallResult,
  BOOTSTRAP_CALL_TIMEOUT_MS,
  CashierError,
  type CashierUpdate,
  describeForeignError,
  ErrorCode,
  epochNow,
  renderAlert,
  resolvePayPalOrigin,
  resolveVaultOrigin,
} from '../../shared';
import { alertText } from '../../shared/catalogText';
import { resolvePaymentsOrigin } from '../../shared/paymentsOrigin';
import type { AppearanceController } from './appearance/applyAppearance';
import { applyLocale } from './applyLocale';
import { connectToHost } from './connectToHost';
import { createApiRelay, toSerialized } from './createApiRelay';
import { createHostPort } from './createHostPort';
import { createLoader, type Loader, type LoaderState } from './createLoader';
import { FRAME_APPEARANCE_SPECIFIER, SHARED_REACT_SPECIFIERS } from './frameModules';
import { type ImmediateWindow, installSetImmediate } from './installSetImmediate';
import { loadBundle } from './loadBundle';
import { observeHeight } from './observeHeight';
import { parseBootstrap, parseUpdate } from './parseBootstrap';
import { preloadWidget } from './preloadWidget';
import { resolveParentOrigin } from './resolveParentOrigin';

// The frame app's entry, inlined into index.html at build time (the critical path: nothing but
// the frame document stands before the settings request). Confirm who embeds us, connect, ask
// for the widget inputs, load. React is not part of it: the frame offers its React to bundles
// through the import map, preloaded in parallel, and shows its one element, the alert, itself.

const frameLoadedAt = epochNow();
// Before any React is evaluated: its scheduler must keep running after the back/forward cache.
installSetImmediate(window as unknown as ImmediateWindow);
const rootElement = document.getElementById('root') as HTMLElement;
const container = document.getElementById('cashier-widget') as HTMLElement;
const showState = (state: LoaderState) => {
  document.documentElement.dataset.loaderState = state.status;
};

/** Shows the alert when we cannot even reach the host (no one to tell through onCrash). */
function failAlone(error: CashierError, theme = 'inline') {
  showState({ status: 'failed', error });
  renderAlert(rootElement, theme);
}

const allowlist = import.meta.env.CASHIER_STATICS_ALLOWLIST;
const pinnedBundles = import.meta.env.CASHIER_PINNED_BUNDLES;
/** Evaluates the frame's React (preloaded) while the settings request is in flight, not after the bundle arrives. */
const whileFetching = () => {
  import(/* @vite-ignore */ SHARED_REACT_SPECIFIERS[0]).catch(() => undefined);
};

/**
 * The frame's appearance (issue 35), imported at its first use: a mount or an update with an
 * `appearance` or `fonts`. One per document: its font policy and fonts outlive a warm-up's life.
 */
let appearanceModule: Promise<AppearanceController> | undefined;
const frameAppearance = () =>
  (appearanceModule ??= import(/* @vite-ignore */ FRAME_APPEARANCE_SPECIFIER).then(
    ({ createAppearance }: typeof import('./appearance/applyAppearance')) =>
      createAppearance({ document, matchMedia: (query) => matchMedia(query), FontFace: window.FontFace }),
  ));

/**
 * One life of the frame: connect to the host, take the widget inputs, load. A warm-up frame
 * (`preload`, issue 24) warms the caches, then runs again as `standby`: it waits on
 * STANDBY_CHANNEL for a mount to adopt it (`Element.moveBefore`), with its React and bundle here.
 */
async function run(standby = false) {
  let parentOrigin: string;
  try {
    parentOrigin = resolveParentOrigin({
      search: location.search,
      ancestorOrigins: location.ancestorOrigins,
      referrer: document.referrer,
      framed: window.parent !== window,
    });
  } catch (error) {
    failAlone(error instanceof CashierError ? error : new CashierError(ErrorCode.ParentOriginMismatch, String(error)));
    return;
  }

  const relay = createApiRelay();
  let loader: Loader | undefined;
  /** Updates that came before the widget inputs (issue 13); the inputs already hold them, kept to be sure. */
  let early: CashierUpdate = {};
  /** The appearance applied last (a change of `fonts` alone keeps it). */
  let appearance: unknown;
  const update = async (changes: unknown): Promise<ApiCallResult> => {
    try {
      const { appearance: newAppearance, fonts, ...parsed } = parseUpdate(changes);
      const styling = newAppearance !== undefined || fonts !== undefined;
      if (styling && loader) {
        // Applied here, in the frame's own document: the bundle and what the buyer typed are untouched.
        // A value the frame refuses: INVALID_ARGUMENT with the TypeError's words, nothing changed.
        const controller = await frameAppearance();
        try {
          controller.apply(newAppearance ?? appearance, fonts, 'update: changes');
        } catch (refused) {
          throw new CashierError(ErrorCode.InvalidArgument, refused instanceof Error ? refused.message : String(refused));
        }
        appearance = newAppearance ?? appearance;
      }
      if (!loader) early = { ...early, ...parsed, ...(styling ? styleChanges(newAppearance, fonts) : {}) };
      else if (Object.keys(parsed).length > 0) await loader.update(parsed);
      // Applied (or kept for the mount): the document says the new language (issue 23).
      applyLocale(document.documentElement, parsed.locale);
      return { ok: true, value: undefined };
    } catch (thrown) {
      return { ok: false, error: toSerialized(thrown, 'update') };
    }
  };
  const connection = connectToHost(parentOrigin, { callApi: relay.callApi, update }, standby);
  let host: Awaited<typeof connection.promise>;
  let bootstrap: ReturnType<typeof parseBootstrap>;
  try {
    host = await connection.promise;
    bootstrap = { ...parseBootstrap(await host.getBootstrap(new CallOptions({ timeout: BOOTSTRAP_CALL_TIMEOUT_MS }))), ...early };
  } catch (error) {
    // Malformed widget inputs keep their own code (INVALID_RESPONSE); anything else means the
    // host did not answer.
    // Its text is not ours to pass on (describeForeignError): only what kind of failure it was,
    // and penpal's own code (e.g. METHOD_CALL_TIMEOUT) when it has one.
    const penpalCode = (error as { code?: unknown } | null)?.code;
    const what =
      typeof penpalCode === 'string' && /^[A-Z_]{1,40}$/.test(penpalCode)
        ? `penpal ${penpalCode}`
        : describeForeignError(error, ErrorCode.ConnectionFailed);
    const failure =
      error instanceof CashierError
        ? error
        : new CashierError(
            ErrorCode.ConnectionFailed,
            `The frame could not reach the host page (the handshake, then the widget inputs within ${BOOTSTRAP_CALL_TIMEOUT_MS} ms): ${what}`,
          );
    failAlone(failure);
    connection.promise.then((h) => h.onCrash(failure.toJSON())).catch(() => undefined);
    return;
  }
  if (bootstrap.preload) {
    // preloadCashier's hidden frame (issue 24): warm the caches, mount nothing, then wait for a
    // mount (a host without moveBefore removes the frame instead).
    const warmAppearance = () => {
      frameAppearance()
        .then((controller) => controller.warm(bootstrap.appearance, bootstrap.fonts))
        .catch(() => undefined); // the mount imports it again, and reports what fails
    };
    await preloadWidget({
      bootstrap,
      host: createHostPort(host),
      allowlist,
      pinnedBundles,
      loadBundle,
      whileFetching,
      warmAppearance,
    });
    connection.destroy();
    return run(true);
  }
  // Before the bundle loads: the alert, when shown, is in the document's language too (issue 23).
  applyLocale(document.documentElement, bootstrap.locale);
  // The site's look, parsed and applied while the settings request is out (issue 35).
  appearance = bootstrap.appearance;
  // A warm-up applied its look to this document already: the same look is not parsed again, and a
  // mount without one puts the default look back.
  const unstyled = bootstrap.appearance === undefined && bootstrap.fonts === undefined;
  const styled =
    unstyled && appearanceModule === undefined
      ? undefined
      : frameAppearance()
          .then((controller) => controller.apply(bootstrap.appearance, bootstrap.fonts, 'mountCashier: opts'))
          .catch((error: unknown) => {
            if (unstyled) return { contrastAdjustments: [] }; // nothing of the page's to refuse
            throw error;
          });
  styled?.catch(() => undefined); // the loader reports a refusal, unless it failed before it looked

  loader = createLoader({
    bootstrap,
    host: createHostPort(host),
    container,
    allowlist,
    pinnedBundles,
    vaultOrigin: resolveVaultOrigin(import.meta.env.CASHIER_VAULT_ORIGIN, location),
    payPalOrigin: resolvePayPalOrigin(import.meta.env.CASHIER_PAYPAL_ORIGIN, location),
    paymentsOrigin: resolvePaymentsOrigin(import.meta.env.CASHIER_PAYMENTS_ORIGIN, location),
    loadBundle,
    relay,
    // An adopted frame was "loaded", for this mount, when the mount reached it.
    frameLoadedAt: standby ? epochNow() : frameLoadedAt,
    whileFetching,
    appearance: styled,
  });
  // penpal's proxy throws (not rejects) once the host destroyed the connection, and Chromium may
  // still run a removed frame's observer: call inside a promise so it can never be uncaught.
  /** True from a `pagehide` into the back/forward cache until the page is shown again. */
  let cached = false;
  const stopObserving = observeHeight(
    document,
    (height) => {
      Promise.resolve()
        .then(() => host.onResize(height))
        .catch(() => undefined);
    },
    () => cached,
  );
  // Spec 2, 4: nothing while waiting or once the bundle is mounted, the alert when failed, in
  // the theme and language as they are now (an update after the failure restyles it: `loader.inputs()`).
  const started = loader;
  const onState = () => {
    const state = started.getSnapshot();
    showState(state);
    // In the buyer's language (issue 23; English, the spec's words, by default): an update of the locale re-renders it.
    if (state.status === 'failed') renderAlert(rootElement, started.inputs().theme, alertText(started.inputs().locale));
  };
  onState();
  started.subscribe(onState);
  // The host removes the iframe on destroy; `pagehide` covers navigations of our own. A page kept
  // in the back/forward cache (`persisted`, issue 19: the frame follows its top page there) keeps
  // its connection, but not the widget: no typed card stays in the cached page, and the widget is
  // mounted again, empty, when the page comes back (the host hears onApiInit again).
  const onPageHide = (event: PageTransitionEvent) => {
    if (event.persisted) {
      cached = true; // the suspend's unmount changes the document: no height goes to a page being cached
      return started.suspend();
    }
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('pageshow', onPageShow);
    stopObserving();
    started.stop();
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    cached = false;
    started.resume();
  };
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);
  await started.start();
}

/** `appearance` and `fonts` of an update, those given only. */
function styleChanges(appearance: unknown, fonts: unknown): CashierUpdate {
  return {
    ...(appearance === undefined ? {} : { appearance: appearance as CashierUpdate['appearance'] }),
    ...(fonts === undefined ? {} : { fonts: fonts as CashierUpdate['fonts'] }),
  };
}

void run();
