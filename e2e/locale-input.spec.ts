import type { Frame, Page } from '@playwright/test';
import { startCheckout, widget } from './support/checkout';
import { expect, mount, openAndMount, test, waitForEvent, widgetFrame } from './support/test';

// Issue 23 items 1 and 4: the locale input (mountCashier's option, handle.update's change) and the
// frame document that says its language. The host page is on localhost, the frame on 127.0.0.1.

/** The `<html>` of the first widget's frame document. */
const frameRoot = (page: Page) => widgetFrame(page).locator('html');

/** The first widget's frame, to run script in its document. */
async function frameOf(page: Page): Promise<Frame> {
  const frame = await page
    .locator('iframe')
    .first()
    .elementHandle()
    .then((iframe) => iframe?.contentFrame());
  if (!frame) throw new Error('the widget has no frame');
  return frame;
}

test('mounted with locale "he": the frame document is <html lang="he" dir="rtl">', async ({ page }) => {
  await openAndMount(page, { locale: 'he' });
  await waitForEvent(page, 'apiInit');
  await expect(frameRoot(page)).toHaveAttribute('lang', 'he');
  await expect(frameRoot(page)).toHaveAttribute('dir', 'rtl');
});

test('update({ locale: "de-AT" }) switches to lang="de" dir="ltr" in the same frame document', async ({ page }) => {
  await openAndMount(page, { locale: 'he' });
  await waitForEvent(page, 'apiInit');
  await expect(frameRoot(page)).toHaveAttribute('dir', 'rtl');
  const frame = await frameOf(page);
  await frame.evaluate(() => {
    (window as unknown as { __documentMark: string }).__documentMark = 'before the update';
  });

  await page.evaluate(() =>
    (window as unknown as { __handles: { update(c: unknown): Promise<void> }[] }).__handles[0]?.update({ locale: 'de-AT' }),
  );
  await expect(frameRoot(page)).toHaveAttribute('lang', 'de');
  await expect(frameRoot(page)).toHaveAttribute('dir', 'ltr');
  expect(await frame.evaluate(() => (window as unknown as { __documentMark?: string }).__documentMark)).toBe('before the update');
  await expect(page.locator('iframe')).toHaveCount(1);
});

test('update({ locale }) with a malformed tag throws a TypeError naming locale; the frame keeps its language', async ({
  page,
}) => {
  await openAndMount(page, { locale: 'ja' });
  await waitForEvent(page, 'apiInit');
  const thrown = await page.evaluate(() => {
    try {
      (window as unknown as { __handles: { update(c: unknown): unknown }[] }).__handles[0]?.update({ locale: 'ja_JP' });
      return '';
    } catch (error) {
      return `${(error as Error).name}: ${(error as Error).message}`;
    }
  });
  expect(thrown).toBe('TypeError: update: changes.locale must be a well-formed BCP 47 language tag if given (got "ja_JP")');
  await expect(frameRoot(page)).toHaveAttribute('lang', 'ja');
});

test('mounted with locale "zz" (not shipped): lang="en" dir="ltr"', async ({ page }) => {
  await openAndMount(page, { locale: 'zz' });
  await waitForEvent(page, 'apiInit');
  await expect(frameRoot(page)).toHaveAttribute('lang', 'en');
  await expect(frameRoot(page)).toHaveAttribute('dir', 'ltr');
});

test('no locale option on a page with <html lang="ja">: the frame is lang="ja"', async ({ page }) => {
  await page.goto('/test-host.html');
  await page.evaluate(() => {
    document.documentElement.lang = 'ja';
  });
  await mount(page);
  await waitForEvent(page, 'apiInit');
  await expect(frameRoot(page)).toHaveAttribute('lang', 'ja');
  await expect(frameRoot(page)).toHaveAttribute('dir', 'ltr');
});

test('a locale that is not a string or not well formed: TypeError naming locale, no iframe', async ({ page }) => {
  await page.goto('/test-host.html');
  const messages = await page.evaluate(() =>
    [42, 'en_US', ''].map((locale) => {
      try {
        (window as unknown as { testMount(o: unknown): number }).testMount({ locale });
        return 'no error';
      } catch (error) {
        return `${(error as Error).name}: ${(error as Error).message}`;
      }
    }),
  );
  expect(messages).toEqual([
    'TypeError: mountCashier: opts.locale must be a well-formed BCP 47 language tag if given (got 42)',
    'TypeError: mountCashier: opts.locale must be a well-formed BCP 47 language tag if given (got "en_US")',
    'TypeError: mountCashier: opts.locale must be a well-formed BCP 47 language tag if given (got "")',
  ]);
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('the demo: ?locale=he mounts the widget in Hebrew; its language picker switches it in place', async ({ page }) => {
  await startCheckout(page, '?locale=he');
  const picker = page.getByLabel('Payment form language');
  await expect(picker).toHaveValue('he');
  const root = widget(page).locator('html');
  await expect(root).toHaveAttribute('lang', 'he');
  await expect(root).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en'); // the demo page's own words stay English

  await picker.selectOption({ label: 'Deutsch' });
  await expect(root).toHaveAttribute('lang', 'de');
  await expect(root).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('#cashier iframe')).toHaveCount(1);
  await expect(page.locator('#events')).toContainText('update: locale de');
});
