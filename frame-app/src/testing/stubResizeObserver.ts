import { vi } from 'vitest';

/**
 * jsdom has no ResizeObserver: stubs the global (undone by `vi.unstubAllGlobals()` or the config's
 * `unstubGlobals`) with one that never reports by itself, as in a cross-site frame Chromium does
 * not render (out of view). Calling a callback it returns is a report from a rendered frame; a
 * disconnected observer's callback is gone from the list.
 * @returns the callbacks of the observers now connected, live.
 */
export function stubResizeObserver(): (() => void)[] {
  const callbacks: (() => void)[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      readonly #callback: () => void;
      constructor(callback: () => void) {
        this.#callback = callback;
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {
        const at = callbacks.indexOf(this.#callback);
        if (at !== -1) callbacks.splice(at, 1);
      }
    },
  );
  return callbacks;
}
