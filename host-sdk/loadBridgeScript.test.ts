// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The script-tag build's bridge loader (issue 10, issue 19's low finding): every kind of failure
// is forgotten, so the next mount tries again. jsdom runs no module script: the test fires the
// element's load or error itself, and the module behind the URL is a `data:` module (the
// `?retry=N` of a later try lands in its trailing comment).

/** A bridge module that runs, and one that throws as it runs. */
const GOOD = 'data:text/javascript,export const connectFrame = "bridge";//';
const THROWS = 'data:text/javascript,throw new Error("bridge threw");//';

/** The module script elements the loader appended, in order. */
let appended: HTMLScriptElement[] = [];

beforeEach(() => {
  vi.resetModules();
  appended = [];
  vi.stubEnv('CASHIER_BRIDGE_INTEGRITY', 'sha384-test');
  const append = document.head.append.bind(document.head);
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    appended.push(...(nodes as HTMLScriptElement[]));
    append(...nodes);
  });
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** Imports the loader afresh with the bridge at `file`; its warm-up at the page's load is the first try. */
async function importLoader(file: string) {
  vi.stubEnv('CASHIER_BRIDGE_FILE', file);
  const { loadBridge, loadedBridge } = await import('./loadBridgeScript');
  return Object.assign(loadBridge, { loadedBridge });
}

/** Fires the load event of the `index`th element and waits for the loader to settle. */
async function loaded(index: number) {
  appended[index]?.onload?.(new Event('load'));
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('loadBridgeScript', () => {
  it('fetches the bridge once per page, with its SRI hash, and hands over its module', async () => {
    const loadBridge = await importLoader(GOOD);
    expect(appended).toHaveLength(1); // the warm-up at the page's load
    expect(appended[0]).toMatchObject({ type: 'module', crossOrigin: 'anonymous', integrity: 'sha384-test', src: GOOD });
    const first = loadBridge();
    expect(loadBridge.loadedBridge()).toBeUndefined();
    await loaded(0);
    const bridge = await first;
    expect(bridge).toMatchObject({ connectFrame: 'bridge' });
    expect(loadBridge.loadedBridge()).toBe(bridge); // synchronously, from then on
    await expect(loadBridge()).resolves.toBe(bridge);
    expect(appended).toHaveLength(1);
  });

  it('a bridge that throws as it runs: this mount rejects, the next one fetches it again under a retry URL', async () => {
    const loadBridge = await importLoader(THROWS);
    const first = expect(loadBridge()).rejects.toThrow('bridge threw');
    await loaded(0);
    await first;
    expect(loadBridge.loadedBridge()).toBeUndefined();
    const second = expect(loadBridge()).rejects.toThrow('bridge threw');
    expect(appended).toHaveLength(2);
    expect(appended[1]?.src).toBe(`${THROWS}?retry=1`);
    await loaded(1);
    await second;
  });

  it('a bridge that did not load (error event): the next mount fetches it again', async () => {
    const loadBridge = await importLoader(GOOD);
    const first = loadBridge();
    appended[0]?.onerror?.(new Event('error'));
    await expect(first).rejects.toThrow(`${GOOD} did not load`);
    const second = loadBridge();
    expect(appended[1]?.src).toBe(`${GOOD}?retry=1`);
    await loaded(1);
    await expect(second).resolves.toMatchObject({ connectFrame: 'bridge' });
  });

  it('a Trusted Types page that refuses script.src: this mount rejects, the next one tries again', async () => {
    const refusal = new TypeError("This document requires 'TrustedScriptURL' assignment.");
    const src = vi.spyOn(HTMLScriptElement.prototype, 'src', 'set').mockImplementation(() => {
      throw refusal;
    });
    const loadBridge = await importLoader(GOOD);
    await expect(loadBridge()).rejects.toBe(refusal); // the warm-up's try failed; this is a new one
    expect(src).toHaveBeenCalledTimes(2);
    src.mockRestore();
    const next = loadBridge();
    expect(appended).toHaveLength(1);
    expect(appended[0]?.src).toBe(`${GOOD}?retry=2`);
    await loaded(0);
    await expect(next).resolves.toMatchObject({ connectFrame: 'bridge' });
  });
});
