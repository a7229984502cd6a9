// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CashierError, type Charge, ErrorCode, ProviderPaths, type ProviderRequest } from '../shared';
import { LOCKED_EXPLANATION } from './CardForm';
import { FIRST_PAINT_CAP_MS } from './createFirstPaint';
import { createFormStore, type FormStore } from './createFormStore';
import { OUTCOME_UNKNOWN_NOTICE } from './index';
import { english } from './testing/english';
import { approvedCharge, typeInto } from './testing/httpWidget';
import { fakeProviderClient, mountNow, mountWidget, type TestApi, VAULT } from './testing/mountWidget';
import { CARD_FIELDS } from './validateCardForm';

// The real store, watched: a test reads the mount's store after the form that showed it is gone.
vi.mock('./createFormStore', async (original) => {
  const real = await original<typeof import('./createFormStore')>();
  return { ...real, createFormStore: vi.fn(real.createFormStore) };
});

// In React's act environment: what the buyer does is wrapped in act, and every provider reply is
// a fake's, answered at once, so the widget settles inside the act that started it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The container of the widget the test mounted last. */
let container: HTMLElement;

/**
 * Mounts the widget without an order. Its provider answers nothing: the billing countries and the
 * buyer's info, the only things it asks for, fail at once, so the form stays as it was mounted.
 */
async function setup() {
  const widget = await mountWidget({
    orderId: undefined,
    providerClient: fakeProviderClient(async ({ method, path }) => {
      throw new Error(`unexpected ${method} ${path}`);
    }),
  });
  container = widget.container;
  return widget;
}

const byLabel = (name: string) => {
  const label = [...container.querySelectorAll('label')].find((l) => l.textContent === name);
  return container.ownerDocument.getElementById(label?.htmlFor ?? '') as HTMLInputElement;
};

/** The provider's reply to an approved charge of order ord_1. */
const APPROVED_CHARGE = approvedCharge();

/** Fills the card form as a buyer would: Ada's details with card `number` (default: approved). */
function fillCard(number = '4242424242424242') {
  type('Cardholder name', 'Ada Lovelace');
  type('Card number', number);
  type('Expiration date', '12/30');
  type('Security code', '123');
  type('Email', 'ada@example.com');
}

function type(name: string, value: string) {
  act(() => typeInto(byLabel(name), value));
}

describe('mount (the reference bundle)', () => {
  it('renders the five labelled fields and calls onApiInit once with validate', async () => {
    const { props, api } = await setup();
    for (const name of ['Cardholder name', 'Card number', 'Expiration date', 'Security code', 'Email']) {
      expect(byLabel(name)).toBeInstanceOf(HTMLInputElement);
    }
    expect(props.onApiInit).toHaveBeenCalledTimes(1);
    expect(typeof api.validate).toBe('function');
  });

  it('validate() on an empty form: every error, aria-invalid, focus on Cardholder name', async () => {
    const { api } = await setup();
    let result: ReturnType<TestApi['validate']> | undefined;
    act(() => {
      result = api.validate();
    });
    expect(result?.valid).toBe(false);
    expect(Object.keys(result?.errors ?? {})).toHaveLength(5);
    expect(byLabel('Card number').getAttribute('aria-invalid')).toBe('true');
    const describedBy = byLabel('Card number').getAttribute('aria-describedby') ?? '';
    expect(container.ownerDocument.getElementById(describedBy)?.textContent).toBe('Enter a valid card number');
    expect(document.activeElement).toBe(byLabel('Cardholder name'));
  });

  it('validate() reads the current values: a filled form is valid; the first invalid field gets focus', async () => {
    const { api } = await setup();
    type('Cardholder name', 'Ada Lovelace');
    type('Card number', '4242424242424242');
    type('Expiration date', '1239');
    type('Security code', '123');
    type('Email', 'ada@example.com');
    expect(byLabel('Card number').value).toBe('4242 4242 4242 4242');
    expect(byLabel('Expiration date').value).toBe('12/39');
    let result: ReturnType<TestApi['validate']> | undefined;
    act(() => {
      result = api.validate();
    });
    expect(result).toEqual({ valid: true, errors: {} });
    type('Security code', '1');
    act(() => {
      result = api.validate();
    });
    expect(result?.errors).toEqual({ securityCode: 'Enter the 3-digit security code' });
    expect(document.activeElement).toBe(byLabel('Security code'));
  });

  it('unmount empties the container', async () => {
    const { instance } = await setup();
    act(() => instance.unmount());
    expect(container.childNodes).toHaveLength(0);
  });

  it('unmount wipes the typed card from the store: a page kept in the back/forward cache keeps no card in its heap', async () => {
    const { instance } = await setup();
    fillCard();
    const store = vi.mocked(createFormStore).mock.results.at(-1)?.value as FormStore;
    expect(store.getSnapshot().values.cardNumber).toBe('4242 4242 4242 4242');
    act(() => instance.unmount());
    const { values } = store.getSnapshot();
    // The billing country stays (it is the buyer's region, not the card's); every other value is empty.
    expect(values).toEqual({ ...Object.fromEntries(CARD_FIELDS.map((field) => [field, ''])), country: values.country });
  });
});

