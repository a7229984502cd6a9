import { describe, expect, it } from 'vitest';
import { ProviderPaths } from '../../shared';
import { APP_INSTANCE, FRAME_ORIGIN, HOST_ORIGIN } from '../support/origins';
import { tokenFingerprint } from '../support/provider';
import { byLabel, fillBilling, hostEvents, inFrame, openAndMount, typeInto, waitForEvents } from './dom';
import { webkitPerFile } from './webkitPerFile';

// e2e/happy-path.spec.ts in WebKitGTK: mountCashier → cross-origin frame → settings → bundle
// (React from the frame's import map) → onApiInit, and a call through the relayed api.

const { browser, provider } = webkitPerFile();
// e2e/support/test.ts's MIN_BUNDLE_PATH; that module loads @playwright/test, which is for its runner only.
const MIN_BUNDLE_PATH = '/statics/cashier-widget-lazy-component.bundle.min.js';
const FIELDS = ['Cardholder name', 'Card number', 'Expiration date', 'Security code', 'Email'];

const validate = () =>
  browser().execute(() => (window as unknown as { __apis: { validate(): Promise<unknown> }[] }).__apis[0]?.validate());

describe('the widget in WebKit', () => {
  it('mountCashier → cross-origin frame → settings → bundle → onApiInit, and a call through the relayed api', async () => {
    await openAndMount(browser(), HOST_ORIGIN);

    const [init] = await waitForEvents(browser(), 'apiInit', 1);
    expect(init?.methods).toContain('validate');

    // Host page and frame are different sites; the token is nowhere in the frame URL.
    const iframe = browser().$('iframe');
    const src = await iframe.getAttribute('src');
    expect(new URL(src ?? '').origin).toBe(FRAME_ORIGIN);
    expect(new URL(await browser().getUrl()).origin).toBe(HOST_ORIGIN);
    expect(src).not.toContain(APP_INSTANCE);
    expect(await iframe.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms allow-popups');
    expect(await iframe.getAttribute('title')).toMatch(/.+/);

    // The card form renders inside the frame.
    await inFrame(browser(), 'iframe', async () => {
      for (const name of FIELDS) expect(await browser().$(byLabel(name)).isDisplayed(), name).toBe(true);
      // The billing fields of an English buyer's default country, the United States (issue 23), once the locale metadata is in.
      for (const token of ['country', 'address-level1', 'postal-code'])
        await browser().$(`[autocomplete="${token}"]`).waitForDisplayed();
    });

    // One settings request carrying the app instance token (recorded as its fingerprint), one minified bundle.
    const settings = await provider.requests(ProviderPaths.widgetSettings);
    expect(settings).toHaveLength(1);
    expect(settings[0]?.tokenFingerprint).toBe(tokenFingerprint(APP_INSTANCE));
    expect(await provider.requests(MIN_BUNDLE_PATH)).toHaveLength(1);

    // A call through the relayed api: an empty form is invalid, with an error for every field.
    const empty = await validate();
    expect(empty).toMatchObject({ valid: false });
    expect(Object.keys((empty as { errors: object }).errors).sort()).toEqual(
      ['cardNumber', 'cardholderName', 'email', 'expirationDate', 'postalCode', 'securityCode', 'subdivision'].sort(),
    );

    // Filled in by a buyer, the same call says valid.
    await inFrame(browser(), 'iframe', async () => {
      expect(await browser().$(byLabel('Card number')).getAttribute('aria-invalid')).toBe('true');
      expect(await typeInto(browser(), 'Cardholder name', 'Ada Lovelace')).toBe('Ada Lovelace');
      expect(await typeInto(browser(), 'Card number', '4242 4242 4242 4242')).toBe('4242 4242 4242 4242');
      expect(await typeInto(browser(), 'Expiration date', '12/39')).toBe('12/39');
      expect(await typeInto(browser(), 'Security code', '123')).toBe('123');
      expect(await fillBilling(browser())).toBe('12345');
      expect(await typeInto(browser(), 'Email', 'ada@example.com')).toBe('ada@example.com');
    });
    expect(await validate()).toEqual({ valid: true, errors: {} });
  });

  it('no crash is reported on a healthy load', async () => {
    await openAndMount(browser(), HOST_ORIGIN);
    await waitForEvents(browser(), 'apiInit', 1);
    await browser().pause(300);
    expect((await hostEvents(browser())).map((e) => e.type)).toEqual(['apiInit']);
  });
});
