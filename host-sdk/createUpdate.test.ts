import { describe, expect, it, vi } from 'vitest';
import { type ApiCallResult, CashierError, type CashierUpdate, ErrorCode } from '../shared';
import { createUpdate } from './createUpdate';
import type { ResolvedOptions } from './resolveOptions';

const inputs = (): ResolvedOptions => ({
  host: 'https://tickets.example.com',
  configuration: { appInstance: 'token-1' },
  theme: 'inline',
  debug: false,
  frameUrl: 'https://cdn.example.com/',
  orderId: 'ord_1',
  locale: 'en',
});

/** createUpdate with a frame whose `update` answers `answer`. */
function setup(answer: (changes: CashierUpdate) => Promise<ApiCallResult>, destroyed = false) {
  const options = inputs();
  const frame = { update: vi.fn(answer) };
  /** The theme and locale the SDK's alert and the iframe's title took at each `onChange`. */
  const themes: string[] = [];
  const locales: (string | undefined)[] = [];
  const onChange = vi.fn(() => {
    themes.push(options.theme);
    locales.push(options.locale);
  });
  const update = createUpdate({ options, isDestroyed: () => destroyed, remote: async () => frame, onChange });
  return { options, frame, onChange, themes, locales, update };
}
const applied = async (): Promise<ApiCallResult> => ({ ok: true, value: undefined });

describe('createUpdate', () => {
  it('writes the changes into the inputs at once, sends only the given ones, resolves when the frame applied them', async () => {
    const { options, frame, themes, update } = setup(applied);
    const buyer = { email: 'a@b.co' };
    const done = update({ theme: 'modal', orderId: undefined, buyer });
    expect(options).toMatchObject({ theme: 'modal', orderId: 'ord_1', buyer });
    expect(themes).toEqual(['modal']);
    await expect(done).resolves.toBeUndefined();
    expect(frame.update).toHaveBeenCalledWith({ theme: 'modal', buyer });
    buyer.email = 'changed@b.co'; // the host's object: a later edit of it changes nothing
    expect(options.buyer).toEqual({ email: 'a@b.co' });
  });

  it('sends the locale canonical (Intl.getCanonicalLocales) and keeps it so in the inputs, the title and alert at once', async () => {
    const { options, frame, locales, update } = setup(applied);
    const done = update({ locale: 'DE-at' });
    expect(locales).toEqual(['de-AT']);
    await done;
    expect(frame.update).toHaveBeenCalledWith({ locale: 'de-AT' });
    expect(options.locale).toBe('de-AT');
  });

  it('a refused locale is taken back, from the title and alert too', async () => {
    const refusal = new CashierError(ErrorCode.BundleCrashed, 'no');
    const { options, locales, update } = setup(async () => ({ ok: false, error: refusal.toJSON() }));
    await expect(update({ locale: 'he' })).rejects.toMatchObject({ code: ErrorCode.BundleCrashed });
    expect(options.locale).toBe('en');
    expect(locales).toEqual(['he', 'en']);
  });

  it("a refusal by the frame rejects with its error and takes the changes back (the alert's theme too)", async () => {
    const refusal = new CashierError(ErrorCode.PaymentOpen, 'open', { orderId: 'ord_1' });
    const { options, themes, update } = setup(async () => ({ ok: false, error: refusal.toJSON() }));
    await expect(update({ theme: 'modal', orderId: 'ord_2' })).rejects.toMatchObject({
      name: 'CashierError',
      code: 'PAYMENT_OPEN',
      details: { orderId: 'ord_1' },
    });
    expect(options).toMatchObject({ theme: 'inline', orderId: 'ord_1' });
    expect(themes).toEqual(['modal', 'inline']);
  });

  it('a frame that is gone rejects CONNECTION_LOST and keeps the theme (the SDK alert shows it)', async () => {
    const { options, update } = setup(() => Promise.reject(Object.assign(new Error('gone'), { code: 'CONNECTION_DESTROYED' })));
    await expect(update({ theme: 'modal' })).rejects.toMatchObject({ code: 'CONNECTION_LOST' });
    expect(options.theme).toBe('modal');
  });

  // Issue 20 item 6: updates overlap (the host sends B before the frame answered A). A refusal
  // takes back only its own change: the inputs end at the last change the frame did not refuse,
  // never rolled back past a later update, nor to a value that was itself refused.
  const overlapping = [
    {
      name: 'A, then B on the same key, A refused: the inputs stay at B',
      updates: [{ orderId: 'ord_2' }, { orderId: 'ord_3' }],
      answers: [['refuse', 0]],
      expected: { orderId: 'ord_3' },
    },
    {
      name: 'A, then B with the same value, A refused: the inputs stay at B',
      updates: [{ orderId: 'ord_2', theme: 'modal' }, { orderId: 'ord_2' }],
      answers: [['refuse', 0]],
      expected: { orderId: 'ord_2', theme: 'inline' },
    },
    {
      name: 'A, then B with the same theme, A refused: the theme stays at B, the alert keeps it',
      updates: [{ theme: 'modal' }, { theme: 'modal' }],
      answers: [['refuse', 0]],
      expected: { theme: 'modal' },
      themes: ['modal', 'modal', 'modal'],
    },
    {
      name: 'A, then B, both refused (A first): back to before A, not to the refused A',
      updates: [{ orderId: 'ord_2' }, { orderId: 'ord_3' }],
      answers: [
        ['refuse', 0],
        ['refuse', 1],
      ],
      expected: { orderId: 'ord_1' },
    },
    {
      name: 'A, then B, B refused first, then A: back to A, then to before A',
      updates: [{ orderId: 'ord_2' }, { orderId: 'ord_3' }],
      answers: [
        ['refuse', 1],
        ['refuse', 0],
      ],
      expected: { orderId: 'ord_1' },
    },
    {
      name: 'A applied, then B refused: back to A',
      updates: [
        { orderId: 'ord_2', theme: 'modal' },
        { orderId: 'ord_3', theme: 'inline' },
      ],
      answers: [
        ['apply', 0],
        ['refuse', 1],
      ],
      expected: { orderId: 'ord_2', theme: 'modal' },
      themes: ['modal', 'inline', 'modal'],
    },
  ] as const;
  for (const { name, updates, answers, expected, ...rest } of overlapping) {
    it(`overlapping updates: ${name}`, async () => {
      const refusal = new CashierError(ErrorCode.PaymentOpen, 'open').toJSON();
      const pending: ((result: ApiCallResult) => void)[] = [];
      const { options, themes, update } = setup(() => new Promise((resolve) => pending.push(resolve)));
      const calls = updates.map((changes) => update(changes).catch(() => undefined));
      await vi.waitFor(() => expect(pending).toHaveLength(updates.length));
      for (const [answer, index] of answers) {
        pending[index]?.(answer === 'apply' ? { ok: true, value: undefined } : { ok: false, error: refusal });
        await calls[index];
      }
      expect(options).toMatchObject(expected);
      if ('themes' in rest) expect(themes).toEqual(rest.themes);
    });
  }

  it('after destroy it rejects DESTROYED and changes nothing', async () => {
    const { options, frame, update } = setup(applied, true);
    await expect(update({ theme: 'modal' })).rejects.toMatchObject({ code: 'DESTROYED' });
    expect(options.theme).toBe('inline');
    expect(frame.update).not.toHaveBeenCalled();
  });
});
