import { connect, type RemoteProxy, WindowMessenger } from 'penpal';
import { type CashierError, CONNECTION_TIMEOUT_MS, type FrameMethods, STANDBY_CHANNEL } from '../shared';
import { createHostMethods } from './createHostMethods';
import { createOverlay } from './createOverlay';
import type { ResolvedOptions } from './resolveOptions';
import { warnUnknownOptions } from './warnUnknownOptions';

/**
 * The host SDK's bridge (issue 10): everything a mount needs once its iframe exists, loaded
 * lazily by the entry (`loadBridge`) while the frame document loads, so the script a host page
 * runs up front stays small. It holds penpal's parent side, the host methods, the page's one
 * settings cache (spec 4: a module singleton, however many mounts load the bridge), the mount's
 * own words in every language (`localizeMount`), the iframe's overlay for a 3-D Secure challenge
 * (`createOverlay`), what `handle.update` does once its changes are checked (`createUpdate`) and
 * `preloadCashier`'s warm-up frames (`standbyFrames.ts`, `preloadFrame`).
 */

/** What {@link connectFrame} needs from the mount. */
export interface FrameLinkContext {
  /** The mount's iframe, already in the page. */
  iframe: HTMLIFrameElement;
  /** The frame's origin: the only one whose messages are accepted. */
  frameOrigin: string;
  /** The mount's options, defaults applied. */
  options: ResolvedOptions;
  /** When `mountCashier` ran (`epochNow()`, ms): timings and the spec 4 slow limit count from it. */
  mountedAt: number;
  /** True once `destroy()` ran; nothing fires after it. */
  isDestroyed: () => boolean;
  /** True when `iframe` is a warm-up frame the mount adopted (issue 24): it waits on STANDBY_CHANNEL. Default false. */
  adopted?: boolean;
}

/** A mount's connection to its frame. */
export interface FrameLink {
  /** Settles with the frame's methods when the handshake finishes; rejects when it fails (CONNECTION_TIMEOUT_MS). */
  connected: Promise<RemoteProxy<FrameMethods>>;
  /** Reports a crash through `onCrash`, at most once per mount (see `createHostMethods`). */
  crash: (error: CashierError) => void;
  /** Ends the connection (calls in flight reject) and gives up the mount's settings claim. Safe to call twice. */
  close: () => void;
}

/**
 * Connects to the mount's frame with penpal (DESIGN "Security model": the iframe's window, from
 * `frameOrigin` only, CONNECTION_TIMEOUT_MS for the handshake) and exposes the host methods.
 * penpal's handshake does not mind that the frame may have sent its greeting first: this side
 * greets too, and the frame answers. The iframe is sized to the frame's height and lent the
 * viewport for a 3-D Secure challenge (issue 22, `createOverlay`). First it reports the option names `mountCashier` does not know
 * (`warnUnknownOptions`: a console warning, here so the entry carries none of it).
 */
export function connectFrame({ iframe, frameOrigin, options, mountedAt, isDestroyed, adopted }: FrameLinkContext): FrameLink {
  warnUnknownOptions(options, 'mountCashier');
  const overlay = createOverlay(iframe);
  const bridge = createHostMethods({
    options,
    mountedAt,
    remote: () => connected,
    isDestroyed,
    resize: overlay.resize,
    overlay: overlay.set,
  });
  const remoteWindow = iframe.contentWindow;
  const connection = remoteWindow
    ? connect<FrameMethods>({
        messenger: new WindowMessenger({ remoteWindow, allowedOrigins: [frameOrigin] }),
        methods: bridge.methods,
        timeout: CONNECTION_TIMEOUT_MS,
        channel: adopted ? STANDBY_CHANNEL : undefined,
      })
    : undefined;
  const connected = connection?.promise ?? Promise.reject(new Error('the iframe has no window'));
  return {
    connected,
    crash: bridge.crash,
    close() {
      overlay.set(false);
      bridge.release();
      connection?.destroy();
    },
  };
}

export { createUpdate } from './createUpdate';
export { localizeMount } from './localizeMount';
export { adoptStandbyFrame, warmUpOnce } from './standbyFrames';
