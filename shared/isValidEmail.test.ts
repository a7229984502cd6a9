import { describe, expect, it } from 'vitest';
import { isValidEmail } from './isValidEmail';

const local64 = 'a'.repeat(64);
// 253 characters: labels of 63 + dots, ending in a known TLD.
const domain253 = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(57)}.com`;

describe('isValidEmail (spec section 5)', () => {
  it.each([
    { name: 'plain address', input: 'buyer@example.com', expected: true },
    { name: 'subdomain and plus tag', input: 'first.last+tickets@mail.example.co.uk', expected: true },
    { name: 'new generic TLD', input: 'fan@jazz.music', expected: true },
    { name: 'local part of exactly 64', input: `${local64}@example.com`, expected: true },
    { name: 'local part of 65', input: `${local64}a@example.com`, expected: false },
    { name: 'local part ending with a dot', input: 'buyer.@example.com', expected: false },
    { name: 'domain of exactly 253', input: `x@${domain253}`, expected: true },
    { name: 'domain of 254', input: `x@a${domain253}`, expected: false },
    { name: 'unknown TLD', input: 'buyer@example.notarealtld', expected: false },
    { name: 'no TLD', input: 'buyer@localhost', expected: false },
    { name: 'no @', input: 'buyer.example.com', expected: false },
    { name: 'empty local part', input: '@example.com', expected: false },
    { name: 'space inside', input: 'bu yer@example.com', expected: false },
    { name: 'display name form', input: 'Buyer <buyer@example.com>', expected: false },
    { name: 'IP domain', input: 'buyer@[127.0.0.1]', expected: false },
    { name: 'domain label of 64 characters', input: `x@${'b'.repeat(64)}.com`, expected: false },
    { name: 'domain label of exactly 63', input: `x@${'b'.repeat(63)}.com`, expected: true },
    { name: 'internationalised TLD in ASCII (punycode) form', input: 'buyer@example.xn--p1ai', expected: true },
    { name: 'internationalised TLD in Unicode', input: 'buyer@example.рф', expected: true },
  ])('$name → $expected', ({ input, expected }) => {
    expect(isValidEmail(input)).toBe(expected);
  });

  it('domain253 fixture really is 253 characters long', () => {
    expect(domain253).toHaveLength(253);
  });

  it('returns false, not throws, for non-strings from untrusted callers', () => {
    expect(isValidEmail(undefined as unknown as string)).toBe(false);
  });
});
