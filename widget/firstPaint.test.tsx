// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { type AddressFormat, ProviderPaths as P, type ProviderRequest } from '../shared';
import { FIRST_PAINT_CAP_MS } from './createFirstPaint';
import { preload } from './preload';
import { fakeProviderClient, mountNow, WAIT, widgetProps } from './testing/mountWidget';
import { VISA } from './testing/savedCards';

// Issue 36 item 1: the widget's first form is its settled form. A placeholder shows while the
// order's methods and hold, the billing fields of the buyer's country and who the buyer is are
// fetched, all at once; the form replaces it with all of them. Outside React's act environment,
// as in a browser: the provider's replies are answered by hand and the tests wait on the DOM.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const US: AddressFormat = {
  country: 'US',
  postalCode: { pattern: '\\d{5}', label: 'zip', example: '95014' },
  subdivision: { type: 'ADMINISTRATIVE_AREA_LEVEL_1', label: 'state' },
};

/** The replies by path: everything the widget asks for order ord_1 of a buyer (`buyer`: buyer info's reply). */
const replies = (buyer: unknown): Record<string, unknown> => ({
  [P.paymentMethodsByOrder('ord_1')]: [
    { type: 'CARD', label: 'Card' },
    { type: 'PAY_AT_VENUE', label: 'Pay at the venue' },
  ],
  [P.order('ord_1')]: {
    id: 'ord_1',
    status: 'AWAITING_PAYMENT',
    createdAt: '',
    holdExpiresAt: new Date(Date.now() + 600_000).toISOString(),
  },
  [P.localeCountries]: { countries: ['GB', 'US'] },
  [P.buyerCountry]: { country: null },
  [P.localeAddress('US')]: US,
  [P.localeStates('US')]: { states: [{ code: 'CA', name: 'California', type: 'ADMINISTRATIVE_AREA_LEVEL_1' }] },
  [P.buyerInfo]: buyer,
  [P.creditCards]: [VISA],
});

/** The requests of round one that no order decides: the billing fields and who the buyer is. */
const ORDERLESS = [P.localeCountries, P.buyerCountry, P.localeAddress('US'), P.localeStates('US'), P.buyerInfo];
/** What the widget reads of order ord_1 before its form: its methods and (the hold) the order. */
const ORDER = [P.paymentMethodsByOrder('ord_1'), P.order('ord_1')];

/** A provider whose requests wait until `answer(path)`; `asked` lists the paths asked so far. */
function handProvider(buyer: unknown) {
  const waiting = new Map<string, () => void>();
  const asked: string[] = [];
  const request = ({ path }: ProviderRequest) => {
    asked.push(path);
    const reply = replies(buyer)[path];
    if (reply === undefined) return Promise.reject(new Error(`unexpected ${path}`));
    return new Promise<unknown>((resolve) => waiting.set(path, () => resolve(reply)));
  };
  const answer = async (path: string) => {
    await vi.waitFor(() => expect(waiting.has(path), `${path} asked`).toBe(true), WAIT);
    waiting.get(path)?.();
    waiting.delete(path);
  };
  return { providerClient: fakeProviderClient(request), answer, asked };
}

/** What the form had when it first appeared in `container` (null until then), recorded as it was committed. */
function watchFirstForm(container: HTMLElement) {
  const first: { current: Record<string, boolean> | null } = { current: null };
  const has = (selector: string) => container.querySelector(selector) !== null;
  const observer = new MutationObserver(() => {
    if (first.current || !has('form')) return;
    first.current = {
      placeholder: has('[data-cashier-skeleton]'),
      methods: container.querySelector('input[type=radio][value=PAY_AT_VENUE]') !== null,
      hold: /held for/.test(container.textContent ?? ''),
      postalCode: has('[autocomplete="postal-code"]'),
      state: has('[autocomplete="address-level1"]'),
      savedCard: /4242/.test(container.textContent ?? ''),
    };
  });
  observer.observe(container, { subtree: true, childList: true, characterData: true });
  return first;
}

