// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostMethods } from '../shared';
import { STANDBY_CHANNEL } from '../shared';
import { loadBridge } from './loadBridge';
import { mountCashier } from './mountCashier';
import { type PreloadCashierOptions, preloadCashier } from './preloadCashier';

/** penpal replaced by a connection the test settles by hand (the real handshake is covered in e2e/preload.spec.ts). */
const penpal = vi.hoisted(() => ({ connect: vi.fn() }));
vi.mock('penpal', () => ({
  WindowMessenger: class {},
  connect: penpal.connect,
  CallOptions: class {},
}));

interface FakeConnection {
  methods: HostMethods;
  reject: (error: unknown) => void;
  destroy: ReturnType<typeof vi.fn>;
}
let connections: FakeConnection[] = [];
let appInstance = 0;

beforeAll(async () => {
  await loadBridge(); // the bridge module evaluated once, so each warm-up's import settles in microtasks
});

beforeEach(() => {
  connections = [];
  penpal.connect.mockReset();
  penpal.connect.mockImplementation(({ methods }: { methods: HostMethods }) => {
    let reject!: FakeConnection['reject'];
    const promise = new Promise((_, rej) => {
      reject = rej;
    });
    const connection: FakeConnection = { methods, reject, destroy: vi.fn() };
    connections.push(connection);
    return { promise, destroy: connection.destroy };
  });
  appInstance += 1; // each test its own warm-up (they are once per page and options)
});

afterEach(() => {
  document.body.innerHTML = '';
});

