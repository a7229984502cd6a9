import { connect, WindowMessenger } from 'penpal';
import { CONNECTION_TIMEOUT_MS, FRAME_RELEASED_EVENT } from '../shared';
import { createHostMethods } from './createHostMethods';
import type { ResolvedOptions } from './resolveOptions';
import { warnUnknownOptions } from './warnUnknownOptions';

/**
 * How the warm-up frame is kept out of sight (issue 24): 0 × 0, fixed, `visibility: hidden`, hidden
 * from assistive technology (`aria-hidden`), out of the tab order (`tabindex=-1`) and from any
 * input (`inert`).
 */
export function hideFrame(iframe: HTMLIFrameElement): void {
  iframe.setAttribute('aria-hidden', 'true');
  iframe.tabIndex = -1;
  iframe.setAttribute('inert', '');
  iframe.style.cssText = 'position:fixed;width:0;height:0;border:0;visibility:hidden';
}

/**
 * `preloadCashier`'s work, in the bridge (issue 24): preconnect hints to the frame and the
 * provider, then a hidden frame (see {@link hideFrame}) whose widget inputs say `preload`: the
 * frame app claims and fetches the widget settings through this page's settings cache (spec 4),
 * imports the bundle without mounting it, and says it is done with `onApiInit` (no api). This
 * connection ends then. Where `Element.moveBefore` exists the frame stays, hidden, in standby for
 * a mount to adopt (STANDBY_CHANNEL); elsewhere it is removed, as it is when the connection fails
 * (CONNECTION_TIMEOUT_MS). Its crashes are not reported (the mount reports its own). The frame
 * document, its scripts and the bundle stay in the browser's HTTP cache, the settings in the
 * page's cache, for a mount that loads its own frame. `createFrame` and `frameSrc` make the
 * mount's iframe (the entry's, so the bridge carries no copy of them); `standbyFrames.ts` keeps
 * one warm-up per options. A mount that adopted the frame while it was warming
 * up and let it go (FRAME_RELEASED_EVENT) ends the warm-up: nothing kept. It first reports the
 * option names it does not know (`warnUnknownOptions`), as a mount does.
 * @returns a Promise of the frame kept in standby (`undefined`: none) once the warm-up ended, whatever its outcome; never rejects.
 */
export function preloadFrame(
  options: ResolvedOptions,
  createFrame: (doc: Document, src: string) => HTMLIFrameElement,
  frameSrc: (frameUrl: string, parentOrigin: string) => string,
): Promise<HTMLIFrameElement | undefined> {
  warnUnknownOptions(options, 'preloadCashier');
  const iframe = createFrame(document, frameSrc(options.frameUrl, location.origin));
  const doc = document;
  const frameOrigin = new URL(options.frameUrl).origin;
  hint(doc, frameOrigin, false);
  hint(doc, new URL(options.host).origin, true);
  hideFrame(iframe);
  let ended = false;
  // Only a frame that can move without reloading is worth keeping.
  const canAdopt = 'moveBefore' in doc.documentElement;
  return new Promise<HTMLIFrameElement | undefined>((resolve) => {
    // A mount's host methods without its callbacks: only the settings cache and the inputs matter.
    const hostOptions: ResolvedOptions = {
      host: options.host,
      configuration: options.configuration,
      frameUrl: options.frameUrl,
      debug: options.debug,
      theme: options.theme,
      locale: options.locale,
      appearance: options.appearance,
      fonts: options.fonts,
    };
    const bridge = createHostMethods({ options: hostOptions, remote: () => new Promise(() => {}), isDestroyed: () => ended });
    /** The warm-up is over: `done` (the frame said so) keeps the frame in standby where it can be adopted. */
    const end = (done: boolean) => {
      if (ended) return;
      ended = true;
      bridge.release();
      connection?.destroy();
      const keep = done && canAdopt && iframe.isConnected;
      if (!keep) iframe.remove();
      resolve(keep ? iframe : undefined);
    };
    (doc.body ?? doc.documentElement).append(iframe); // a script in the <head> may call it before <body>
    const remoteWindow = iframe.contentWindow;
    const connection = remoteWindow
      ? connect({
          messenger: new WindowMessenger({ remoteWindow, allowedOrigins: [frameOrigin] }),
          methods: {
            ...bridge.methods,
            getBootstrap: () => ({ ...bridge.methods.getBootstrap(), preload: true }),
            onApiInit: () => end(true),
            onCrash: () => end(false),
            onResize: () => undefined,
          },
          timeout: CONNECTION_TIMEOUT_MS,
        })
      : undefined;
    if (!connection) return end(false);
    connection.promise.catch(() => end(false));
    // Its mount let it go: the frame will never say it is done.
    iframe.addEventListener(FRAME_RELEASED_EVENT, () => end(false));
  });
}

/** A `<link rel=preconnect>` to `origin` (`crossorigin` for CORS requests) in `doc`'s head, unless there is one or it is the page's. */
function hint(doc: Document, origin: string, cors: boolean): void {
  const selector = `link[rel=preconnect][href="${origin}"]`;
  if (origin === location.origin || doc.head.querySelector(selector)) return;
  const link = doc.createElement('link');
  link.rel = 'preconnect';
  link.href = origin;
  if (cors) link.crossOrigin = 'anonymous';
  doc.head.append(link);
}
