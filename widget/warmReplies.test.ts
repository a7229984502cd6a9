import { describe, expect, it, vi } from 'vitest';
import type { ProviderRequest } from '../shared';
import { createWarmReplies, WARM_REPLY_MAX_AGE_MS, type WarmScope } from './warmReplies';

// The warm-up's replies, kept in the frame's memory for the mount that adopts it (issue 36 item 4).

const SCOPE: WarmScope = { host: 'https://api.example', configuration: { appInstance: 'tok', msid: 'm1' } };
const COUNTRIES: ProviderRequest = { method: 'get', path: 'locale/countries' };

/** A warm-up that asked `asked` (its provider answers each path with `warm:<path>`, or fails `failing`), then a mount. */
function warmThenMount({
  asked = [COUNTRIES],
  failing = [] as string[],
  mountScope = SCOPE,
  minutesBetween = 1,
}: {
  asked?: ProviderRequest[];
  failing?: string[];
  mountScope?: WarmScope;
  minutesBetween?: number;
} = {}) {
  let clock = 0;
  const warm = createWarmReplies(() => clock);
  const warmSend = vi.fn(async ({ path }: ProviderRequest) => {
    if (failing.includes(path)) throw new Error(`warm-up ${path} failed`);
    return `warm:${path}`;
  });
  const record = warm.record(SCOPE, warmSend);
  for (const config of asked) record(config).catch(() => undefined);
  clock += minutesBetween * 60_000;
  const mountSend = vi.fn(async ({ path }: ProviderRequest) => `mount:${path}`);
  return { serve: warm.serve(mountScope, mountSend), warm, warmSend, mountSend };
}

describe('createWarmReplies (issue 36 item 4: the warm-up asks, the adopting mount is answered from memory)', () => {
  it.each([
    { name: 'a GET the warm-up asked, same scope', mount: COUNTRIES, over: {}, answer: 'warm:locale/countries', mountAsks: 0 },
    {
      name: 'the same path with another query',
      mount: { ...COUNTRIES, params: { a: '1' } },
      over: {},
      answer: 'mount:locale/countries',
      mountAsks: 1,
    },
    {
      name: 'a GET the warm-up did not ask',
      mount: { method: 'get', path: 'buyer-info' },
      over: {},
      answer: 'mount:buyer-info',
      mountAsks: 1,
    },
    {
      name: 'another app instance',
      mount: COUNTRIES,
      over: { mountScope: { ...SCOPE, configuration: { appInstance: 'other', msid: 'm1' } } },
      answer: 'mount:locale/countries',
      mountAsks: 1,
    },
    {
      name: 'another msid',
      mount: COUNTRIES,
      over: { mountScope: { ...SCOPE, configuration: { appInstance: 'tok' } } },
      answer: 'mount:locale/countries',
      mountAsks: 1,
    },
    {
      name: 'another host',
      mount: COUNTRIES,
      over: { mountScope: { ...SCOPE, host: 'https://proxy.example' } },
      answer: 'mount:locale/countries',
      mountAsks: 1,
    },
    {
      name: 'a warm-up older than WARM_REPLY_MAX_AGE_MS',
      mount: COUNTRIES,
      over: { minutesBetween: WARM_REPLY_MAX_AGE_MS / 60_000 + 1 },
      answer: 'mount:locale/countries',
      mountAsks: 1,
    },
    {
      name: 'a warm reply that failed (the mount asks, with its retries)',
      mount: COUNTRIES,
      over: { failing: ['locale/countries'] },
      answer: 'mount:locale/countries',
      mountAsks: 1,
    },
    {
      name: 'a GET that wants the reply’s Date (a hold’s clock)',
      mount: { ...COUNTRIES, onDate: () => undefined },
      over: { asked: [{ ...COUNTRIES, onDate: () => undefined }] },
      answer: 'mount:locale/countries',
      mountAsks: 1,
    },
    {
      name: 'a DELETE to a path the warm-up asked',
      mount: { ...COUNTRIES, method: 'delete' },
      over: { asked: [COUNTRIES, { ...COUNTRIES, method: 'delete' }] },
      answer: 'mount:locale/countries',
      mountAsks: 1,
    },
  ])('$name → $answer', async ({ mount, over, answer, mountAsks }) => {
    const { serve, mountSend } = warmThenMount(over);
    await expect(serve(mount)).resolves.toBe(answer);
    expect(mountSend).toHaveBeenCalledTimes(mountAsks);
  });

  it('a reply still in flight is shared: the warm-up asked once, the mount gets its answer', async () => {
    const warm = createWarmReplies(() => 0);
    let answer!: (value: unknown) => void;
    const warmSend = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    void warm.record(SCOPE, warmSend)(COUNTRIES);
    const mountSend = vi.fn(async () => 'mount');
    const reply = warm.serve(SCOPE, mountSend)(COUNTRIES);
    answer({ countries: ['DE'] });
    await expect(reply).resolves.toEqual({ countries: ['DE'] });
    expect(warmSend).toHaveBeenCalledTimes(1);
    expect(mountSend).not.toHaveBeenCalled();
  });

  it('each reply once, and the first mount takes them all: its second ask and the next mount go to the provider', async () => {
    const { serve, warm, mountSend } = warmThenMount();
    await expect(serve(COUNTRIES)).resolves.toBe('warm:locale/countries');
    await expect(serve(COUNTRIES)).resolves.toBe('mount:locale/countries');
    const next = vi.fn(async () => 'next mount');
    await expect(warm.serve(SCOPE, next)(COUNTRIES)).resolves.toBe('next mount');
    expect(mountSend).toHaveBeenCalledTimes(1);
  });
});
