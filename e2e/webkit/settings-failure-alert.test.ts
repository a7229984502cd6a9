import { describe, expect, it } from 'vitest';
import { ProviderPaths, TECHNICAL_DIFFICULTIES_MESSAGE } from '../../shared';
import { HOST_ORIGIN } from '../support/origins';
import { hostEvents, inFrame, openAndMount, waitForEvents } from './dom';
import { webkitPerFile } from './webkitPerFile';

// e2e/load-failures.spec.ts's first row in WebKitGTK: the settings answer 500 on every attempt →
// the frame shows the spec's alert and the host hears exactly one onCrash SETTINGS_LOAD_FAILED.

const { browser, provider } = webkitPerFile();

describe('the widget in WebKit', () => {
  it('settings answer 500 on every attempt → alert and exactly one onCrash SETTINGS_LOAD_FAILED', async () => {
    await provider.fault({ path: ProviderPaths.widgetSettings, status: 500, times: 3 });
    await openAndMount(browser(), HOST_ORIGIN);

    const alertText = await inFrame(browser(), 'iframe', async () => {
      const alert = browser().$('[role="alert"]');
      await alert.waitForDisplayed();
      return alert.getText();
    });
    expect(alertText).toBe(TECHNICAL_DIFFICULTIES_MESSAGE);
    const [crash] = await waitForEvents(browser(), 'crash', 1);
    expect(crash).toMatchObject({ code: 'SETTINGS_LOAD_FAILED', name: 'CashierError', isCashierError: true });
    expect(crash?.message).toBeTruthy();

    // onCrash fires once, no onApiInit, and the loader made the three attempts the spec allows.
    await browser().pause(300);
    const events = await hostEvents(browser());
    expect(events.filter((e) => e.type === 'crash')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'apiInit')).toHaveLength(0);
    expect(await provider.requests(ProviderPaths.widgetSettings)).toHaveLength(3);
  });
});