describe('the first form is the settled form (issue 36 item 1)', () => {
  it.each([
    // A member's saved card is chosen: the new card's fields, billing included, show when the buyer asks for a new card.
    { buyer: 'a guest', reply: { type: 'GUEST' }, paths: [] as string[], savedCard: false, billing: true },
    {
      buyer: 'a member with a saved card',
      reply: { type: 'MEMBER', memberId: 'm1' },
      paths: [P.creditCards],
      savedCard: true,
      billing: false,
    },
  ])(
    '$buyer: the placeholder until the last reply, then the form with its methods, hold, billing fields and cards at once',
    async ({ reply, paths, savedCard, billing }) => {
      const provider = handProvider(reply);
      const container = document.body.appendChild(document.createElement('div'));
      const first = watchFirstForm(container);
      const { props } = await mountNow({ providerClient: provider.providerClient, onChange: vi.fn() }, container);
      await vi.waitFor(() => expect(container.querySelector('[data-cashier-skeleton]'), 'the placeholder').not.toBeNull(), WAIT);
      // Round one, all at once, before any reply (the saved cards' list needs buyer info first).
      const roundOne = [
        P.paymentMethodsByOrder('ord_1'),
        P.order('ord_1'),
        P.localeCountries,
        P.buyerCountry,
        P.localeAddress('US'),
        P.localeStates('US'),
        P.buyerInfo,
      ];
      await vi.waitFor(() => expect(provider.asked).toEqual(expect.arrayContaining(roundOne)), WAIT);
      const order = [...roundOne, ...paths];
      for (const path of order.slice(0, -1)) {
        await provider.answer(path);
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(container.querySelector('form'), `no form with ${path} in and ${order.at(-1)} still on its way`).toBeNull();
        expect(props.onChange, 'no onChange before the form shows').not.toHaveBeenCalled();
      }
      await provider.answer(order.at(-1) as string);
      await vi.waitFor(() => expect(first.current).not.toBeNull(), WAIT);
      expect(first.current).toEqual({
        placeholder: false,
        methods: true,
        hold: true,
        postalCode: billing,
        state: billing,
        savedCard,
      });
      await vi.waitFor(() => expect(props.onChange).toHaveBeenCalledTimes(1), WAIT);
      container.remove();
    },
  );

  it("an order an update gives does not hold the form back: it shows once the billing fields and buyer info are in, then the order's methods and hold join it", async () => {
    const provider = handProvider({ type: 'GUEST' });
    const container = document.body.appendChild(document.createElement('div'));
    const first = watchFirstForm(container);
    // As the demo does: the widget mounts at the tap, the order's id follows once the order is made.
    const mountedAt = performance.now();
    const widget = await mountNow({ providerClient: provider.providerClient, orderId: undefined }, container);
    await vi.waitFor(() => expect(provider.asked).toEqual(expect.arrayContaining(ORDERLESS)), WAIT);
    const updated = widget.update({ orderId: 'ord_1' });
    await vi.waitFor(() => expect(provider.asked).toEqual(expect.arrayContaining(ORDER)), WAIT);
    for (const path of ORDERLESS) await provider.answer(path);
    await vi.waitFor(() => expect(first.current, "the form, with ord_1's replies still out").not.toBeNull(), WAIT);
    // Not the cap's form: that one would show as well, after FIRST_PAINT_CAP_MS.
    expect(performance.now() - mountedAt, 'ms from the mount to the form').toBeLessThan(FIRST_PAINT_CAP_MS);
    expect(first.current).toEqual({
      placeholder: false,
      methods: false,
      hold: false,
      postalCode: true,
      state: true,
      savedCard: false,
    });
    for (const path of ORDER) await provider.answer(path);
    await updated;
    await vi.waitFor(() => expect(container.querySelector('input[type=radio][value=PAY_AT_VENUE]')).not.toBeNull(), WAIT);
    await vi.waitFor(() => expect(container.textContent).toMatch(/held for/), WAIT);
    container.remove();
  });

  it.each([
    { buyer: 'a guest', reply: { type: 'GUEST' }, warm: ORDERLESS },
    { buyer: 'a member', reply: { type: 'MEMBER', memberId: 'm1' }, warm: [...ORDERLESS, P.creditCards] },
  ])(
    "$buyer, after the bundle's preload in this frame (issue 36 item 4): the mount asks only for its order, and its form waits for nothing else",
    async ({ reply, warm }) => {
      const provider = handProvider(reply);
      const { host, configuration, settings, locale } = widgetProps();
      preload({ host, configuration, settings, debug: false, locale, providerClient: provider.providerClient });
      for (const path of warm) await provider.answer(path); // a member's cards once buyer info says so
      expect(provider.asked.slice().sort(), 'the warm-up asks what no order decides, nothing else').toEqual(warm.slice().sort());
      provider.asked.length = 0;
      const container = document.body.appendChild(document.createElement('div'));
      const first = watchFirstForm(container);
      await mountNow({ providerClient: provider.providerClient, orderId: 'ord_1' }, container);
      await vi.waitFor(() => expect(provider.asked).toEqual(expect.arrayContaining(ORDER)), WAIT);
      for (const path of ORDER) await provider.answer(path);
      await vi.waitFor(() => expect(first.current).not.toBeNull(), WAIT);
      expect(first.current).toMatchObject({ methods: true, hold: true, savedCard: reply.type === 'MEMBER' });
      expect(provider.asked, 'nothing the warm-up asked is asked again').toEqual(ORDER);
      container.remove();
    },
  );
});
