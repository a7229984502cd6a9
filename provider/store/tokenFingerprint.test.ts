import { describe, expect, it } from 'vitest';
import { tokenFingerprint } from './tokenFingerprint';

describe('tokenFingerprint', () => {
  it.each([
    // printf %s demo-app-instance | sha256sum | cut -c1-8
    { token: 'demo-app-instance', fingerprint: 'tok:c3215426' },
    { token: 'expired-token', fingerprint: 'tok:b52b3ef2' },
    { token: 'fresh-token', fingerprint: 'tok:5e2040ab' },
  ])('$token → $fingerprint', ({ token, fingerprint }) => {
    expect(tokenFingerprint(token)).toBe(fingerprint);
    expect(tokenFingerprint(token)).not.toContain(token);
  });
});
