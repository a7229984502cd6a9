import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_VAULT, resolveVaultOrigin } from './vault';

describe('resolveVaultOrigin', () => {
  const frame = { protocol: 'http:', hostname: '127.0.0.1', port: '4274' };

  it('a production build: exactly the origin it was built with, whatever the frame location', () => {
    expect(resolveVaultOrigin('https://vault.cashier.example', frame)).toBe('https://vault.cashier.example');
  });

  it("a development build: the frame's own host name, two ports up (npm start: 4174 → 4176)", () => {
    expect(resolveVaultOrigin(DEVELOPMENT_VAULT, frame)).toBe('http://127.0.0.1:4276');
    expect(resolveVaultOrigin(DEVELOPMENT_VAULT, { ...frame, port: '4174' })).toBe('http://127.0.0.1:4176');
  });

  it('a development frame on a default port: no vault (card payments then reject INVALID_ARGUMENT)', () => {
    expect(resolveVaultOrigin(DEVELOPMENT_VAULT, { ...frame, port: '' })).toBeUndefined();
  });
});
