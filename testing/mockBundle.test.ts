// @vitest-environment jsdom
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { CashierWidgetModule, CashierWidgetProps } from '../shared/bundle';
import { MOCK_BUNDLE_SOURCE } from './mockBundle';
import { createMockProvider, MOCK_APP_INSTANCE, MOCK_TEST_CARDS } from './mockProvider';

const HOST = 'http://127.0.0.1:4999';
const VAULT = 'http://127.0.0.1:5001';

/** The bundle text as the frame imports it: an ES module file. */
async function importBundle(): Promise<CashierWidgetModule> {
  // Under the project (Vitest imports only from there), in a folder that is never committed.
  const cache = join(import.meta.dirname, '../node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const file = join(mkdtempSync(join(cache, 'mock-bundle-')), 'bundle.mjs');
  writeFileSync(file, MOCK_BUNDLE_SOURCE);
  return import(/* @vite-ignore */ file);
}

/** Mounts the bundle against the mock provider's handlers; its api once onApiInit ran. */
async function mountBundle(props: Partial<CashierWidgetProps> = {}) {
  const mock = createMockProvider({ host: HOST, vaultOrigin: VAULT, staticsBaseUrl: `${HOST}/statics` });
  type Config = { method: string; path: string; data?: unknown; headers?: Record<string, string> };
  const sendTo = (origin: string) => async (config: Config) => {
    const response = (await getResponse(
      mock.handlers,
      new Request(`${origin}${config.path}`, {
        method: config.method,
        headers: { Authorization: MOCK_APP_INSTANCE, 'Content-Type': 'application/json', ...config.headers },
        body: JSON.stringify(config.data),
      }),
    )) as Response;
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.json();
  };
  const request = vi.fn(sendTo(HOST));
  const vaultRequest = vi.fn(sendTo(VAULT));
  const onApiInit = vi.fn();
  const container = document.createElement('div');
  const instance = (await importBundle()).mount(container, {
    host: HOST,
    theme: 'inline',
    onApiInit,
    providerClient: { request, vault: { origin: VAULT, request: vaultRequest } },
    ...props,
  } as unknown as CashierWidgetProps);
  const api = onApiInit.mock.calls[0]?.[0] as { pay(input: unknown): Promise<Record<string, unknown>> };
  const type = (label: string, value: string) => {
    const input = [...container.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label))?.querySelector('input');
    if (!input) throw new Error(`no field ${label}`);
    input.value = value;
  };
  const fill = (number: string) => {
    type('Card number', number);
    type('Expiry (MM/YY)', '12/40');
    type('Security code', '123');
    type('Cardholder name', 'Ada Buyer');
  };
  return { mock, api, container, instance, request, vaultRequest, fill, onApiInit };
}

describe('MOCK_BUNDLE_SOURCE: the tiny reference bundle (issue 13 item 5)', () => {
  it('renders the four labelled fields and hands onApiInit an api with pay', async () => {
    const { container, onApiInit } = await mountBundle();
    expect([...container.querySelectorAll('label')].map((l) => l.textContent?.trim())).toEqual([
      'Card number',
      'Expiry (MM/YY)',
      'Security code',
      'Cardholder name',
    ]);
    expect(onApiInit).toHaveBeenCalledTimes(1);
    expect(Object.keys(onApiInit.mock.calls[0]?.[0])).toEqual(['pay']);
  });

  it('pay tokenizes at the vault and charges through the provider client, with an Idempotency-Key', async () => {
    const { mock, api, container, request, vaultRequest, fill } = await mountBundle();
    const orderId = mock.createOrder();
    fill(MOCK_TEST_CARDS.approved);
    const result = await api.pay({ orderId });
    expect(result).toEqual({ status: 'APPROVED', orderId, chargeId: mock.charges()[0]?.id });
    expect(mock.order(orderId)?.status).toBe('PAID');
    // The card went to the vault only; the host saw the token, never the number.
    expect(vaultRequest.mock.calls.map(([c]) => c.path)).toEqual(['/_serverless/payments-checkout-server/card-tokenization']);
    expect(JSON.stringify(request.mock.calls)).not.toContain(MOCK_TEST_CARDS.approved);
    expect(request.mock.calls[0]?.[0].headers?.['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Payment approved.');
  });

  it('pay resolves DECLINED with the code for a decline card, and shows it', async () => {
    const { mock, api, container, fill } = await mountBundle();
    const orderId = mock.createOrder();
    fill(MOCK_TEST_CARDS.insufficientFunds);
    expect(await api.pay({ orderId })).toMatchObject({ status: 'DECLINED', declineCode: 'insufficient_funds' });
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Payment declined (insufficient_funds).');
  });

  it('a 3-D Secure card: the bank page from the vault in a dialog until the challenge is answered, then the outcome read by id', async () => {
    const { mock, api, container, request, fill } = await mountBundle();
    const orderId = mock.createOrder();
    fill(MOCK_TEST_CARDS.threeDsChallenge);
    const paying = api.pay({ orderId });
    const bank = await vi.waitFor(() => {
      const frame = container.querySelector<HTMLIFrameElement>('[role="dialog"][aria-label="Confirm your payment"] iframe');
      if (!frame) throw new Error('no challenge yet');
      return frame;
    });
    expect(bank.title).toBe("Your bank's payment confirmation");
    expect(bank.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    expect(new URL(bank.src).origin).toBe(VAULT);
    const chargeId = mock.charges()[0]?.id ?? '';
    mock.completeChallenge(chargeId, 'complete');
    expect(await paying).toEqual({ status: 'APPROVED', orderId, chargeId });
    expect(container.querySelector('[role="dialog"]')).toBeNull();
    expect(request.mock.calls.some(([c]) => c.method === 'GET' && c.path.endsWith(`/charges/${chargeId}`))).toBe(true);
  });

  it('a 3-D Secure challenge cancelled in the dialog: the charge is cancelled, pay resolves DECLINED authentication_abandoned', async () => {
    const { mock, api, container, fill } = await mountBundle();
    const orderId = mock.createOrder();
    fill(MOCK_TEST_CARDS.threeDsChallenge);
    const paying = api.pay({ orderId });
    const cancel = await vi.waitFor(() => {
      const button = [...container.querySelectorAll('[role="dialog"] button')].find((b) => b.textContent === 'Cancel');
      if (!(button instanceof HTMLButtonElement)) throw new Error('no challenge yet');
      return button;
    });
    cancel.click();
    expect(await paying).toMatchObject({ status: 'DECLINED', declineCode: 'authentication_abandoned' });
    expect(mock.order(orderId)?.status).toBe('AWAITING_PAYMENT');
  });

  it('pay without an orderId rejects with a TypeError and sends nothing', async () => {
    const { api, request, vaultRequest } = await mountBundle();
    await expect(api.pay({})).rejects.toThrow(TypeError);
    expect(request).not.toHaveBeenCalled();
    expect(vaultRequest).not.toHaveBeenCalled();
  });

  it('prefills the cardholder name from buyer; update applies theme and buyer; unmount empties', async () => {
    const { container, instance } = await mountBundle({ buyer: { name: 'Ada Lovelace' } });
    const holder = container.querySelector<HTMLInputElement>('input[name="holderName"]');
    expect(holder?.value).toBe('Ada Lovelace');
    await instance.update?.({ theme: 'modal', buyer: { name: 'Grace Hopper' } });
    expect(holder?.value).toBe('Grace Hopper');
    expect(container.querySelector('form')?.dataset.theme).toBe('modal');
    instance.unmount();
    expect(container.childNodes).toHaveLength(0);
  });
});