/** The order id in a charges path (`orders/:id/charges`), if `path` is one. */
const chargesPathOrder = (path: string) => /\/orders\/([^/]+)\/charges$/.exec(path)?.[1];

describe('mount with an order: payment methods and pay', () => {
  /**
   * Mounts the widget with `methods` offered for `mountedOrderId` (null: mounted without an
   * order, card only) over a fake provider; `charge` shapes its charge replies.
   */
  function orderProvider(methods: unknown, charge?: Partial<Charge>) {
    // The provider as the widget's typed operations reach it through the frame's client: one spy
    // per operation, answered by path.
    const provider = {
      // The methods as the provider sent them (untrusted): the widget narrows them itself.
      getPaymentMethodsByOrder: vi.fn(async (): Promise<unknown> => methods),
      tokenizeCard: vi.fn(async (_card: unknown) => ({
        token: 'tok_1',
        brand: 'visa',
        last4: '0002',
        expMonth: 12,
        expYear: 2030,
      })),
      chargeOrder: vi.fn(
        async (_charge: unknown, _idempotencyKey?: string, orderId = 'ord_1'): Promise<Charge> => ({
          ...APPROVED_CHARGE,
          orderId,
          ...charge,
        }),
      ),
      getChargesByOrder: vi.fn(async (_orderId: string): Promise<Charge[]> => []),
    };
    const request = async ({ method, path, data, headers }: ProviderRequest): Promise<unknown> => {
      const chargesOf = chargesPathOrder(path);
      if (path === ProviderPaths.paymentMethodsByOrder('ord_1')) return provider.getPaymentMethodsByOrder();
      if (chargesOf && method === 'post') return provider.chargeOrder(data, headers?.['Idempotency-Key'], chargesOf);
      if (chargesOf && method === 'get') return provider.getChargesByOrder(chargesOf);
      throw new Error(`unexpected ${method} ${path}`);
    };
    // Card data to the vault alone (DESIGN "Security model"): the host transport never tokenizes.
    const vaultRequest = async ({ path, data }: ProviderRequest): Promise<unknown> => {
      if (path === ProviderPaths.cardTokenization) return provider.tokenizeCard(data);
      throw new Error(`unexpected vault call ${path}`);
    };
    const providerClient = { ...fakeProviderClient(request), vault: { origin: VAULT, request: vaultRequest } };
    return { provider, providerClient };
  }

  /**
   * Mounts the widget with `methods` offered for `mountedOrderId` (null: mounted without an
   * order, card only) over a fake provider; `charge` shapes its charge replies.
   */
  async function mountForOrder(methods: unknown, charge?: Partial<Charge>, mountedOrderId: string | null = 'ord_1') {
    const { provider, providerClient } = orderProvider(methods, charge);
    const widget = await mountWidget({ orderId: mountedOrderId ?? undefined, providerClient });
    container = widget.container;
    return { ...widget, provider };
  }

  /**
   * Mounts the widget for ord_1 with `methods` offered, and does not wait for its api (which
   * mountWidget does): for methods that come late or cannot be loaded.
   */
  async function mountBeforeApi(methods: unknown) {
    const widget = await mountNow({ providerClient: orderProvider(methods).providerClient });
    container = widget.container;
    return widget.props;
  }
  const radios = () => [...container.querySelectorAll('input[type=radio]')].map((r) => r.parentElement?.textContent);

  it('a VENUE order: "Card" and "Pay at the venue" offered, card chosen; choosing the venue hides the card fields', async () => {
    await mountForOrder([
      { type: 'CARD', label: 'Card' },
      { type: 'PAY_AT_VENUE', label: 'Pay at the venue' },
    ]);
    expect(radios()).toEqual(['Card', 'Pay at the venue']);
    const venue = container.querySelector<HTMLInputElement>('input[value=PAY_AT_VENUE]');
    act(() => venue?.click());
    expect(byLabel('Card number')).toBeNull();
    expect(container.textContent).toContain('You pay at the venue');
  });

  it('validate() with pay at the venue chosen: valid, no card errors shown, though the card fields are empty', async () => {
    const { api } = await mountForOrder([
      { type: 'CARD', label: 'Card' },
      { type: 'PAY_AT_VENUE', label: 'Pay at the venue' },
    ]);
    act(() => container.querySelector<HTMLInputElement>('input[value=PAY_AT_VENUE]')?.click());
    let result: ReturnType<TestApi['validate']> | undefined;
    act(() => {
      result = api.validate();
    });
    expect(result).toEqual({ valid: true, errors: {} });
    act(() => container.querySelector<HTMLInputElement>('input[value=CARD]')?.click());
    expect(byLabel('Card number').getAttribute('aria-invalid')).toBe('false');
  });

  it('an order with the card only: no choice shown, the card form', async () => {
    await mountForOrder([{ type: 'CARD', label: 'Card' }]);
    expect(radios()).toEqual([]);
    expect(byLabel('Card number')).toBeInstanceOf(HTMLInputElement);
  });

  it("the placeholder, not a card form that would grow, until the order's methods arrive (issue 36 item 1); then the form with them, and the api", async () => {
    let answer!: (methods: unknown) => void;
    const props = await mountBeforeApi(new Promise((resolve) => (answer = resolve)));
    expect(container.querySelector('[data-cashier-skeleton]')).not.toBeNull();
    expect(container.querySelector('form'), 'no form before the order is known').toBeNull();
    expect(props.onApiInit, 'no api before the order is known: pay would not know its methods').not.toHaveBeenCalled();
    await act(async () =>
      answer([
        { type: 'CARD', label: 'Card' },
        { type: 'PAY_AT_VENUE', label: 'Pay at the venue' },
      ]),
    );
    expect(container.querySelector('[data-cashier-skeleton]')).toBeNull();
    expect(byLabel('Card number')).toBeInstanceOf(HTMLInputElement);
    expect(radios()).toEqual(['Card', 'Pay at the venue']);
    expect(props.onApiInit).toHaveBeenCalledTimes(1);
  });

  it('methods that do not come within the cap: the card form after FIRST_PAINT_CAP_MS, the other methods and the api when they do', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let answer!: (methods: unknown) => void;
      const props = await mountBeforeApi(new Promise((resolve) => (answer = resolve)));
      await act(async () => vi.advanceTimersByTime(FIRST_PAINT_CAP_MS - 1));
      expect(container.querySelector('form')).toBeNull();
      await act(async () => vi.advanceTimersByTime(1));
      expect(container.querySelector('[data-cashier-skeleton]')).toBeNull();
      expect(byLabel('Card number')).toBeInstanceOf(HTMLInputElement);
      expect(radios()).toEqual([]);
      expect(props.onApiInit).not.toHaveBeenCalled();
      await act(async () =>
        answer([
          { type: 'CARD', label: 'Card' },
          { type: 'PAY_AT_VENUE', label: 'Pay at the venue' },
        ]),
      );
      expect(radios()).toEqual(['Card', 'Pay at the venue']);
      expect(props.onApiInit).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('payment methods that cannot be loaded → onCrash, no api', async () => {
    const props = await mountBeforeApi([{ type: 'BITCOIN', label: '₿' }]);
    expect(props.onCrash).toHaveBeenCalledTimes(1);
    expect(props.onApiInit).not.toHaveBeenCalled();
  });

  it('a declined pay shows its message as an alert; editing the card clears it', async () => {
    const { api } = await mountForOrder([{ type: 'CARD', label: 'Card' }], { status: 'DECLINED', declineCode: 'card_declined' });
    fillCard('4000000000000002');
    await act(async () => {
      await api.pay({ orderId: 'ord_1' });
    });
    expect(container.querySelector('[role=alert]')?.textContent).toBe('Your card was declined. Try another card.');
    type('Card number', '4242424242424242');
    expect(container.querySelector('[role=alert]')).toBeNull();
  });

  it('a charge whose reply is lost: pay rejects PAYMENT_OUTCOME_UNKNOWN and the widget says so; the next pay resends the same key', async () => {
    const { api, provider } = await mountForOrder([{ type: 'CARD', label: 'Card' }]);
    provider.chargeOrder.mockRejectedValueOnce(new CashierError(ErrorCode.NetworkError, 'socket hang up'));
    fillCard();
    let failure: unknown;
    await act(async () => {
      failure = await api.pay({ orderId: 'ord_1' }).catch((error: unknown) => error);
    });
    expect((failure as CashierError).code).toBe(ErrorCode.PaymentOutcomeUnknown);
    expect(container.querySelector('[role=alert]')?.textContent).toBe(english(OUTCOME_UNKNOWN_NOTICE));
    await act(async () => {
      await expect(api.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED', chargeId: 'ch_1' });
    });
    const keys = provider.chargeOrder.mock.calls.map(([, idempotencyKey]) => idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(provider.tokenizeCard).toHaveBeenCalledTimes(1);
    expect(container.querySelector('[role=alert]')).toBeNull();
  });

  it('edit after a lost reply cannot change what is charged: the form is read-only and the notice stays until the outcome is known', async () => {
    const { api, provider } = await mountForOrder([
      { type: 'CARD', label: 'Card' },
      { type: 'PAY_AT_VENUE', label: 'Pay at the venue' },
    ]);
    provider.chargeOrder.mockRejectedValueOnce(new CashierError(ErrorCode.NetworkError, 'socket hang up'));
    fillCard();
    await act(async () => {
      await api.pay({ orderId: 'ord_1' }).catch(() => undefined);
    });
    const notice = () => container.querySelector('[role=alert]')?.textContent;
    expect(notice()).toBe(english(OUTCOME_UNKNOWN_NOTICE));

    // Every field is read-only and says why; the method cannot be switched.
    for (const name of ['Cardholder name', 'Card number', 'Expiration date', 'Security code', 'Email']) {
      const input = byLabel(name);
      expect(input.readOnly).toBe(true);
      const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
      expect(ids.map((id) => container.ownerDocument.getElementById(id)?.textContent)).toContain(english(LOCKED_EXPLANATION));
    }
    const venue = container.querySelector<HTMLInputElement>('input[value=PAY_AT_VENUE]');
    expect(venue?.disabled).toBe(true);

    // Edits do not get through, and the notice stays.
    type('Card number', '5555555555554444');
    act(() => venue?.click());
    expect(byLabel('Card number').value).toBe('4242 4242 4242 4242');
    expect(venue?.checked).toBe(false);
    expect(notice()).toBe(english(OUTCOME_UNKNOWN_NOTICE));

    // The second pay resends what the buyer sees; the notice stays until its outcome is known.
    let release: () => void = () => undefined;
    provider.chargeOrder.mockImplementationOnce(async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return APPROVED_CHARGE;
    });
    let second: Promise<unknown> = Promise.resolve();
    await act(async () => {
      second = api.pay({ orderId: 'ord_1' });
    });
    expect(notice()).toBe(english(OUTCOME_UNKNOWN_NOTICE));
    await act(async () => {
      release();
      await second;
    });
    const [first, again] = provider.chargeOrder.mock.calls as unknown[][];
    expect(again).toEqual(first);
    expect(provider.tokenizeCard).toHaveBeenCalledTimes(1);

    // Settled: unlocked, the notice and the explanation are gone.
    expect(notice()).toBeUndefined();
    expect(byLabel('Card number').readOnly).toBe(false);
    expect(byLabel('Card number').getAttribute('aria-describedby')).toBeNull();
    expect(venue?.disabled).toBe(false);
    expect(container.textContent).not.toContain(english(LOCKED_EXPLANATION));
  });
  const CARD_LABELS = ['Cardholder name', 'Card number', 'Expiration date', 'Security code', 'Email'];

  it('an approved pay empties every card field, in the store and in the DOM (issue 12 finding 5)', async () => {
    const { api } = await mountForOrder([{ type: 'CARD', label: 'Card' }]);
    fillCard();
    await act(async () => {
      await expect(api.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED' });
    });
    expect(CARD_LABELS.map((name) => byLabel(name).value)).toEqual(['', '', '', '', '']);
    expect(CARD_LABELS.map((name) => byLabel(name).getAttribute('aria-invalid'))).toEqual(Array(5).fill('false'));
  });

  it('a reservation at the venue (PENDING) empties the card typed before the buyer switched', async () => {
    const { api } = await mountForOrder(
      [
        { type: 'CARD', label: 'Card' },
        { type: 'PAY_AT_VENUE', label: 'Pay at the venue' },
      ],
      { status: 'PENDING', paymentMethod: 'PAY_AT_VENUE' },
    );
    fillCard();
    act(() => container.querySelector<HTMLInputElement>('input[value=PAY_AT_VENUE]')?.click());
    await act(async () => {
      await expect(api.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'PENDING' });
    });
    act(() => container.querySelector<HTMLInputElement>('input[value=CARD]')?.click());
    expect(CARD_LABELS.map((name) => byLabel(name).value)).toEqual(['', '', '', '', '']);
  });

  it('a declined pay keeps the card, so the buyer can correct it', async () => {
    const { api } = await mountForOrder([{ type: 'CARD', label: 'Card' }], { status: 'DECLINED', declineCode: 'card_declined' });
    fillCard('4000000000000002');
    await act(async () => {
      await api.pay({ orderId: 'ord_1' });
    });
    expect(byLabel('Card number').value).toBe('4000 0000 0000 0002');
  });

  it('after approval a host script cannot pay another order with the same card: the empty form is INVALID, nothing tokenized', async () => {
    const { api, provider } = await mountForOrder([{ type: 'CARD', label: 'Card' }], undefined, null);
    fillCard();
    await act(async () => {
      await api.pay({ orderId: 'ord_A' });
    });
    await act(async () => {
      await expect(api.pay({ orderId: 'ord_B' })).resolves.toMatchObject({ status: 'INVALID' });
    });
    expect(provider.tokenizeCard).toHaveBeenCalledTimes(1);
    expect(provider.chargeOrder.mock.calls.map(([, , orderId]) => orderId)).toEqual(['ord_A']);
  });

  it("pay for B while A's outcome is unknown: PAYMENT_OPEN_FOR_ANOTHER_ORDER; A's card stays locked with its notice, nothing charged for B", async () => {
    const { api, provider } = await mountForOrder([{ type: 'CARD', label: 'Card' }], undefined, null);
    provider.chargeOrder.mockRejectedValueOnce(new CashierError(ErrorCode.NetworkError, 'socket hang up'));
    fillCard();
    await act(async () => {
      await api.pay({ orderId: 'ord_A' }).catch(() => undefined);
    });
    let refused: unknown;
    await act(async () => {
      refused = await api.pay({ orderId: 'ord_B' }).catch((error: unknown) => error);
    });
    expect(refused).toMatchObject({ code: ErrorCode.PaymentOpenForAnotherOrder, details: { orderId: 'ord_A' } });
    expect(provider.tokenizeCard).toHaveBeenCalledTimes(1);
    expect(provider.chargeOrder.mock.calls.map(([, , orderId]) => orderId)).toEqual(['ord_A']);
    expect(container.querySelector('[role=alert]')?.textContent).toBe(english(OUTCOME_UNKNOWN_NOTICE));
    expect(byLabel('Card number').readOnly).toBe(true);
  });

  it("the next mount on the page after an unmount mid-charge reads the order's charges and resolves with the original, charging nothing", async () => {
    const first = await mountForOrder([{ type: 'CARD', label: 'Card' }]);
    first.provider.chargeOrder.mockImplementationOnce(() => new Promise<Charge>(() => undefined));
    fillCard();
    await act(async () => {
      void first.api.pay({ orderId: 'ord_1' });
    });
    await vi.waitFor(() => expect(first.provider.chargeOrder).toHaveBeenCalled());
    act(() => first.instance.unmount());
    container.remove();

    const next = await mountForOrder([{ type: 'CARD', label: 'Card' }]);
    next.provider.getChargesByOrder.mockResolvedValueOnce([{ ...APPROVED_CHARGE, id: 'ch_original' }]);
    await act(async () => {
      await expect(next.api.pay({ orderId: 'ord_1' })).resolves.toEqual({
        status: 'APPROVED',
        orderId: 'ord_1',
        chargeId: 'ch_original',
      });
    });
    expect(next.provider.getChargesByOrder).toHaveBeenCalledWith('ord_1');
    expect(next.provider.tokenizeCard).not.toHaveBeenCalled();
    expect(next.provider.chargeOrder).not.toHaveBeenCalled();
  });
});
