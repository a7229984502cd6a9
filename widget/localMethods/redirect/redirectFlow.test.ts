import { describe, expect, it, vi } from 'vitest';
import { CashierError, type Charge, ErrorCode } from '../../../shared';
import { LOCAL_PAYMENT_RESULT_MESSAGE } from '../../../shared/localMethods';
import { type RedirectEnd, runRedirect } from './redirectFlow';

// The redirect flow (issue 38): the popup goes only to a page on the payments origin; only that
// origin's message, from that popup, for that charge, wakes the flow, which then reads the charge
// itself; a closed popup whose charge is still open cancels it.

const PAYMENTS = 'https://payments.example';
const PAGE = `${PAYMENTS}/local-payments/ch_l`;
const open = (url = PAGE): Charge => ({
  id: 'ch_l',
  orderId: 'ord_1',
  status: 'REQUIRES_ACTION',
  amount: { amount: 5000, currency: 'EUR' },
  paymentMethod: 'IDEAL',
  nextAction: { type: 'REDIRECT', url },
  createdAt: '2026-11-29T00:00:00Z',
});
const as = (over: Partial<Charge>): Charge => {
  const { nextAction: _, ...rest } = open();
  return { ...rest, ...over } as Charge;
};

/** The frame's window as the flow uses it: its message listeners (dispatched by `post`) and one close poll. */
function frameWindow() {
  const listeners = new Set<(event: MessageEvent) => void>();
  let poll: (() => void) | undefined;
  return {
    win: {
      addEventListener: (_: string, l: (event: MessageEvent) => void) => listeners.add(l),
      removeEventListener: (_: string, l: (event: MessageEvent) => void) => listeners.delete(l),
      setInterval: (run: () => void) => {
        poll = run;
        return 1;
      },
      clearInterval: () => {
        poll = undefined;
      },
    } as unknown as Window,
    post: (data: unknown, origin: string, source: unknown) => {
      for (const l of [...listeners]) l({ data, origin, source } as MessageEvent);
    },
    tick: () => poll?.(),
    listening: () => listeners.size,
  };
}

function setup(made: Charge = open(), read: Charge | 'down' = as({ status: 'APPROVED' })) {
  const popup = { closed: false, location: { href: '' }, close: vi.fn(() => (popup.closed = true)) };
  const frame = frameWindow();
  const api = {
    getCharge: vi.fn(async () => {
      if (read === 'down') throw new CashierError(ErrorCode.HttpServerError, '503');
      return read;
    }),
    cancelCharge: vi.fn(async () => as({ status: 'DECLINED', declineCode: 'authentication_abandoned' })),
  };
  const ended = runRedirect({
    popup: popup as unknown as Window,
    charge: async () => made,
    api,
    paymentsOrigin: PAYMENTS,
    win: frame.win,
    invalidResponse: (message) => new CashierError(ErrorCode.InvalidResponse, message),
  });
  return { popup, frame, api, ended };
}
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));
const message = (outcome: string, chargeId = 'ch_l') => ({ type: LOCAL_PAYMENT_RESULT_MESSAGE, chargeId, outcome });

describe('runRedirect', () => {
  it('sends the popup to the charge’s page on the payments origin; the page’s message → the charge read → settled', async () => {
    const { popup, frame, api, ended } = setup();
    await turn();
    expect(popup.location.href).toBe(PAGE);
    frame.post(message('approved'), PAYMENTS, popup);
    await expect(ended).resolves.toEqual<RedirectEnd>({ outcome: 'settled', charge: as({ status: 'APPROVED' }) });
    expect(api.getCharge).toHaveBeenCalledWith('ch_l');
    expect(api.cancelCharge).not.toHaveBeenCalled();
    expect(frame.listening()).toBe(0);
  });

  const ignored = [
    { name: 'another origin', data: message('approved'), origin: 'https://evil.example', fromPopup: true },
    { name: 'another window (not the popup)', data: message('approved'), origin: PAYMENTS, fromPopup: false },
    { name: 'another charge', data: message('approved', 'ch_other'), origin: PAYMENTS, fromPopup: true },
    {
      name: 'not the page’s message',
      data: { type: 'x', chargeId: 'ch_l', outcome: 'approved' },
      origin: PAYMENTS,
      fromPopup: true,
    },
  ];
  it.each(ignored)('a message from $name is ignored: nothing read', async ({ data, origin, fromPopup }) => {
    const { popup, frame, api } = setup();
    await turn();
    frame.post(data, origin, fromPopup ? popup : {});
    await turn();
    expect(api.getCharge).not.toHaveBeenCalled();
    expect(frame.listening()).toBe(1);
  });

  it('a page off the payments origin is never shown: the popup closed, the charge cancelled, INVALID_RESPONSE', async () => {
    const { popup, api, ended } = setup(open('https://api.merchant-chose.example/local-payments/ch_l'));
    await expect(ended).rejects.toMatchObject({ code: ErrorCode.InvalidResponse });
    expect(popup.location.href).toBe('');
    expect(popup.close).toHaveBeenCalled();
    expect(api.cancelCharge).toHaveBeenCalledWith('ch_l');
  });

  it('closed before an answer, the charge still open: cancelled, nothing charged (closed)', async () => {
    const { popup, frame, api, ended } = setup(open(), open());
    await turn();
    popup.closed = true;
    frame.tick();
    await expect(ended).resolves.toEqual({ outcome: 'closed' });
    expect(api.cancelCharge).toHaveBeenCalledWith('ch_l');
  });

  it('closed after the buyer approved (the message lost): the read charge is the outcome, never cancelled', async () => {
    const { popup, frame, api, ended } = setup(open(), as({ status: 'PENDING' }));
    await turn();
    popup.closed = true;
    frame.tick();
    await expect(ended).resolves.toEqual({ outcome: 'settled', charge: as({ status: 'PENDING' }) });
    expect(api.cancelCharge).not.toHaveBeenCalled();
  });

  it('"Cancel and return" on the page: cancelled (DECLINED authentication_abandoned read), no cancel sent', async () => {
    const { popup, frame, api, ended } = setup(open(), as({ status: 'DECLINED', declineCode: 'authentication_abandoned' }));
    await turn();
    frame.post(message('cancelled'), PAYMENTS, popup);
    await expect(ended).resolves.toEqual({ outcome: 'cancelled' });
    expect(api.cancelCharge).not.toHaveBeenCalled();
  });

  it('the charge cannot be read when the popup closed: cancelled, and what the cancel answers counts', async () => {
    const { popup, frame, api, ended } = setup(open(), 'down');
    api.cancelCharge.mockResolvedValueOnce(as({ status: 'APPROVED' }));
    await turn();
    popup.closed = true;
    frame.tick();
    await expect(ended).resolves.toEqual({ outcome: 'settled', charge: as({ status: 'APPROVED' }) });
  });
});
