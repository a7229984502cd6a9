import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './isLoopbackHost';

describe('isLoopbackHost (server on port 4175, default port 80)', () => {
  it.each([
    { host: '127.0.0.1:4175', loopback: true },
    { host: 'localhost:4175', loopback: true },
    { host: '[::1]:4175', loopback: true },
    { host: 'LocalHost:4175', loopback: true },
    // A page on another name rebound to 127.0.0.1 sends its own name.
    { host: 'evil.example', loopback: false },
    { host: 'evil.example:4175', loopback: false },
    { host: 'localhost.evil.example:4175', loopback: false },
    { host: '127.0.0.1.nip.io:4175', loopback: false },
    { host: 'evil.example@127.0.0.1:4175', loopback: false },
    // The right name on another port is another server.
    { host: '127.0.0.1:4176', loopback: false },
    { host: 'localhost:41750', loopback: false },
    { host: '127.0.0.1', loopback: false },
    { host: '127.0.0.1:', loopback: false },
    // Other spellings of loopback are not what a browser or curl sends for these names.
    { host: '::1:4175', loopback: false },
    { host: '127.1:4175', loopback: false },
    { host: '0.0.0.0:4175', loopback: false },
    { host: ' 127.0.0.1:4175', loopback: false },
    { host: '', loopback: false },
    { host: undefined, loopback: false },
  ])('$host → $loopback', ({ host, loopback }) => {
    expect(isLoopbackHost(host, 4175, 80)).toBe(loopback);
  });

  it('a Host without a port means the default port of the scheme', () => {
    expect(isLoopbackHost('localhost', 80, 80)).toBe(true);
    expect(isLoopbackHost('127.0.0.1', 443, 443)).toBe(true);
    expect(isLoopbackHost('127.0.0.1', 443, 80)).toBe(false);
    expect(isLoopbackHost('[::1]:443', 443, 443)).toBe(true);
  });
});
