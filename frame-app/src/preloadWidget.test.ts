import { describe, expect, it, vi } from 'vitest';
import { CashierError, ErrorCode, type FrameBootstrap, type SettingsClaim, type WidgetSettings } from '../../shared';
import { preloadWidget } from './preloadWidget';

const statics = 'http://127.0.0.1:4175/statics';
const settings = { widgetStaticsBaseUrl: statics, currency: 'EUR' } as unknown as WidgetSettings;
const bootstrap: FrameBootstrap = {
  host: 'https://api.example.com',
  configuration: { appInstance: 'token-1' },
  theme: 'inline',
  debug: false,
  canRevalidate: false,
  preload: true,
};

function setup(
  claim: SettingsClaim,
  getWidgetSettings = vi.fn(async () => settings),
  allowlist: unknown = 'development',
  pinnedBundles: readonly string[] = [],
) {
  const host = {
    claimWidgetSettings: vi.fn(async () => claim),
    publishWidgetSettings: vi.fn(),
    onApiInit: vi.fn(),
  };
  const loadBundle = vi.fn(async () => ({ mount: vi.fn() }));
  const run = preloadWidget({
    bootstrap,
    host,
    allowlist: allowlist as never,
    pinnedBundles,
    loadBundle,
    createClient: () => ({ getWidgetSettings, request: vi.fn() }),
  });
  return { host, loadBundle, getWidgetSettings, run };
}

