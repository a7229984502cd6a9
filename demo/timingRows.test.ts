import { describe, expect, it } from 'vitest';
import { timingRows } from './timingRows';

describe('timingRows: the demo lists the load phases', () => {
  it('lists every reported phase in load order, rounded, the settings marked when cached', () => {
    expect(
      timingRows({
        ready: 480.4,
        connected: 130.2,
        frameLoaded: 101.6,
        settingsReceived: 300,
        settingsFromCache: true,
        bundleImported: 420,
        mounted: 470.5,
      }),
    ).toEqual([
      ['Frame document loaded', '102 ms'],
      ['Connected', '130 ms'],
      ['Settings received', '300 ms (page cache)'],
      ['Bundle imported', '420 ms'],
      ['Mounted', '471 ms'],
      ['Ready (onApiInit)', '480 ms'],
    ]);
  });

  it('leaves out what the frame did not report, and fetched settings are not marked', () => {
    expect(timingRows({ connected: 5, settingsReceived: 9, settingsFromCache: false, ready: 12 })).toEqual([
      ['Connected', '5 ms'],
      ['Settings received', '9 ms'],
      ['Ready (onApiInit)', '12 ms'],
    ]);
  });
});
