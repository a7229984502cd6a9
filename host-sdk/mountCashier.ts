import { type Connection, connect, WindowMessenger } from 'penpal';
import { CashierError, CONNECTION_TIMEOUT_MS, ErrorCode, type FrameMethods, messageOf } from '../shared';
import { checkFrameOrigin } from './checkFrameOrigin';
import { createFrame, frameSrc } from './createFrame';
import { createHostMethods } from './createHostMethods';
import { resolveOptions } from './resolveOptions';
import type { CashierHandle, MountCashierOptions } from './types';
import { validateOptions } from './validateOptions';

/**
 * Mounts the payment widget into `el` (spec section 1, DESIGN "Host SDK"): appends a sandboxed
 * cross-origin `<iframe>` running the frame app and connects to it with penpal, accepting
 * messages from the frame's origin only. The frame then asks for the widget inputs, and calls
 * back `onApiInit`, `onCrash` (at most once; `CONNECTION_FAILED` when the handshake does not
 * finish within 20 000 ms), `onSlow` (not ready 10 000 ms after the mount; it keeps waiting) and
 * `revalidateAppInstance`.
 *
 * @returns the iframe and `destroy()`, which removes both; nothing fires after it.
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
  const iframe = createFrame(el.ownerDocument, frameSrc(frameUrl, pageOrigin));
  const bridge = createHostMethods({
    options,
    remote: () => connected,
    isDestroyed: () => destroyed,
    resize: (heightPx) => {
      iframe.style.height = `${heightPx}px`;
    },
  });

  el.appendChild(iframe);
  const remoteWindow = iframe.contentWindow;
  if (remoteWindow) {
    const messenger = new WindowMessenger({ remoteWindow, allowedOrigins: [new URL(frameUrl).origin] });
    connection = connect<FrameMethods>({ messenger, methods: bridge.methods, timeout: CONNECTION_TIMEOUT_MS });
  }
  const connected = connection?.promise ?? Promise.reject(new Error('the iframe has no window'));
  connected.catch((error: unknown) =>
    bridge.crash(new CashierError(ErrorCode.ConnectionFailed, `The payment frame did not connect: ${messageOf(error)}`)),
  );

  return {
    iframe,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      bridge.release();
      connection?.destroy();
      iframe.remove();
    },
  };
}
