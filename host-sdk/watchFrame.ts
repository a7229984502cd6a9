import { CashierError, ErrorCode, FRAME_LOAD_GRACE_MS, HEARTBEAT_INTERVAL_MS, HEARTBEAT_TIMEOUT_MS } from '../shared';

/**
 * When each watch of a frame that had not loaded began, per frame URL, on the resource entries'
 * clock. Mounts on one page load the same URL: a resource entry is the frame's whose watch began
 * last before the entry started, so a later mount's frame never ends an earlier one's wait.
 */
const begun: Record<string, number[]> = {};

/** What {@link watchFrame} returns to the mount. */
export interface FrameWatch {
  /** The handshake finished: from the next check on, heartbeat the frame with `ping` (one at a time). */
  connected(ping: () => Promise<unknown>): void;
  /** Stops every timer, listener and observer. Safe to call twice. */
  stop(): void;
}

/**
 * Watches the mount's iframe (issue 12) and calls `fail` once, then stops:
 * - FRAME_LOAD_FAILED when the frame app never spoke (no message from the iframe's window and
 *   `frameOrigin`): FRAME_LOAD_GRACE_MS after its document ended (`load`; `error`, Firefox's
 *   answer to a CSP block; or a resource timing entry for its URL started since the watch,
 *   Firefox's only sign of a refused connection; of the entries for its URL, those that started
 *   after its watch began and before the next mount's at that URL began, once there is one for
 *   each watch begun at that moment). A document that never ends is not named here:
 *   to the page it is a slow network, and spec 4 keeps waiting (`onSlow`, then the handshake's
 *   CONNECTION_FAILED at 20 000 ms);
 * - CONNECTION_LOST when the iframe loads again after the frame spoke (it navigated or reloaded),
 *   when it left the page (at once: a MutationObserver on its document sees the removal in the
 *   task that made it, so a busy page's late timers do not delay it), or when a heartbeat `ping`
 *   went unanswered for HEARTBEAT_TIMEOUT_MS (the renderer crashed or hangs).
 * One check every HEARTBEAT_INTERVAL_MS runs the limits. Time counts only while the page runs
 * and is visible: a check more than two intervals late (a throttled, frozen or stalled page) or
 * in a hidden page moves every limit on by its gap, so a pause is never blamed on the frame.
 * Call it before the iframe is appended (a resource entry from before it is another frame's).
 * `loaded`: the iframe's document has loaded already (a warm-up frame the mount adopted, issue
 * 24): its next `load` is a navigation or a reload. Default false.
 */
export function watchFrame(
  iframe: HTMLIFrameElement,
  frameOrigin: string,
  fail: (error: CashierError) => void,
  loaded = false,
): FrameWatch {
  const doc = iframe.ownerDocument;
  const win = doc.defaultView as Window;
  const src = iframe.src;
  const since = performance.now();
  // The frame's resource timing entry is told from that of another frame at the same URL by its
  // start: after this watch began. On the entries' own clock, the document timeline (at most a
  // frame behind, which only widens the window by a frame): test clocks fake performance.now()
  // (Playwright's replaces `performance` whole), and a clock ahead of the entries' drops this one.
  const entriesSince = Number(doc.timeline?.currentTime ?? since);
  begun[src] ??= [];
  const others = begun[src];
  /** Whether `others` holds this watch's start (until it stops). */
  let listed = loaded ? 0 : others.push(entriesSince);
  /** Milliseconds not counted: gaps in which the page was hidden, frozen or stalled. */
  let paused = 0;
  let lastCheck = since;
  const clock = () => performance.now() - paused;
  let spoke = false;
  let loads = loaded ? 1 : 0;
  let endedAt: number | undefined;
  /** Resource entries for `src` in this watch's window (see `mine`). */
  let seen = 0;
  let ping: (() => Promise<unknown>) | undefined;
  let pingSentAt: number | undefined;

  const end = (code: ErrorCode, why: string) => {
    stop();
    fail(new CashierError(code, `The payment frame ${why}`));
  };
  const ended = () => {
    endedAt ??= clock();
  };
  const onMessage = (event: MessageEvent) => {
    if (event.source === iframe.contentWindow && event.origin === frameOrigin) {
      spoke = true;
      win.removeEventListener('message', onMessage);
      observer?.disconnect();
    }
  };
  const onLoad = () => {
    if (loads++ && spoke) end(ErrorCode.ConnectionLost, 'navigated or reloaded');
    else ended();
  };
  const observer =
    typeof PerformanceObserver === 'function'
      ? new PerformanceObserver((list) => {
          const mine = ({ startTime }: PerformanceEntry) =>
            startTime >= entriesSince && !others.some((other) => other > entriesSince && other <= startTime);
          seen += list.getEntriesByName(src).filter(mine).length;
          // Watches begun in one task share a start, and an entry does not say whose frame it is:
          // it ends their waits once each of them has one (their own load or error ends it sooner).
          if (seen >= others.filter((other) => other === entriesSince).length + (listed ? 0 : 1)) ended();
        })
      : undefined;

  const removed = () => end(ErrorCode.ConnectionLost, 'was removed from the page');
  // The removal, seen when the task that made it ends (every browser has MutationObserver); an
  // iframe moved within one task (removed and appended again) is still in the page then.
  const removal = new MutationObserver(() => iframe.isConnected || removed());

  const check = () => {
    const now = performance.now();
    const gap = now - lastCheck;
    lastCheck = now;
    if (gap > 2 * HEARTBEAT_INTERVAL_MS || doc.visibilityState === 'hidden') paused += gap;
    const at = clock();
    if (!iframe.isConnected) return removed();
    if (!spoke) {
      if (at - (endedAt ?? at) >= FRAME_LOAD_GRACE_MS) return end(ErrorCode.FrameLoadFailed, 'did not start');
      return;
    }
    if (!ping) return;
    if (pingSentAt === undefined) {
      const sent = at;
      pingSentAt = sent;
      const answered = () => {
        if (pingSentAt === sent) pingSentAt = undefined;
      };
      Promise.resolve().then(ping).then(answered, answered);
    } else if (at - pingSentAt >= HEARTBEAT_TIMEOUT_MS) {
      end(ErrorCode.ConnectionLost, `did not answer for ${HEARTBEAT_TIMEOUT_MS} ms`);
    }
  };

  const timer = setInterval(check, HEARTBEAT_INTERVAL_MS);
  win.addEventListener('message', onMessage);
  iframe.addEventListener('load', onLoad);
  iframe.addEventListener('error', ended);
  removal.observe(doc, { childList: true, subtree: true });
  try {
    observer?.observe({ type: 'resource' });
  } catch {
    // no resource timing here: load, error and the timeout remain
  }

  function stop() {
    if (listed) others.splice(others.indexOf(entriesSince), 1);
    listed = 0;
    clearInterval(timer);
    win.removeEventListener('message', onMessage);
    iframe.removeEventListener('load', onLoad);
    iframe.removeEventListener('error', ended);
    observer?.disconnect();
    removal.disconnect();
  }
  return {
    connected(next) {
      ping = next;
    },
    stop,
  };
}
