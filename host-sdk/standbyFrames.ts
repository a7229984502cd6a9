import { FRAME_STYLE } from './createFrame';
import type { ResolvedOptions } from './resolveOptions';

/**
 * The page's warm-up frames (issue 24), in the SDK's entry, so that `mountCashier` can take one
 * at once, before its bridge has loaded. One warm-up per key (see {@link preloadKey}): the
 * Promise of the bridge's work, settled with the frame it keeps in standby (hidden, its React and
 * the bundle loaded, waiting on STANDBY_CHANNEL) or `undefined` when it kept none.
 */
const warmUps = new Map<string, Promise<HTMLIFrameElement | undefined>>();
/** The frames in standby, by key: each is adopted by one mount at most. */
const standby = new Map<string, HTMLIFrameElement>();

/** What a warm-up is for: the `host`, app instance, `msid`, `frameUrl` and `debug` a mount must share to adopt it. */
export function preloadKey({ host, configuration, frameUrl, debug }: ResolvedOptions): string {
  return JSON.stringify([host, configuration.appInstance, configuration.msid, frameUrl, debug]);
}

/**
 * `start()`'s warm-up for `key`, once: while one is under way or its frame waits in standby, the
 * same Promise (a frame adopted since makes room for a new warm-up). Resolves when it ended.
 */
export function warmUpOnce(key: string, start: () => Promise<HTMLIFrameElement | undefined>): Promise<void> {
  let warmUp = warmUps.get(key);
  if (!warmUp) {
    const started = start();
    warmUp = started;
    warmUps.set(key, started);
    started.then((frame) => {
      if (warmUps.get(key) !== started) return;
      if (frame) standby.set(key, frame);
      else warmUps.delete(key); // nothing kept: a later call warms again
    });
  }
  return warmUp.then(() => undefined);
}

/**
 * Adopts the frame in standby for `key` into `el` (issue 24): moved there with
 * `Element.moveBefore`, which keeps its document running, then shown as `createFrame` makes a
 * frame (in the tab order and the accessibility tree again, 0 px tall until the frame reports its
 * height). `undefined` when there is none, or it cannot move there (another document, `el` not
 * in the page): the frame then stays in standby and the mount makes its own.
 */
export function adoptStandbyFrame(el: HTMLElement, key: string): HTMLIFrameElement | undefined {
  const frame = standby.get(key);
  if (!frame) return undefined;
  try {
    // Throws unless both are in the same page (HierarchyRequestError): a frame removed since, or `el` not attached.
    (el as HTMLElement & { moveBefore(node: Node, child: Node | null): void }).moveBefore(frame, null);
  } catch {
    return undefined;
  }
  standby.delete(key);
  warmUps.delete(key);
  for (const name of ['aria-hidden', 'inert', 'tabindex']) frame.removeAttribute(name);
  frame.style.cssText = FRAME_STYLE;
  return frame;
}
