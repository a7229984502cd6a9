import { CashierError, type CashierUpdate, createAlert, ErrorCode, epochNow, FRAME_RELEASED_EVENT, messageOf } from '../shared';
import { callSafely } from './callSafely';
import { checkFrameOrigin } from './checkFrameOrigin';
import type { FrameLink } from './connectFrame';
import { createFrame, frameSrc } from './createFrame';
import type { UpdateContext } from './createUpdate';
import { type Bridge, loadBridge, loadedBridge } from './loadBridge';
import { resolveOptions } from './resolveOptions';
import type { CashierHandle, MountCashierOptions } from './types';
import { validateOptions, validateUpdate } from './validateOptions';
import { watchFrame } from './watchFrame';

/**
 * Mounts the payment widget into `el`: appends a sandboxed cross-origin `<iframe>` running the
 * frame app and connects to it with penpal, accepting messages from the frame's origin only. The
 * frame then asks for the widget inputs, and calls back `onApiInit`, `onCrash` (at most once;
 * `CONNECTION_FAILED` when the handshake does not finish within 20 000 ms), `onSlow` (not ready
 * 10 000 ms after the mount; it keeps waiting) and `revalidateAppInstance`. The SDK watches the
 * frame itself: a frame that never loads is `FRAME_LOAD_FAILED` within about 2 s of its document
 * ending (a document that never ends is a slow network to the page: `onSlow`, then
 * `CONNECTION_FAILED`), and a frame lost after loading (crashed, hung, navigated, reloaded or
 * removed) is `CONNECTION_LOST` within 4 s; in both cases the SDK removes the iframe and shows the
 * technical-difficulties alert in `el` itself, styled by `theme`, and api calls in flight reject
 * with the code. The iframe's title and that alert are in the buyer's language (`locale`, falling
 * back as the frame's words do) once the bridge has arrived, English before (and when it cannot
 * load); `update({ locale })` re-titles and re-words them.
 *
 * The iframe is created at once, or adopted: when `preloadCashier` with the same
 * `host`, `configuration`, `frameUrl` and `debug` has a warm frame (in standby, or still warming
 * up), that frame is moved
 * into `el` (`Element.moveBefore`) and connected again, and the card form shows without loading a
 * document, a script or the settings. The bridge (penpal and the host methods) is fetched once per
 * page, at the first mount (the script-tag build fetches it after the page's `load` already), so
 * at worst in parallel with the frame document. A bridge that cannot be loaded is
 * CONNECTION_FAILED (the script tag's naming its URL), handled like a frame that never loaded.
 *
 * @returns the iframe, `update(changes)` (theme, orderId, buyer, locale without a new frame document)
 *   and `destroy()`, which removes the iframe (or the alert shown in its place)
 *   and the connection; nothing fires after it.
 * @throws TypeError naming the option when `el` or `opts` is bad, before anything is created.
 *   An option name it does not know (in `opts` or `opts.configuration`) is not thrown: once the
 *   bridge has loaded, `console.warn` names it and the nearest known name, e.g.
 *   `mountCashier: unknown option "onCrahs" (did you mean "onCrash"?)`, and the mount goes on.
 */
