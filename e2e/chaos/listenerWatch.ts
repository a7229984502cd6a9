// The chaos run's watch on the host page's event listeners: an init script that wraps
// `addEventListener` and `removeEventListener`, so that what a destroyed widget left behind can be
// named. Playwright serializes `installListenerWatch`: it must use nothing from this module's
// scope at run time (types only).

/** A listener the page still holds: on what, for what, and the mount whose `mountCashier` added it (null: added later, unattributed). */
export interface LiveListener {
  target: string;
  type: string;
  mount: number | null;
}

/** What the watch offers the harness (window.__chaosListeners). */
export interface ListenerWatch {
  /** Runs `mount`'s `mountCashier` call: listeners added during it are that mount's. */
  during<T>(mount: number, call: () => T): T;
  /** Listeners the SDK added and has not removed: on window or document (any type), or `message` on anything (a MessagePort). */
  live(): LiveListener[];
}

/**
 * Init script for the host page (the top frame on `hostOrigin` only). Keeps every listener the
 * SDK's script-tag build (`/host-sdk/`, penpal inside it) adds on window or document, and every
 * `message` listener it adds anywhere, until it is removed (by `removeEventListener` or its
 * `signal`); Playwright's own helpers and the page's scripts are left out by the caller's stack.
 * `once` listeners are not kept: they remove themselves.
 */
export function installListenerWatch(hostOrigin: string): void {
  if (window.top !== window || location.origin !== hostOrigin) return;
  type Entry = { target: EventTarget; type: string; listener: unknown; capture: boolean; mount: number | null };
  const live: Entry[] = [];
  let mounting: number | null = null;
  const bySdk = () => (new Error().stack ?? '').includes('/host-sdk/');
  const label = (target: EventTarget) =>
    target === window ? 'window' : target === document ? 'document' : (target.constructor?.name ?? 'EventTarget');
  const captureOf = (options: unknown) =>
    typeof options === 'boolean' ? options : !!(options as { capture?: boolean } | undefined)?.capture;
  const same = (e: Entry, target: EventTarget, type: string, listener: unknown, capture: boolean) =>
    e.target === target && e.type === type && e.listener === listener && e.capture === capture;
  const forget = (target: EventTarget, type: string, listener: unknown, capture: boolean) => {
    const index = live.findIndex((e) => same(e, target, type, listener, capture));
    if (index >= 0) live.splice(index, 1);
  };
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  EventTarget.prototype.addEventListener = function (this: EventTarget, type, listener, options) {
    add.call(this, type, listener, options);
    const once = typeof options === 'object' && options?.once;
    const watched = this === window || this === document || type === 'message';
    if (!listener || once || !watched || !bySdk()) return;
    const capture = captureOf(options);
    if (live.some((e) => same(e, this, type, listener, capture))) return; // the DOM ignores a second add
    live.push({ target: this, type, listener, capture, mount: mounting });
    const signal = typeof options === 'object' ? options?.signal : undefined;
    signal?.addEventListener('abort', () => forget(this, type, listener, capture), { once: true });
  };
  EventTarget.prototype.removeEventListener = function (this: EventTarget, type, listener, options) {
    remove.call(this, type, listener, options);
    forget(this, type, listener, captureOf(options));
  };
  const watch: ListenerWatch = {
    during(mount, call) {
      mounting = mount;
      try {
        return call();
      } finally {
        mounting = null;
      }
    },
    live: () => live.map((e) => ({ target: label(e.target), type: e.type, mount: e.mount })),
  };
  (window as unknown as { __chaosListeners: ListenerWatch }).__chaosListeners = watch;
}
