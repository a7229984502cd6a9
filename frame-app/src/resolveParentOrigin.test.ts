import { describe, expect, it } from 'vitest';
import { CashierError } from '../../shared';
import { resolveParentOrigin } from './resolveParentOrigin';

const host = 'http://localhost:4173';
const search = `?parentOrigin=${encodeURIComponent(host)}`;

describe('resolveParentOrigin (DESIGN "Security model")', () => {
  it.each([
    { name: 'ancestorOrigins agrees', where: { search, ancestorOrigins: [host], referrer: '', framed: true }, expected: host },
    {
      name: 'referrer agrees (no ancestorOrigins)',
      where: { search, referrer: `${host}/checkout?x=1`, framed: true },
      expected: host,
    },
  ])('$name → $expected', ({ where, expected }) => {
    expect(resolveParentOrigin(where)).toBe(expected);
  });

  it.each([
    { name: 'not framed', where: { search, ancestorOrigins: [host], referrer: '', framed: false } },
    { name: 'no parentOrigin', where: { search: '', ancestorOrigins: [host], referrer: '', framed: true } },
    {
      name: 'parentOrigin with a path',
      where: { search: `?parentOrigin=${host}/x`, ancestorOrigins: [host], referrer: '', framed: true },
    },
    {
      name: 'parentOrigin javascript:',
      where: { search: '?parentOrigin=javascript:1', ancestorOrigins: [host], referrer: '', framed: true },
    },
    {
      name: 'embedded by another origin',
      where: { search, ancestorOrigins: ['https://evil.example'], referrer: '', framed: true },
    },
    { name: 'referrer of another origin', where: { search, referrer: 'https://evil.example/', framed: true } },
    { name: 'no referrer and no ancestorOrigins', where: { search, referrer: '', framed: true } },
  ])('$name → PARENT_ORIGIN_MISMATCH', ({ where }) => {
    let thrown: unknown;
    try {
      resolveParentOrigin(where);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CashierError);
    expect((thrown as CashierError).code).toBe('PARENT_ORIGIN_MISMATCH');
  });
});