export function mountCashier(el: HTMLElement, opts: MountCashierOptions): CashierHandle {
  validateOptions(el, opts);
  const options = resolveOptions(opts, location.href, el.ownerDocument);
  const { frameUrl } = options;
  const pageOrigin = location.origin;
  checkFrameOrigin(frameUrl, pageOrigin);

  const mountedAt = epochNow();
  let destroyed = false;
  /** The connection to the frame, once the bridge is loaded; it reports crashes from then on. */
  let link: FrameLink | undefined;
  /** Set once this mount reported a crash itself (the bridge was not there to). */
  let crashed = false;
  /** The alert the SDK shows in place of a frame that failed to load or was lost. */
  let alert: HTMLElement | undefined;
  const frameOrigin = new URL(frameUrl).origin;
  // A warm-up frame is the bridge's: with none loaded there is none to adopt.
  const adopted = loadedBridge()?.adoptStandbyFrame(el, options);
  const iframe = adopted?.frame ?? createFrame(el.ownerDocument, frameSrc(frameUrl, pageOrigin));

  /** A warm-up still under way in the frame this mount adopted ends (issue 24); no one listens otherwise. */
  const release = () => iframe.dispatchEvent(new Event(FRAME_RELEASED_EVENT));
  /**
   * The iframe's title and the alert in the buyer's language, by the bridge (which keeps the
   * mount's words in every language, also after the mount ended); English until it arrives, which
   * words them then.
   */
  const localize = () => loadedBridge()?.localizeMount(iframe, alert, options.locale);
  const crash = (error: CashierError) => {
    if (link) link.crash(error);
    else if (!crashed && !destroyed) {
      crashed = true;
      callSafely('onCrash', options.onCrash, error);
    }
  };
  // The frame cannot show its alert (it never loaded, is gone, or has no one to talk to): end the
  // connection, which rejects the calls in flight (CONNECTION_LOST, createHostMethods), and show
  // it here instead, worded before it is shown. It never waits for the bridge's words: a bridge
  // still on its way (the frame failed first) words it when it arrives; one that failed, never.
  const failHere = (error: CashierError) => {
    watch.stop();
    link?.close();
    alert = createAlert(el.ownerDocument, options.theme);
    localize();
    if (iframe.isConnected) iframe.replaceWith(alert);
    else el.appendChild(alert);
    release();
    crash(error);
  };
  const watch = watchFrame(iframe, frameOrigin, failHere, adopted?.loaded);
  if (!adopted) el.appendChild(iframe);

  /** The frame's methods once the bridge is loaded and the handshake done; rejects when either fails. */
  const connected = loadBridge().then(
    (bridge) => {
      localize();
      if (destroyed || crashed) throw new Error('the mount ended before the bridge arrived');
      link = bridge.connectFrame({
        iframe,
        frameOrigin,
        options,
        mountedAt,
        isDestroyed: () => destroyed,
        adopted: adopted !== undefined,
      });
      link.connected.then(
        (remote) => watch.connected(() => remote.ping()),
        (error: unknown) => {
          watch.stop();
          crash(new CashierError(ErrorCode.ConnectionFailed, `The payment frame did not connect: ${messageOf(error)}`));
        },
      );
      return link.connected;
    },
    (error: unknown) => {
      if (!destroyed && !crashed) {
        failHere(new CashierError(ErrorCode.ConnectionFailed, `The host SDK's bridge did not load: ${messageOf(error)}`));
      }
      throw error;
    },
  );
  connected.catch(() => undefined); // each failure is reported above; update() reports its own

  // issue 13, 23: theme, order, buyer and locale change in place; the SDK's alert, when shown,
  // takes the theme and the language, the iframe's title the language.
  const updateContext: UpdateContext = {
    options,
    remote: () => connected,
    isDestroyed: () => destroyed,
    // Restyled and re-worded in place: a new alert element would be announced again.
    onChange: () => {
      if (alert) alert.style.cssText = createAlert(el.ownerDocument, options.theme).style.cssText;
      localize();
    },
  };
  /** The bridge's `createUpdate` for this mount, made at the first update (it keeps the mount's pending writes). */
  let updater: ((changes: CashierUpdate) => Promise<void>) | undefined;
  const apply = (bridge: Bridge, changes: CashierUpdate) => {
    updater ??= bridge.createUpdate(updateContext);
    return updater(changes);
  };
  /**
   * Checked here, at once (a TypeError, nothing changed); then done by the bridge: at once when it
   * is here, else when it arrives (before it, the frame cannot have asked for its inputs).
   */
  const update = (changes: CashierUpdate): Promise<void> => {
    validateUpdate(changes);
    const bridge = loadedBridge();
    if (bridge) return apply(bridge, changes);
    return loadBridge().then(
      (arrived) => apply(arrived, changes),
      (error: unknown) => {
        throw new CashierError(
          destroyed ? ErrorCode.Destroyed : ErrorCode.ConnectionLost,
          `update: the host SDK's bridge did not load: ${messageOf(error)}`,
        );
      },
    );
  };

  return {
    iframe,
    update,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      watch.stop();
      link?.close();
      iframe.remove();
      release();
      alert?.remove();
    },
  };
}
