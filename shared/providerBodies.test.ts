import { describe, expect, it } from 'vitest';
import { CashierError, ErrorCode } from './CashierError';
import { parseCharge, parseCharges } from './providerBodies';

/** The vault the client was built with (shared/vault.ts); the provider host is another origin. */
const vault = 'https://vault.example.net';
const challenge = (url: unknown, type: unknown = 'THREE_DS_CHALLENGE') => ({
  id: 'ch_1',
  orderId: 'o1',
  status: 'REQUIRES_ACTION',
  nextAction: { type, url },
});

describe('a charge that requires 3-D Secure (issue 22): the challenge page must be on the vault origin', () => {
  it('a challenge on the vault origin passes, as it came', () => {
    const body = challenge(`${vault}/three-ds/challenges/c1`);
    expect(parseCharge(body, 'chargeOrder', { vault })).toEqual(body);
    expect(parseCharges([body], 'getChargesByOrder', { vault })).toEqual([body]);
  });

  const refused: { name: string; body: unknown; vaultOrigin?: string }[] = [
    { name: 'on the host (phishing the bank code)', body: challenge('https://tickets.example.com/three-ds/c1') },
    { name: 'on a look-alike host', body: challenge('https://vault.example.net.evil.test/three-ds/c1') },
    { name: 'on another port of the vault', body: challenge('https://vault.example.net:8443/three-ds/c1') },
    { name: 'a javascript: URL', body: challenge('javascript:alert(1)') },
    { name: 'a relative URL', body: challenge('/three-ds/challenges/c1') },
    { name: 'no url', body: challenge(undefined) },
    { name: 'a REDIRECT on the vault (a client with no payments origin)', body: challenge(`${vault}/x`, 'REDIRECT') },
    { name: 'an unknown action type', body: challenge(`${vault}/x`, 'SHOW_QR') },
    { name: 'no nextAction', body: { id: 'ch_1', orderId: 'o1', status: 'REQUIRES_ACTION' } },
    { name: 'a client with no vault to check against', body: challenge(`${vault}/three-ds/c1`), vaultOrigin: '' },
  ];
  it.each(refused)('$name → INVALID_RESPONSE naming the charge', ({ body, vaultOrigin = vault }) => {
    for (const parse of [
      () => parseCharge(body, 'chargeOrder', { vault: vaultOrigin || undefined }),
      () => parseCharges([body], 'x', { vault: vaultOrigin || undefined }),
    ]) {
      const error = (() => {
        try {
          parse();
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(CashierError);
      expect(error).toMatchObject({ code: ErrorCode.InvalidResponse, details: { chargeId: 'ch_1' } });
    }
  });

  it('a settled charge needs no nextAction, and its other fields are not checked for one', () => {
    expect(
      parseCharge({ id: 'ch_1', orderId: 'o1', status: 'DECLINED', declineCode: 'authentication_failed' }, 'getCharge'),
    ).toMatchObject({
      status: 'DECLINED',
    });
  });

  it('a charge refunded because the seat hold ended (issue 37) is a settled charge, alone or in a list; an unknown status is refused', () => {
    const refunded = { id: 'ch_1', orderId: 'o1', status: 'REFUNDED_HOLD_EXPIRED', refundedAt: '2026-11-25T12:20:00Z' };
    expect(parseCharge(refunded, 'chargeOrder')).toEqual(refunded);
    expect(parseCharges([refunded], 'getChargesByOrder')).toEqual([refunded]);
    expect(() => parseCharge({ ...refunded, status: 'REFUNDED' }, 'getCharge')).toThrow(/unknown status "REFUNDED"/);
  });
});

describe('a charge that approves elsewhere (issue 38): its page must be on the payments origin', () => {
  const payments = 'https://payments.example.net';
  const origins = { vault, payments };
  const refusal = (body: unknown) => {
    try {
      parseCharge(body, 'chargeOrder', origins);
    } catch (e) {
      return e;
    }
  };
  it('a REDIRECT on the payments origin and a BLIK_CONFIRM with a date pass, as they came', () => {
    const redirect = challenge(`${payments}/local-payments/ch_1`, 'REDIRECT');
    const blik = {
      id: 'ch_1',
      orderId: 'o1',
      status: 'REQUIRES_ACTION',
      nextAction: { type: 'BLIK_CONFIRM', expiresAt: '2026-11-29T12:00:00.000Z' },
    };
    expect(parseCharge(redirect, 'chargeOrder', origins)).toEqual(redirect);
    expect(parseCharges([blik], 'getChargesByOrder', origins)).toEqual([blik]);
  });
  it.each([
    { name: 'a REDIRECT on the host', body: challenge('https://tickets.example.com/pay', 'REDIRECT') },
    { name: 'a REDIRECT on the vault', body: challenge(`${vault}/local-payments/ch_1`, 'REDIRECT') },
    { name: 'a 3-D Secure page on the payments origin', body: challenge(`${payments}/three-ds/c1`) },
    {
      name: 'a BLIK_CONFIRM without expiresAt',
      body: { id: 'ch_1', orderId: 'o1', status: 'REQUIRES_ACTION', nextAction: { type: 'BLIK_CONFIRM' } },
    },
    {
      name: 'a BLIK_CONFIRM with a non-date expiresAt',
      body: { id: 'ch_1', orderId: 'o1', status: 'REQUIRES_ACTION', nextAction: { type: 'BLIK_CONFIRM', expiresAt: 'soon' } },
    },
  ])('$name → INVALID_RESPONSE naming the charge', ({ body }) => {
    expect(refusal(body)).toMatchObject({ code: ErrorCode.InvalidResponse, details: { chargeId: 'ch_1' } });
  });
  it('a REDIRECT with no payments origin to check against is refused', () => {
    const body = challenge(`${payments}/local-payments/ch_1`, 'REDIRECT');
    expect(() => parseCharge(body, 'chargeOrder', { vault })).toThrow(/not on the payments origin/);
  });
});
