import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { CashierConfiguration } from '../shared';
import type { MountCashierOptions } from './types';
import { type KNOWN_CONFIGURATION, KNOWN_OPTIONS, warnUnknownOptions } from './warnUnknownOptions';

const valid = { host: 'https://api.example', configuration: { appInstance: 'tok' } };

describe('warnUnknownOptions', () => {
  it.each([
    {
      name: 'a typo of a callback (two letters swapped)',
      options: { ...valid, onCrahs: () => undefined },
      warnings: ['mountCashier: unknown option "onCrahs" (did you mean "onCrash"?)'],
    },
    {
      name: 'a name wrong only in case',
      options: { ...valid, onApiinit: () => undefined },
      warnings: ['mountCashier: unknown option "onApiinit" (did you mean "onApiInit"?)'],
    },
    {
      name: 'a name in capitals (more than 2 letters off, but equal without case)',
      options: { ...valid, ONCRASH: () => undefined },
      warnings: ['mountCashier: unknown option "ONCRASH" (did you mean "onCrash"?)'],
    },
    {
      name: 'a name far from every known one',
      options: { ...valid, colour: 'red' },
      warnings: ['mountCashier: unknown option "colour"'],
    },
    {
      name: 'a key of configuration',
      options: { ...valid, configuration: { appInstance: 'tok', mssid: 'x' } },
      warnings: ['mountCashier: unknown option "configuration.mssid" (did you mean "configuration.msid"?)'],
    },
    {
      name: 'two unknown names, each once',
      options: { ...valid, themes: 'modal', debugg: true },
      warnings: [
        'mountCashier: unknown option "themes" (did you mean "theme"?)',
        'mountCashier: unknown option "debugg" (did you mean "debug"?)',
      ],
    },
    {
      name: 'every known option',
      options: {
        ...valid,
        configuration: { appInstance: 'tok', msid: 'm' },
        ...Object.fromEntries(KNOWN_OPTIONS.filter((n) => n !== 'configuration').map((n) => [n, undefined])),
      },
      warnings: [],
    },
  ])('$name → $warnings', ({ options, warnings }) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    warnUnknownOptions(options, 'mountCashier');
    expect(warn.mock.calls).toEqual(warnings.map((message) => [message]));
  });

  it("names preloadCashier in preloadCashier's warnings, and knows a mount's options there", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    warnUnknownOptions({ ...valid, orderId: 'ord_1', frameURL: 'https://frame.example/' }, 'preloadCashier');
    expect(warn.mock.calls).toEqual([['preloadCashier: unknown option "frameURL" (did you mean "frameUrl"?)']]);
  });

  it('knows exactly the keys of MountCashierOptions and CashierConfiguration', () => {
    expectTypeOf<(typeof KNOWN_OPTIONS)[number]>().toEqualTypeOf<keyof MountCashierOptions>();
    expectTypeOf<(typeof KNOWN_CONFIGURATION)[number]>().toEqualTypeOf<keyof CashierConfiguration>();
    expect(new Set(KNOWN_OPTIONS).size).toBe(KNOWN_OPTIONS.length);
  });
});
