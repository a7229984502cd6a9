import { describe, expect, it } from 'vitest';
import { isHttpsOrLoopback, isLoopbackHostname } from './isHttpsOrLoopback';

describe('isHttpsOrLoopback (DESIGN "Security model": https, except on loopback)', () => {
  it.each([
    { value: 'https://tickets.example.com', expected: true },
    { value: 'https://tickets.example.com:8443/api/?v=1#x', expected: true },
    { value: 'https://localhost:4175', expected: true },
    { value: 'HTTPS://TICKETS.EXAMPLE.COM', expected: true },
    { value: 'http://localhost:4175/', expected: true },
    { value: 'http://127.0.0.1:4174/', expected: true },
    { value: 'http://LOCALHOST', expected: true },
    { value: 'http://tickets.example.com', expected: false },
    { value: 'http://localhost.evil.example/', expected: false },
    { value: 'http://127.0.0.1.evil.example/', expected: false },
    { value: 'http://app.localhost/', expected: false },
    { value: 'http://127.0.0.2/', expected: false },
    { value: 'http://[::1]:4175/', expected: false },
    { value: 'http://localhost@evil.example/', expected: false },
    { value: 'ftp://localhost/', expected: false },
    { value: 'ws://localhost/', expected: false },
    { value: 'javascript:alert(1)', expected: false },
    { value: 'tickets.example.com', expected: false },
    { value: '//tickets.example.com', expected: false },
    { value: '', expected: false },
    { value: undefined, expected: false },
    { value: 42, expected: false },
    { value: ['https://tickets.example.com'], expected: false },
    { value: new URL('https://tickets.example.com'), expected: false },
  ])('$value → $expected', ({ value, expected }) => {
    expect(isHttpsOrLoopback(value)).toBe(expected);
  });
});

describe('isLoopbackHostname', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['app.localhost', false],
    ['127.1.2.3', false],
    ['[::1]', false],
    ['127.0.0.1.example.com', false],
    ['example.com', false],
  ])('%s → %s', (hostname, expected) => {
    expect(isLoopbackHostname(hostname)).toBe(expected);
  });
});
