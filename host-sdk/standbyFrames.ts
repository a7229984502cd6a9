import { type createFrame, FRAME_STYLE, type frameSrc } from './createFrame';
import { preloadFrame } from './preloadFrame';
import type { ResolvedOptions } from './resolveOptions';

/**
 * The page's warm-up frames (issue 24), in the bridge: only the bridge's `preloadFrame` makes one,
 * so a page that has one has the bridge, and `mountCashier` takes it at once (`loadedBridge()`),
 * the entry carrying none of this. One warm-up per key (see {@link preloadKey}): the Promise of
 * the bridge's work, settled with the frame it keeps in standby (hidden, its React and the bundle
 * loaded, waiting on STANDBY_CHANNEL) or `undefined` when it kept none.
 */
const warmUps = new Map<string, Promise<HTMLIFrameElement | undefined>>();
/** Each warm-up's frame from the moment it exists (warming up, then in standby), by key: adopted by one mount at most. */
const frames = new Map<string, HTMLIFrameElement>();
/** The frames whose document has loaded (`load`): a later `load` is a navigation (watchFrame). */
const loaded = new WeakSet<HTMLIFrameElement>();

/** What a warm-up is for: the `host`, app instance, `msid`, `frameUrl` and `debug` a mount must share to adopt it. */
export function preloadKey({ host, configuration, frameUrl, debug }: ResolvedOptions): string {
  return JSON.stringify([host, configuration.appInstance, configuration.msid, frameUrl, debug]);
}

/**
 * `preloadCashier`'s warm-up (`preloadFrame`) for `options`' key, once: while one is under way or
 * its frame waits in standby, the same Promise (a frame adopted since makes room for a new
 * warm-up). `makeFrame` and `frameSrc` are the entry's `createFrame` and `frameSrc` (so the bridge
 * carries no copy of them); the frame is kept for {@link adoptStandbyFrame}. Resolves when it
 * ended, whatever its outcome.
 */
export function warmUpOnce(options: ResolvedOptions, makeFrame: typeof createFrame, src: typeof frameSrc): Promise<void> {
  const key = preloadKey(options);
  let warmUp = warmUps.get(key);
  if (!warmUp) {
    const started = preloadFrame(
      options,
      (doc, url) => {
        const frame = makeFrame(doc, url);
        frames.set(key, frame);
        frame.addEventListener('load', () => loaded.add(frame), { once: true });
        return frame;
      },
      src,
    );
    warmUp = started;
    warmUps.set(key, started);
    started.then((frame) => {
      if (warmUps.get(key) !== started || frame) return; // adopted, or kept in standby
      warmUps.delete(key); // nothing kept: a later call warms again
      frames.delete(key);
    });
  }
  return warmUp.then(() => undefined);
}

/**
 * Adopts the warm-up frame for `options`' key into `el` (issue 24), in standby or still warming up: moved
 * there with `Element.moveBefore`, which keeps its document running, then shown as `createFrame`
 * makes a frame (in the tab order and the accessibility tree again, 0 px tall until the frame
 * reports its height). A frame still warming up finishes first, then takes the mount's inputs on
 * STANDBY_CHANNEL: the page never holds two. `undefined` when there is none, or it cannot move
 * there (no `moveBefore`, another document, `el` not in the page): the mount then makes its own.
 * @returns the frame, and whether its document has loaded already.
 */
export function adoptStandbyFrame(
  el: HTMLElement,
  options: ResolvedOptions,
): { frame: HTMLIFrameElement; loaded: boolean } | undefined {
  const key = preloadKey(options);
  const frame = frames.get(key);
  if (!frame) return undefined;
  try {
    // Throws unless both are in the same page (HierarchyRequestError), or without moveBefore.
    (el as HTMLElement & { moveBefore(node: Node, child: Node | null): void }).moveBefore(frame, null);
  } catch {
    return undefined;
  }
  frames.delete(key);
  warmUps.delete(key);
  for (const name of ['aria-hidden', 'inert', 'tabindex']) frame.removeAttribute(name);
  frame.style.cssText = FRAME_STYLE;
  return { frame, loaded: loaded.has(frame) };
}
