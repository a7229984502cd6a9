import { expect } from 'vitest';
import type { HostEvent } from '../support/test';

// Finding and driving elements the way the Playwright specs do (by label, by role name), over
// WebDriver classic in WebKitGTK.

/** XPath of the form control whose `<label>` reads exactly `label` (Playwright's getByLabel, exact). */
export const byLabel = (label: string): string => `//*[@id=//label[normalize-space(.)=${JSON.stringify(label)}]/@for]`;

/** XPath of the element labelled (aria-labelledby) by an element that reads exactly `name`. */
export const byLabelledBy = (name: string): string => `//*[@aria-labelledby=//*[normalize-space(.)=${JSON.stringify(name)}]/@id]`;

/**
 * Types `text` into the empty field labelled `label` with real key events, so React's controlled
 * inputs see them, and returns the value read back. Clicks first: WebKitGTK refuses keys
 * ("Element is not focusable") for a field in a frame that has not had a click yet.
 */
export async function typeInto(browser: WebdriverIO.Browser, label: string, text: string): Promise<string> {
  const field = browser.$(byLabel(label));
  await field.click();
  await field.addValue(text);
  return field.getValue();
}

/** The current value of the field labelled `label`. */
export function fieldValue(browser: WebdriverIO.Browser, label: string): Promise<string> {
  return browser.$(byLabel(label)).getValue();
}

/** e2e/support/checkout.ts's BILLING_ZIP and BILLING_STATE (that module loads @playwright/test, which is for its runner only). */
const BILLING = { zip: '12345', state: 'CA' } as const;

/**
 * Fills the billing fields (issue 23) as e2e/support/checkout.ts's `fillBilling` does, inside the
 * widget's frame (switch to it first): waits for the default country of an English buyer, the
 * United States, types `zip` (the ZIP code the AVS test card's bank has on file by default) and
 * chooses California, each found by its `autocomplete` token. Returns the ZIP code read back.
 */
export async function fillBilling(browser: WebdriverIO.Browser, zip: string = BILLING.zip): Promise<string> {
  const country = browser.$('[autocomplete="country"]');
  await country.waitForDisplayed();
  await expect.poll(() => country.getValue()).toBe('US');
  const postalCode = browser.$('[autocomplete="postal-code"]');
  await postalCode.click();
  await postalCode.addValue(zip);
  await browser.$('[autocomplete="address-level1"]').selectByAttribute('value', BILLING.state);
  await expect.poll(() => browser.$('[autocomplete="address-level1"]').getValue()).toBe(BILLING.state);
  return postalCode.getValue();
}

/** Runs `steps` inside the `<iframe>` that `selector` finds, then switches back to its parent, also on failure. */
export async function inFrame<T>(browser: WebdriverIO.Browser, selector: string, steps: () => Promise<T>): Promise<T> {
  await browser.switchFrame(browser.$(selector));
  try {
    return await steps();
  } finally {
    await browser.switchToParentFrame();
  }
}

/** What the test host page's callbacks recorded (e2e/fixtures/test-host.html), read in the top document. */
export function hostEvents(browser: WebdriverIO.Browser): Promise<HostEvent[]> {
  return browser.execute(() => (window as unknown as { __events: HostEvent[] }).__events);
}

/** Waits until exactly `count` events of `type` were recorded; returns them. */
export async function waitForEvents<T extends HostEvent['type']>(
  browser: WebdriverIO.Browser,
  type: T,
  count: number,
): Promise<Extract<HostEvent, { type: T }>[]> {
  const ofType = async () => (await hostEvents(browser)).filter((e): e is Extract<HostEvent, { type: T }> => e.type === type);
  await expect.poll(async () => (await ofType()).length).toBe(count);
  return ofType();
}

/** Opens the test host page and mounts one widget with `options` (as the Playwright specs' openAndMount). */
export async function openAndMount(browser: WebdriverIO.Browser, origin: string, options: Record<string, unknown> = {}) {
  await browser.url(`${origin}/test-host.html`);
  return browser.execute((o) => (window as unknown as { testMount(o: unknown): number }).testMount(o), options);
}
