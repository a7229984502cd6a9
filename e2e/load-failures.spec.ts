import { TECHNICAL_DIFFICULTIES_MESSAGE } from '../shared';
import { PROVIDER_ORIGIN } from './support/origins';
import {
  expect,
  hostEvents,
  MIN_BUNDLE_PATH,
  openAndMount,
  SETTINGS_PATH,
  test,
  waitForEvent,
  widgetFrame,
} from './support/test';

// Each row: how the provider misbehaves, and what the host must be told (spec 4, 8).
const scenarios = [
  {
    name: 'settings answer 500 on every attempt',
    arrange: { fault: { path: SETTINGS_PATH, status: 500, times: 3 } },
    expectedCode: 'SETTINGS_LOAD_FAILED',
    settingsAttempts: 3,
  },
  {
    name: 'settings refuse the app instance (401)',
    arrange: { mount: { configuration: { appInstance: 'unknown-token' } } },
    expectedCode: 'SETTINGS_LOAD_FAILED',
    settingsAttempts: 1,
  },
  {
    name: 'settings body has no widgetStaticsBaseUrl',
    arrange: { fault: { path: SETTINGS_PATH, status: 200, body: { hello: 'world' } } },
    expectedCode: 'SETTINGS_LOAD_FAILED',
    settingsAttempts: 1,
  },
  {
    name: 'bundle answers 404',
    arrange: { fault: { path: MIN_BUNDLE_PATH, status: 404, body: 'not found' } },
    expectedCode: 'BUNDLE_LOAD_FAILED',
    settingsAttempts: 1,
  },
  {
    name: "bundle's mount throws",
    arrange: { settings: { widgetStaticsBaseUrl: `${PROVIDER_ORIGIN}/fixtures/mount-throws` } },
    expectedCode: 'BUNDLE_MOUNT_FAILED',
    settingsAttempts: 1,
  },
  {
    name: 'bundle reports a crash through onCrash',
    arrange: { settings: { widgetStaticsBaseUrl: `${PROVIDER_ORIGIN}/fixtures/crashes` } },
    expectedCode: 'BUNDLE_CRASHED',
    settingsAttempts: 1,
  },
  {
    name: 'widgetStaticsBaseUrl outside the statics allowlist',
    arrange: { settings: { widgetStaticsBaseUrl: 'https://statics.evil.example/cashier' } },
    expectedCode: 'STATICS_NOT_ALLOWED',
    settingsAttempts: 1,
  },
];

for (const s of scenarios) {
  test(`${s.name} → alert and exactly one onCrash ${s.expectedCode}`, async ({ page, provider }) => {
    if (s.arrange.fault) await provider.fault(s.arrange.fault);
    if (s.arrange.settings) await provider.settings(s.arrange.settings);
    await openAndMount(page, s.arrange.mount ?? {});

    const alert = widgetFrame(page).getByRole('alert');
    await expect(alert).toHaveText(TECHNICAL_DIFFICULTIES_MESSAGE);
    const [crash] = await waitForEvent(page, 'crash');
    expect(crash).toMatchObject({ code: s.expectedCode, name: 'CashierError', isCashierError: true });
    expect(crash?.message).toBeTruthy();

    // onCrash fires once, no onApiInit, and the loader made only the attempts the spec allows.
    await page.waitForTimeout(300);
    const events = await hostEvents(page);
    expect(events.filter((e) => e.type === 'crash')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'apiInit')).toHaveLength(0);
    expect(await provider.requests(SETTINGS_PATH)).toHaveLength(s.settingsAttempts);
  });
}