describe('preloadWidget (issue 24: the frame warms the caches, mounts nothing)', () => {
  it('fetches the settings, publishes them to the page cache, imports the bundle without mounting, then says done', async () => {
    const { host, loadBundle, getWidgetSettings, run } = setup({ kind: 'fetch' });
    await run;
    expect(getWidgetSettings).toHaveBeenCalledTimes(1);
    expect(host.publishWidgetSettings).toHaveBeenCalledWith({ ok: true, settings });
    expect(loadBundle).toHaveBeenCalledWith(`${statics}/cashier-widget-lazy-component.bundle.min.js`);
    const module = await loadBundle.mock.results[0]?.value;
    expect(module.mount).not.toHaveBeenCalled();
    expect(host.onApiInit).toHaveBeenCalledWith([], {});
  });

  it('takes the cached settings without a request', async () => {
    const { host, loadBundle, getWidgetSettings, run } = setup({ kind: 'cached', settings });
    await run;
    expect(getWidgetSettings).not.toHaveBeenCalled();
    expect(loadBundle).toHaveBeenCalledTimes(1);
    expect(host.onApiInit).toHaveBeenCalledTimes(1);
  });

  it('a failure is published for the page cache but reported to nobody: it still says done, and never rejects', async () => {
    const failure = new CashierError(ErrorCode.HttpServerError, 'HTTP 500');
    const { host, loadBundle, run } = setup(
      { kind: 'fetch' },
      vi.fn(async () => {
        throw failure;
      }),
    );
    await expect(run).resolves.toBeUndefined();
    expect(host.publishWidgetSettings).toHaveBeenCalledWith({ ok: false, error: failure.toJSON() });
    expect(loadBundle).not.toHaveBeenCalled();
    expect(host.onApiInit).toHaveBeenCalledWith([], {});
  });

  it('does not fetch a bundle off the statics allowlist', async () => {
    const { host, loadBundle, run } = setup({ kind: 'fetch' }, undefined, ['https://cdn.example.com']);
    await run;
    expect(loadBundle).not.toHaveBeenCalled();
    expect(host.onApiInit).toHaveBeenCalledTimes(1);
  });

  it('a production build fetches only a bundle URL it pins (security review M2)', async () => {
    const origin = 'https://static.cashier.example';
    const pinned = `${origin}/statics/cashier-widget-lazy-component.bundle.min.js`;
    for (const [base, fetched] of [
      [`${origin}/statics`, [[pinned]]],
      [`${origin}/statics/standalone/`, []],
    ] as const) {
      const cached = { ...settings, widgetStaticsBaseUrl: base };
      const { loadBundle, run } = setup({ kind: 'cached', settings: cached }, undefined, [origin], [pinned]);
      await run;
      expect(loadBundle.mock.calls).toEqual(fetched);
    }
  });

  it('warms the look (issue 35) only when the warm-up was given an appearance or fonts', async () => {
    const getWidgetSettings = vi.fn(async () => settings);
    const warm = async (inputs: Partial<FrameBootstrap>) => {
      const warmAppearance = vi.fn();
      await preloadWidget({
        bootstrap: { ...bootstrap, ...inputs },
        host: { claimWidgetSettings: async () => ({ kind: 'fetch' }), publishWidgetSettings: vi.fn(), onApiInit: vi.fn() },
        allowlist: 'development',
        loadBundle: async () => ({ mount: vi.fn() }),
        createClient: () => ({ getWidgetSettings, request: vi.fn() }),
        warmAppearance,
      });
      return warmAppearance.mock.calls.length;
    };
    expect(await warm({})).toBe(0);
    expect(await warm({ appearance: { theme: 'night' } })).toBe(1);
    expect(await warm({ fonts: [{ family: 'A', src: 'https://f.example/a.woff2' }] })).toBe(1);
  });

  describe("the bundle's optional preload (issue 36 item 4)", () => {
    /** A warm-up of a bundle whose `preload` is `preload` (none: a bundle without it), in a frame that `canBeAdopted`. */
    const warmUp = async (preload: ((props: unknown) => void) | undefined, canBeAdopted: boolean) => {
      const request = vi.fn(async () => ({ countries: ['DE'] }));
      const host = {
        claimWidgetSettings: async () => ({ kind: 'cached', settings }) as const,
        publishWidgetSettings: vi.fn(),
        onApiInit: vi.fn(),
      };
      const module = { mount: vi.fn(), ...(preload ? { preload } : {}) };
      await preloadWidget({
        bootstrap: { ...bootstrap, locale: 'de-DE', configuration: { appInstance: 'token-1', msid: 'm' } },
        host,
        allowlist: 'development',
        loadBundle: async () => module,
        createClient: () => ({ getWidgetSettings: vi.fn(), request }),
        canBeAdopted,
      });
      return { host, module, request };
    };

    it("is called once in a frame a mount can adopt, with the warm-up's inputs, settings and the client's request; the frame does not wait for it", async () => {
      let given: { providerClient: { request: (config: unknown) => Promise<unknown> } } | undefined;
      const preload = vi.fn((props) => {
        given = props;
      });
      const { host, module, request } = await warmUp(preload, true);
      expect(preload).toHaveBeenCalledTimes(1);
      expect(preload).toHaveBeenCalledWith({
        host: bootstrap.host,
        configuration: { appInstance: 'token-1', msid: 'm' },
        debug: false,
        settings,
        locale: 'de-DE',
        providerClient: expect.objectContaining({ request }),
      });
      await expect(given?.providerClient.request({ method: 'get', path: 'locale/countries' })).resolves.toEqual({
        countries: ['DE'],
      });
      expect(request).toHaveBeenCalledWith({ method: 'get', path: 'locale/countries' });
      expect(module.mount).not.toHaveBeenCalled();
      expect(host.onApiInit).toHaveBeenCalledWith([], {});
    });

    it('is not called in a frame no mount can adopt (no moveBefore: the frame goes when done, and its replies with it)', async () => {
      const preload = vi.fn();
      const { host } = await warmUp(preload, false);
      expect(preload).not.toHaveBeenCalled();
      expect(host.onApiInit).toHaveBeenCalledTimes(1);
    });

    it('a bundle without it is only imported; one whose preload throws still ends the warm-up as done', async () => {
      expect((await warmUp(undefined, true)).host.onApiInit).toHaveBeenCalledWith([], {});
      const throwing = vi.fn(() => {
        throw new Error('boom');
      });
      const { host } = await warmUp(throwing, true);
      expect(throwing).toHaveBeenCalledTimes(1);
      expect(host.onApiInit).toHaveBeenCalledWith([], {});
    });
  });
});
