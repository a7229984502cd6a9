// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CashierConfiguration, HostMethods } from '../shared';
import { loadBridge } from './loadBridge';
import { mountCashier } from './mountCashier';
import { type PreloadCashierOptions, preloadCashier } from './preloadCashier';

// Which mount adopts the warm frame (issue 24): only one with the preload's host, app instance,
// msid, frameUrl and debug. A frame warmed for another app instance or msid fetched another
// merchant's widget settings: a mount with other values makes its own frame and leaves the warm
// one waiting for the mount it was warmed for.

/** penpal replaced by a connection the test settles by hand, as in preloadCashier.test.ts. */
const penpal = vi.hoisted(() => ({ connect: vi.fn() }));
vi.mock('penpal', () => ({
  WindowMessenger: class {},
  connect: penpal.connect,
  CallOptions: class {},
}));

let connections: Array<{ methods: HostMethods }> = [];
let run = 0;
/** jsdom has no moveBefore: this one moves like insertBefore and records what it moved. */
const moves: Node[] = [];

beforeAll(async () => {
  await loadBridge(); // evaluated once, so each warm-up's import settles in microtasks
});
beforeEach(() => {
  connections = [];
  moves.length = 0;
  penpal.connect.mockReset();
  penpal.connect.mockImplementation(({ methods }: { methods: HostMethods }) => {
    connections.push({ methods });
    return { promise: new Promise(() => {}), destroy: vi.fn() };
  });
  Object.defineProperty(Element.prototype, 'moveBefore', {
    configurable: true,
    value(this: Element, node: Node, child: Node | null) {
      moves.push(node);
      this.insertBefore(node, child);
    },
  });
  run += 1; // each test its own warm-up (they are once per page and options)
});
afterEach(() => {
  delete (Element.prototype as { moveBefore?: unknown }).moveBefore;
  document.body.innerHTML = '';
});

const settled = async () => {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** Two meta site ids (GUIDs, as the provider takes them). */
const MSID_1 = '6f1c2a52-3a8e-4d43-9a4b-0c1f7e2d9b11';
const MSID_2 = '0b7e6d55-1c2f-4a3b-8e9d-5a4c3b2a1f00';

/** The options of a preload or mount in this test: its own app instance (`token` + this test's number). */
const options = (token: string, extra: Partial<CashierConfiguration> = {}, debug = false): PreloadCashierOptions => ({
  host: 'https://api.example.com',
  configuration: { appInstance: `${token}-${run}`, ...extra },
  frameUrl: 'http://127.0.0.1:4174/',
  debug,
});

describe('preloadCashier: a mount adopts the warm frame only with the same options (issue 24)', () => {
  it.each<{ name: string; preload: () => PreloadCashierOptions; mount: () => PreloadCashierOptions }>([
    { name: 'another debug', preload: () => options('token'), mount: () => options('token', {}, true) },
    { name: 'another appInstance', preload: () => options('token'), mount: () => options('other') },
    {
      name: 'another msid',
      preload: () => options('token', { msid: MSID_1 }),
      mount: () => options('token', { msid: MSID_2 }),
    },
    { name: 'an msid the preload had not', preload: () => options('token'), mount: () => options('token', { msid: MSID_1 }) },
    {
      name: 'no msid where the preload had one',
      preload: () => options('token', { msid: MSID_1 }),
      mount: () => options('token'),
    },
  ])('$name: the mount makes its own frame; the warm one waits, hidden, for a mount with the same options', async (row) => {
    const preload = row.preload();
    const done = preloadCashier(preload);
    await settled();
    connections[0]?.methods.onApiInit([], {});
    await done;
    const warm = document.querySelector('iframe') as HTMLIFrameElement;

    const mount = (opts: PreloadCashierOptions) =>
      mountCashier(document.body.appendChild(document.createElement('div')), { ...opts, onApiInit: vi.fn(), onCrash: vi.fn() });
    const other = mount(row.mount());
    expect(other.iframe, 'a frame of its own').not.toBe(warm);
    expect(moves).toEqual([]);
    expect(warm.getAttribute('aria-hidden'), 'the warm frame still hidden').toBe('true');
    expect(document.querySelectorAll('iframe')).toHaveLength(2);

    const same = mount(preload);
    expect(same.iframe, 'the mount it was warmed for adopts it').toBe(warm);
    expect(moves).toEqual([warm]);
    other.destroy();
    same.destroy();
  });
});
