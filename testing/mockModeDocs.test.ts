import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLIK_TEST_CODES } from '../shared/localMethods';
import { ProviderPaths } from '../shared/paths';
import * as testing from './index';
import { HOST, send } from './mockRequests';
import { checkOptions } from './validateMockOptions';

// Issue 20 item 2: the example site test uses the mock mode exactly as the docs print it. The
// docs' fixture is examples/site-checkout/mockMode.ts, byte for byte, and the example spec runs on it.

const root = resolve(import.meta.dirname, '..');
const read = (path: string) => readFileSync(resolve(root, path), 'utf8');

/** The `ts` code blocks of docs/integration.md's "Mock mode" section, in order. */
function mockModeSnippets(): string[] {
  const docs = read('docs/integration.md');
  const start = docs.indexOf('\n## Mock mode\n');
  const end = docs.indexOf('\n## ', start + 1);
  const section = docs.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
}

describe('docs/integration.md "Mock mode"', () => {
  it('prints the example site test fixture exactly, and the example spec runs on it', () => {
    expect(mockModeSnippets()[0]).toBe(read('examples/site-checkout/mockMode.ts'));
    expect(read('examples/site-checkout/checkout.spec.ts')).toMatch(/^import \{ test as \w+ \} from '\.\/mockMode';$/m);
  });

  it('the snippet gives the app under test no frameUrl and takes the mock defaults', () => {
    const [snippet = ''] = mockModeSnippets();
    expect(snippet).toContain('frameAppHandlers()');
    expect(snippet).toContain('createMockProvider({ host: server.url })');
    expect(read('examples/site-checkout/checkout.ts')).not.toMatch(/frameUrl/);
  });

  it('the returning buyer and PayPal example (issue 25) uses the options and exports that exist', () => {
    const example = mockModeSnippets().find((snippet) => snippet.includes('returningBuyer')) ?? '';
    expect(example).toContain('returningBuyer: { savedCards: MOCK_RETURNING_BUYER_CARDS }');
    expect(example).toContain('payPal: true');
    expect(testing.MOCK_RETURNING_BUYER_CARDS).toHaveLength(2);
    const mock = testing.createMockProvider({
      host: 'http://127.0.0.1:4999',
      vaultOrigin: 'http://127.0.0.1:5000',
      staticsBaseUrl: 'http://127.0.0.1:4999/statics',
      returningBuyer: { savedCards: testing.MOCK_RETURNING_BUYER_CARDS },
      payPal: true,
    });
    expect(example).toMatch(/mock\.answerPayPal\(orderId, 'cancel'\)/);
    expect(() => mock.answerPayPal(mock.createOrder(), 'cancel')).toThrow(/no PayPal checkout/);
    const section = read('docs/integration.md').split('\n## Mock mode\n')[1] ?? '';
    for (const name of ['returningBuyer', 'payPal: true', 'answerPayPal', 'savedCards()', 'MOCK_RETURNING_BUYER_CARDS']) {
      expect(section).toContain(name);
    }
    expect(section).toMatch(/Buyer info[^|]*`\{ type: 'MEMBER', memberId \}`[^|]*`\{ type: 'GUEST' \}`/);
  });

  it('the wallets example (issue 25) uses the option and exports that exist, and says no real sheet was exercised', () => {
    const example = mockModeSnippets().find((snippet) => snippet.includes('wallets:')) ?? '';
    const given = /wallets: (\[[^\]]*\])/.exec(example)?.[1] ?? '';
    expect(given).not.toBe('');
    const wallets = JSON.parse(given.replaceAll("'", '"')) as ('APPLE_PAY' | 'GOOGLE_PAY')[];
    expect(() =>
      testing.createMockProvider({
        host: 'http://127.0.0.1:4999',
        vaultOrigin: 'http://127.0.0.1:5000',
        staticsBaseUrl: 'http://127.0.0.1:4999/statics',
        wallets,
      }),
    ).not.toThrow();
    expect(example).toContain('PaymentRequest');
    expect(example).toContain('canMakePayment');
    const section = read('docs/integration.md').split('\n## Mock mode\n')[1]?.split('\n## ')[0] ?? '';
    expect(section).toContain("wallets: ['APPLE_PAY', 'GOOGLE_PAY']");
    expect(section).toContain('MOCK_DECLINING_WALLET_TOKEN');
    expect(testing.MOCK_DECLINING_WALLET_TOKEN).toBeTypeOf('string');
    expect(section).toMatch(/No real Apple Pay or Google Pay sheet is exercised/);
  });

  it('the createMockProvider heading lists every option the mock checks', () => {
    const section = read('docs/integration.md').split('\n## Mock mode\n')[1]?.split('\n## ')[0] ?? '';
    const heading = /^#### `createMockProvider\(\{ ([^}]*) \}\)`$/m.exec(section)?.[1] ?? '';
    const listed = heading.split(', ').map((name) => name.replace(/\?$/, ''));
    const checked = checkOptions({
      host: 'http://127.0.0.1:4999',
      vaultOrigin: 'http://127.0.0.1:5000',
      staticsBaseUrl: 'http://127.0.0.1:4999/statics',
    });
    // The options checkOptions resolves, and the three it reads without returning; savedCards is returningBuyer's.
    const options = [
      ...Object.keys(checked).filter((key) => key !== 'savedCards'),
      'allowRemoteVault',
      'frameDir',
      'returningBuyer',
    ];
    expect([...listed].sort()).toEqual([...options].sort());
  });

  it('the local payments example and subsection use the options, codes and calls that exist, and the example runs', async () => {
    const section = read('docs/integration.md').split('\n## Mock mode\n')[1]?.split('\n## ')[0] ?? '';
    expect(section).toContain('#### `localPayments: true`');
    for (const words of [...Object.values(BLIK_TEST_CODES), 'INVALID_BLIK_CODE', 'CHARGE_IN_PROGRESS', 'answerLocalPayment']) {
      expect(section).toContain(words);
    }
    const example = mockModeSnippets().find((snippet) => snippet.includes('localPayments:')) ?? '';
    const timings = /localPayments: (\{[^}]*\})/.exec(example)?.[1] ?? '';
    expect(timings).not.toBe('');
    let clock = Date.parse('2026-11-29T12:00:00Z');
    const mock = testing.createMockProvider({
      host: 'http://127.0.0.1:4999',
      vaultOrigin: 'http://127.0.0.1:5000',
      staticsBaseUrl: 'http://127.0.0.1:4999/statics',
      localPayments: JSON.parse(timings.replace(/(\w+):/g, '"$1":')),
      now: () => new Date(clock),
    });
    expect(example).toContain("mock.createOrder({ amount: 4200, currency: 'EUR', country: 'NL' })");
    expect(example).toMatch(/mock\.answerLocalPayment\(chargeId, 'pending', \{ settleAs: 'approve' \}\)/);
    expect(example).toContain('clock += 1000;');
    // What the example says happens: the buyer's iDEAL charge, pending, then paid a second later.
    const orderId = mock.createOrder({ amount: 4200, currency: 'EUR', country: 'NL' });
    const charged = await send(
      mock,
      'POST',
      `${HOST}${ProviderPaths.chargesByOrder(orderId)}`,
      { paymentMethod: 'IDEAL' },
      {
        'Idempotency-Key': 'docs-1',
      },
    );
    expect(charged.status).toBe(201);
    const chargeId = mock.charges()[0]?.id ?? '';
    mock.answerLocalPayment(chargeId, 'pending', { settleAs: 'approve' });
    expect(mock.order(orderId)?.status).toBe('AWAITING_PAYMENT');
    clock += 1000;
    expect(mock.order(orderId)?.status).toBe('PAID');
    expect(mock.charges()).toMatchObject([{ id: chargeId, status: 'APPROVED', paymentMethod: 'IDEAL' }]);
  });
});
