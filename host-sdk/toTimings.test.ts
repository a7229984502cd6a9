import { describe, expect, it } from 'vitest';
import { toTimings } from './toTimings';

const mountedAt = 1_700_000_000_000.25;

describe('toTimings: the load phases in ms since mountCashier', () => {
  it('turns the frame phases and the host times into ms since the mount, at 0.1 ms', () => {
    const phases = {
      frameLoaded: mountedAt + 120.04,
      settingsReceived: mountedAt + 310.26,
      settingsFromCache: true,
      bundleImported: mountedAt + 402,
      mounted: mountedAt + 450.5,
    };
    expect(toTimings(phases, mountedAt, mountedAt + 130, mountedAt + 470.44)).toEqual({
      frameLoaded: 120,
      connected: 130,
      settingsReceived: 310.3,
      settingsFromCache: true,
      bundleImported: 402,
      mounted: 450.5,
      ready: 470.4,
    });
  });

  it.each([
    ['no phases', undefined],
    ['not an object', 'soon'],
    [
      'strings and non-finite numbers',
      { frameLoaded: '5', mounted: Number.NaN, bundleImported: Infinity, settingsFromCache: 'yes' },
    ],
  ])('%s from the frame: only what the host measured itself', (_name, phases) => {
    expect(toTimings(phases, mountedAt, mountedAt + 5, mountedAt + 9)).toEqual({ connected: 5, ready: 9 });
  });

  it("passes on the frame's contrast adjustments (issue 35), field by field, and drops a malformed list whole", () => {
    const moved = {
      variable: 'rules[".Label"].color',
      against: 'colorBackground',
      from: '#eeeeee',
      to: '#767676',
      ratio: 1.16,
      adjusted: 4.54,
      required: 4.5,
    };
    const at = (contrastAdjustments: unknown) =>
      toTimings({ contrastAdjustments }, mountedAt, mountedAt + 5, mountedAt + 9).contrastAdjustments;
    expect(at([{ ...moved, extra: '<script>' }])).toEqual([moved]);
    expect(at([moved, { ...moved, to: 'red</style>' }])).toBeUndefined();
    expect(at([{ ...moved, ratio: '1.16' }])).toBeUndefined();
    expect(at(Array.from({ length: 17 }, () => moved))).toBeUndefined();
    expect(at([])).toBeUndefined();
  });
});