const options = (extra: Partial<PreloadCashierOptions> = {}): PreloadCashierOptions => ({
  host: 'https://api.example.com',
  configuration: { appInstance: `token-${appInstance}` },
  frameUrl: 'http://127.0.0.1:4174/',
  ...extra,
});
const settled = async () => {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('preloadCashier (issue 24)', () => {
  it.each([
    ['options', undefined, /^preloadCashier: options must be an object/],
    ['options.host', { host: 'ftp://api.example.com' }, /^preloadCashier: options\.host must be an https URL/],
    [
      'options.configuration.appInstance',
      { configuration: { appInstance: '' } },
      /^preloadCashier: options\.configuration\.appInstance must be/,
    ],
    ['options.frameUrl', { frameUrl: 'http://api.example.com/' }, /^preloadCashier: options\.frameUrl must be an https URL/],
    ['options.debug', { debug: 'yes' }, /^preloadCashier: options\.debug must be a boolean/],
  ])('a bad %s throws a TypeError naming it, and creates nothing', (_, extra, message) => {
    const bad = extra === undefined ? undefined : options(extra as Partial<PreloadCashierOptions>);
    expect(() => preloadCashier(bad as PreloadCashierOptions)).toThrow(TypeError);
    expect(() => preloadCashier(bad as PreloadCashierOptions)).toThrow(message);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('adds one hidden frame (no tab stop, no accessibility node, no box) and preconnect hints; asks the frame for a preload; removes it once done where frames cannot move (no Element.moveBefore, as jsdom)', async () => {
    expect('moveBefore' in document.documentElement).toBe(false);
    const done = preloadCashier(options());
    await settled();
    const frames = document.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    const frame = frames[0] as HTMLIFrameElement;
    expect(frame.getAttribute('aria-hidden')).toBe('true');
    expect(frame.tabIndex).toBe(-1);
    expect(frame.hasAttribute('inert')).toBe(true);
    expect(frame.style.width).toBe('0px');
    expect(frame.style.height).toBe('0px');
    expect(frame.style.visibility).toBe('hidden');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms allow-popups');
    expect(frame.src).not.toContain('token');
    const hints = [...document.querySelectorAll('link[rel=preconnect]')].map((l) => l.getAttribute('href'));
    expect(hints).toEqual(expect.arrayContaining(['http://127.0.0.1:4174', 'https://api.example.com']));
    const [connection] = connections;
    expect(connection?.methods.getBootstrap()).toMatchObject({
      preload: true,
      configuration: { appInstance: `token-${appInstance}` },
    });
    connection?.methods.onApiInit([], {});
    await expect(done).resolves.toBeUndefined();
    expect(document.querySelector('iframe')).toBeNull();
    expect(connection?.destroy).toHaveBeenCalled();
  });

  it('reports an option name it does not know with console.warn once the bridge has loaded, and warms up all the same', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    void preloadCashier({ ...options(), frameURL: 'http://127.0.0.1:4174/' } as PreloadCashierOptions);
    await settled();
    expect(warn.mock.calls).toEqual([['preloadCashier: unknown option "frameURL" (did you mean "frameUrl"?)']]);
    expect(connections).toHaveLength(1);
    connections[0]?.reject(new Error('gone'));
  });

  it('twice with the same options is one warm-up; other options are another', async () => {
    const first = preloadCashier(options());
    const second = preloadCashier(options());
    await settled();
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    preloadCashier(options({ debug: true }));
    await settled();
    expect(document.querySelectorAll('iframe')).toHaveLength(2);
    connections[0]?.methods.onApiInit([], {});
    await Promise.all([first, second]);
    expect(connections).toHaveLength(2);
  });

  it('a frame that never connects is removed when the connection fails; nothing is reported, nothing rejects', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const done = preloadCashier(options());
    await settled();
    connections[0]?.reject(new Error('timed out'));
    await expect(done).resolves.toBeUndefined();
    expect(document.querySelector('iframe')).toBeNull();
    // a crash the frame reports ends it the same way, quietly
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  describe('where Element.moveBefore exists (issue 24: the mount adopts the warm frame)', () => {
    /** jsdom has no moveBefore: this one moves like insertBefore (jsdom's frames load nothing, so nothing reloads). */
    const moves: Node[] = [];
    beforeEach(() => {
      moves.length = 0;
      Object.defineProperty(Element.prototype, 'moveBefore', {
        configurable: true,
        value(this: Element, node: Node, child: Node | null) {
          moves.push(node);
          this.insertBefore(node, child);
        },
      });
    });
    afterEach(() => {
      delete (Element.prototype as { moveBefore?: unknown }).moveBefore;
    });
    const mountOptions = () => ({ ...options(), onApiInit: vi.fn(), onCrash: vi.fn() });

    it('the warm frame stays hidden once done; a mount with the same options moves it into its element, shows it and connects on STANDBY_CHANNEL', async () => {
      const done = preloadCashier(options());
      await settled();
      connections[0]?.methods.onApiInit([], {});
      await done;
      expect(connections[0]?.destroy, 'the warm-up connection ends').toHaveBeenCalled();
      const warm = document.querySelector('iframe') as HTMLIFrameElement;
      expect(warm.getAttribute('aria-hidden')).toBe('true');

      const el = document.body.appendChild(document.createElement('div'));
      const handle = mountCashier(el, mountOptions());
      expect(handle.iframe, 'no new frame').toBe(warm);
      expect(moves).toEqual([warm]);
      expect(el.firstChild).toBe(warm);
      expect(document.querySelectorAll('iframe')).toHaveLength(1);
      for (const name of ['aria-hidden', 'inert', 'tabindex']) expect(warm.hasAttribute(name), name).toBe(false);
      expect(warm.style.cssText).toBe('border: 0px; border-radius: 1px; width: 100%; display: block; height: 0px;');
      await settled();
      expect(penpal.connect).toHaveBeenLastCalledWith(expect.objectContaining({ channel: STANDBY_CHANNEL }));
      expect(connections[1]?.methods.getBootstrap(), "the mount's own inputs").not.toHaveProperty('preload');
      handle.destroy();
    });

    it('a warm frame is adopted once: the next mount, and a mount with other options, make their own frames', async () => {
      const done = preloadCashier(options());
      await settled();
      connections[0]?.methods.onApiInit([], {});
      await done;
      const warm = document.querySelector('iframe');
      const first = mountCashier(document.body.appendChild(document.createElement('div')), mountOptions());
      const second = mountCashier(document.body.appendChild(document.createElement('div')), mountOptions());
      expect(first.iframe).toBe(warm);
      expect(second.iframe).not.toBe(warm);
      expect(moves).toHaveLength(1);
      await settled();
      expect(penpal.connect).toHaveBeenLastCalledWith(expect.objectContaining({ channel: undefined }));
      first.destroy();
      second.destroy();
    });

    it('a mount while the warm-up is still under way adopts the warming frame: one frame in the page, still in the mount once the warm-up ends', async () => {
      const done = preloadCashier(options());
      await settled();
      const warming = document.querySelector('iframe');
      const el = document.body.appendChild(document.createElement('div'));
      const early = mountCashier(el, mountOptions());
      expect(early.iframe).toBe(warming);
      expect(moves).toEqual([warming]);
      expect(document.querySelectorAll('iframe')).toHaveLength(1);
      connections[0]?.methods.onApiInit([], {});
      await done;
      expect(el.firstChild, 'the warm-up ending leaves the adopted frame where it is').toBe(warming);
      await settled();
      expect(penpal.connect).toHaveBeenLastCalledWith(expect.objectContaining({ channel: STANDBY_CHANNEL }));
      early.destroy();
    });

    it('a failed warm-up keeps no frame, and the next mount makes its own', async () => {
      const done = preloadCashier(options());
      await settled();
      connections[0]?.reject(new Error('timed out'));
      await done;
      expect(document.querySelectorAll('iframe')).toHaveLength(0);
      const later = mountCashier(document.body.appendChild(document.createElement('div')), mountOptions());
      expect(moves).toEqual([]);
      expect(document.querySelectorAll('iframe')).toHaveLength(1);
      later.destroy();
    });
  });
});
