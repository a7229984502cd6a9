import { type Connection, connect, WindowMessenger } from 'penpal';
import { CashierError, CONNECTION_TIMEOUT_MS, createAlert, ErrorCode, type FrameMethods, messageOf } from '../shared';
import { checkFrameOrigin } from './checkFrameOrigin';
import { createFrame, frameSrc } from './createFrame';
import { createHostMethods } from './createHostMethods';
import { createUpdate } from './createUpdate';
import { resolveOptions } from './resolveOptions';
import type { CashierHandle, MountCashierOptions } from './types';
import { validateOptions } from './validateOptions';
import { watchFrame } from './watchFrame';

/**
 * Mounts the payment widget into `el` (spec section 1, DESIGN "Host SDK"): appends a sandboxed
 * cross-origin `<iframe>` running the frame app and connects to it with penpal, accepting
 * messages from the frame's origin only. The frame then asks for the widget inputs, and calls
 * back `onApiInit`, `onCrash` (at most once; `CONNECTION_FAILED` when the handshake does not
 * finish within 20 000 ms), `onSlow` (not ready 10 000 ms after the mount; it keeps waiting) and
 * `revalidateAppInstance`. The SDK watches the frame itself (`watchFrame`, issue 12): a frame that
 * never loads is `FRAME_LOAD_FAILED` within about 2 s of its document ending (a document that
 * never ends is a slow network to the page: `onSlow`, then `CONNECTION_FAILED`), and a frame lost after loading (crashed, hung, navigated, reloaded or removed)
 * is `CONNECTION_LOST` within 4 s; in both cases the SDK removes the iframe and shows the
 * spec's alert in `el` itself, styled by `theme`, and api calls in flight reject with the code.
 *
 * @returns the iframe, `update(changes)` (theme, orderId, buyer without a new frame document, issue 13:
 *   `createUpdate`) and `destroy()`, which removes the iframe (or the alert shown in its place)
 *   and the connection; nothing fires after it.
 * @throws TypeError naming the option when `el` or `opts` is bad, before anything is created.
 */
export function mountCashier(el: HTMLElement, opts: MountCashierOptions): CashierHandle {
  validateOptions(el, opts);
  const options = resolveOptions(opts);
  const { frameUrl } = options;
  const pageOrigin = location.origin;
  checkFrameOrigin(frameUrl, pageOrigin);

  let destroyed = false;
  let connection: Connection<FrameMethods> | undefined;
  /** The alert the SDK shows in place of a frame that failed to load or was lost. */
  let alert: HTMLElement | undefined;
  const frameOrigin = new URL(frameUrl).origin;
  const iframe = createFrame(el.ownerDocument, frameSrc(frameUrl, pageOrigin));
  const bridge = createHostMethods({
    options,
    remote: () => connected,
    isDestroyed: () => destroyed,
    resize: (heightPx) => {
      iframe.style.height = `${heightPx}px`;
    },
  });

  // The frame cannot show its alert (it never loaded, or it is gone): end the connection, which
  // rejects the calls in flight (CONNECTION_LOST, createHostMethods), and show it here instead.
  const watch = watchFrame(iframe, frameOrigin, (error) => {
    connection?.destroy();
    bridge.release();
    alert = createAlert(el.ownerDocument, options.theme);
    if (iframe.isConnected) iframe.replaceWith(alert);
    else el.appendChild(alert);
    bridge.crash(error);
  });
  el.appendChild(iframe);
  const remoteWindow = iframe.contentWindow;
  if (remoteWindow) {
    const messenger = new WindowMessenger({ remoteWindow, allowedOrigins: [frameOrigin] });
    connection = connect<FrameMethods>({ messenger, methods: bridge.methods, timeout: CONNECTION_TIMEOUT_MS });
  }
  const connected = connection?.promise ?? Promise.reject(new Error('the iframe has no window'));
  connected.then(
    (remote) => watch.connected(() => remote.ping()),
    (error: unknown) => {
      watch.stop();
      bridge.crash(new CashierError(ErrorCode.ConnectionFailed, `The payment frame did not connect: ${messageOf(error)}`));
    },
  );

  // issue 13: theme, order and buyer change in place; the SDK's alert, when shown, takes the theme.
  const update = createUpdate({
    options,
    remote: () => connected,
    isDestroyed: () => destroyed,
    // Restyled in place: a new alert element would be announced again.
    onTheme: (theme) => {
      if (alert) alert.style.cssText = createAlert(el.ownerDocument, theme).style.cssText;
    },
  });

  return {
    iframe,
    update,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      watch.stop();
      bridge.release();
      connection?.destroy();
      iframe.remove();
      alert?.remove();
    },
  };
}
