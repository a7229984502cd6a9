import type { Page } from '@playwright/test';
import { DEMO_LOOKS, type DemoLookName } from '../demo/looks';
import { THEMES } from '../shared/appearance/themes';
import { axeViolations, frameOf } from './support/axe';
import { FRAME_ORIGIN, HOST_ORIGIN, PROVIDER_ORIGIN, VAULT_ORIGIN } from './support/origins';
import { expect, hostEvents, mount, openAndMount, test, waitForEvent, widgetFrame } from './support/test';
import { typeInto } from './support/typeInto';

// Issue 35: the site's appearance, in the browser, with the host page and the frame on different
// sites. The unit tests prove each value's parse and the CSS it becomes; these prove that the
// frame applies it where the buyer looks, keeps contrast (axe), loads only the listed fonts, keeps
// a typed card through a live change, and follows the buyer's colour scheme.

/** `mountCashier`'s appearance options for a demo look, its font files on the test host's origin. */
function lookOptions(name: DemoLookName) {
  const look = DEMO_LOOKS[name] as { appearance?: object; fonts?: (origin: string) => object[] };
  return { appearance: look.appearance, fonts: look.fonts?.(HOST_ORIGIN) };
}

/** Mounts the widget with `options` on the test host and waits until it is ready. */
async function mountReady(page: Page, options: Record<string, unknown>) {
  await openAndMount(page, options);
  const frame = widgetFrame(page);
  await expect(frame.getByLabel('Card number')).toBeVisible();
  return frame;
}

/** A custom property of the frame's `<html>` as the frame's styles see it. */
function frameToken(page: Page, name: string) {
  return frameOf(page).evaluate(
    (property) => getComputedStyle(document.documentElement).getPropertyValue(property).trim(),
    `--cashier-${name}`,
  );
}

/** The colour of the screenshot's pixel at (x, y), `#rrggbb`: the screenshot is decoded by the browser itself. */
async function pixel(page: Page, png: Buffer, x: number, y: number): Promise<string> {
  return page.evaluate(
    async ({ data, x, y }) => {
      const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${data}`)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      context.drawImage(bitmap, 0, 0);
      const [r = 0, g = 0, b = 0] = context.getImageData(x, y, 1, 1).data;
      return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    },
    { data: png.toString('base64'), x, y },
  );
}

for (const width of [390, 1280]) {
  for (const name of ['default', 'night', 'flat', 'festival'] as const) {
    test(`screenshot, ${name} look at ${width} px: the frame is painted in its theme, and axe finds nothing`, async ({
      page,
    }, info) => {
      await page.setViewportSize({ width, height: 900 });
      await mountReady(page, lookOptions(name));
      const shot = await page.locator('iframe').first().screenshot();
      await info.attach(`${name}-${width}.png`, { body: shot, contentType: 'image/png' });
      const tokens = {
        ...THEMES[name === 'festival' ? 'default' : name],
        ...(DEMO_LOOKS[name] as { appearance?: { variables?: object } }).appearance?.variables,
      };
      // The form's corner pixel: the theme's background, or the host page's white through the default theme.
      const background = tokens.colorBackground === 'transparent' ? '#ffffff' : tokens.colorBackground;
      expect(await pixel(page, shot, 2, 2)).toBe(background);
      expect(await axeViolations(frameOf(page))).toEqual([]);
    });
  }
}

test('a deliberately low-contrast appearance: the frame moves the colours, tells the site, and axe finds nothing', async ({
  page,
}) => {
  await mountReady(page, {
    appearance: {
      variables: {
        colorBackground: '#ffffff',
        colorText: '#d0d0d0',
        colorTextSecondary: '#e0e0e0',
        colorBorder: '#f0f0f0',
        colorDanger: '#ffb0b0',
      },
      rules: { '.Label': { color: '#eeeeee' } },
    },
  });
  const [ready] = await waitForEvent(page, 'apiInit');
  const moved =
    (ready?.timings as { contrastAdjustments?: { variable: string; adjusted: number; required: number }[] })
      ?.contrastAdjustments ?? [];
  expect(moved.map(({ variable }) => variable)).toEqual([
    'colorText',
    'colorTextSecondary',
    'colorDanger',
    'colorBorder',
    'rules[".Label"].color',
  ]);
  for (const { adjusted, required } of moved) expect(adjusted).toBeGreaterThanOrEqual(required);
  expect(await frameToken(page, 'colorText')).not.toBe('#d0d0d0');
  expect(await axeViolations(frameOf(page))).toEqual([]);
});

test('a hostile appearance is refused before anything is created, and under the festival look and its fonts a typed card sends nothing anywhere but the frame, the provider, the vault and the listed fonts', async ({
  page,
}) => {
  // What the widget's frame asks for (the host page's own scripts are not the widget's).
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.frame().url().startsWith(FRAME_ORIGIN)) requests.push(request.url());
  });
  await page.goto('/test-host.html');
  // Through the SDK: refused on the spot, naming the key; no iframe.
  const refused = await page.evaluate(() => {
    const attempts = [
      { rules: { '.Input': { backgroundColor: 'red url(https://evil.example/leak)' } } },
      { rules: { 'input[value^="4"]': { color: 'red' } } },
      { variables: { fontFamily: 'x; } @import "https://evil.example/a.css' } },
    ];
    return attempts.map((appearance) => {
      try {
        (window as unknown as { testMount(o: object): number }).testMount({ appearance });
        return 'mounted';
      } catch (error) {
        return `${(error as Error).name}: ${(error as Error).message}`;
      }
    });
  });
  expect(refused).toEqual([
    expect.stringMatching(
      /^TypeError: mountCashier: opts\.appearance\.rules\["\.Input"\]\.backgroundColor must be free of "url\("/,
    ),
    expect.stringMatching(/^TypeError: mountCashier: opts\.appearance\.rules has no selector/),
    expect.stringMatching(/^TypeError: mountCashier: opts\.appearance\.variables\.fontFamily must be free of/),
  ]);
  await expect(page.locator('iframe')).toHaveCount(0);

  // The festival look with a rule for every state, each in the font: nothing is fetched when a state arises.
  const festival = lookOptions('festival');
  const rules = Object.fromEntries(
    ['.Input--invalid', '.Input:focus', '.Input:hover', '.Error', '.Method--selected'].map((selector) => [
      selector,
      { fontFamily: 'Fredoka', fontWeight: '600' },
    ]),
  );
  await page.evaluate((options) => (window as unknown as { testMount(o: object): number }).testMount(options), {
    ...festival,
    appearance: { ...(festival.appearance as object), rules },
  });
  const frame = widgetFrame(page);
  await expect(frame.getByLabel('Card number')).toBeVisible();
  await expect
    .poll(() => requests.filter((url) => url.includes('/fonts/')).sort())
    .toEqual([`${HOST_ORIGIN}/fonts/fredoka-400.woff2`, `${HOST_ORIGIN}/fonts/fredoka-600.woff2`]);
  const before = requests.length;
  await typeInto(frame.getByLabel('Card number'), '4242 4242 4242 424');
  await frame.getByLabel('Expiration date').focus(); // the number is now invalid: `.Input--invalid`, `.Error`
  await typeInto(frame.getByLabel('Expiration date'), '12/30');
  await typeInto(frame.getByLabel('Security code'), '123');
  await frame.getByLabel('Card number').hover();
  const allowed = [HOST_ORIGIN, FRAME_ORIGIN, PROVIDER_ORIGIN, VAULT_ORIGIN];
  for (const url of requests) {
    const { origin, pathname } = new URL(url);
    if (url.startsWith('data:')) continue;
    expect(allowed, url).toContain(origin);
    if (origin === HOST_ORIGIN) expect(['/fonts/fredoka-400.woff2', '/fonts/fredoka-600.woff2'], url).toContain(pathname);
  }
  // Typing and the states fetched no font, nor anything else from the page's origin.
  expect(requests.slice(before).filter((url) => url.startsWith(HOST_ORIGIN))).toEqual([]);
  // The frame's policy allows exactly the listed font files.
  const policy = await frameOf(page).evaluate(() =>
    [...document.querySelectorAll('meta[http-equiv="Content-Security-Policy"]')].map((meta) => meta.getAttribute('content')),
  );
  expect(policy).toContain(`font-src ${HOST_ORIGIN}/fonts/fredoka-400.woff2 ${HOST_ORIGIN}/fonts/fredoka-600.woff2`);
  // The typed card is in no attribute a selector could match.
  const attributes = await frameOf(page).evaluate(() =>
    [...document.querySelectorAll('input')].flatMap((input) => [...input.attributes].map((a) => `${a.name}=${a.value}`)),
  );
  expect(attributes.filter((a) => a.includes('4242') || a.includes('12/30') || a.endsWith('=123'))).toEqual([]);
});

/** `preloadCashier` on the test host with its options and `options`; resolves when the warm-up ended. */
function preload(page: Page, options: Record<string, unknown>): Promise<unknown> {
  return page.evaluate((o) => {
    const demo = (window as unknown as { CASHIER_DEMO: { host: string; frameUrl: string; appInstance: string } }).CASHIER_DEMO;
    const cashier = (window as unknown as { Cashier: { preloadCashier(o: unknown): Promise<void> } }).Cashier;
    return cashier.preloadCashier({
      host: demo.host,
      frameUrl: demo.frameUrl,
      configuration: { appInstance: demo.appInstance },
      ...o,
    });
  }, options);
}

test('a warm-up with the night look applies it before the mount; the mount shows the look it asks for: night, or the default when it asks for none', async ({
  page,
}) => {
  for (const mountLook of ['night', 'default'] as const) {
    await page.goto('/test-host.html');
    const canMove = await page.evaluate(() => 'moveBefore' in Element.prototype);
    await preload(page, lookOptions('night'));
    if (canMove) {
      // The waiting frame has the night look already (the mount then parses nothing again).
      expect(await frameToken(page, 'colorBackground'), 'the warm frame, before the mount').toBe(THEMES.night.colorBackground);
    }
    await mount(page, lookOptions(mountLook));
    await expect(widgetFrame(page).getByLabel('Card number')).toBeVisible();
    expect(await frameToken(page, 'colorBackground'), `mounted with the ${mountLook} look`).toBe(
      THEMES[mountLook].colorBackground,
    );
    const field = widgetFrame(page).getByLabel('Card number');
    await expect(field).toHaveCSS(
      'color',
      mountLook === 'night' ? hexToRgb(THEMES.night.colorText) : hexToRgb(THEMES.default.colorText),
    );
  }
});

/** `#rrggbb` as getComputedStyle writes it. */
function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

test('update({ appearance }) while a card is typed restyles the form live and keeps the card', async ({ page }) => {
  const frame = await mountReady(page, {});
  await typeInto(frame.getByLabel('Card number'), '4242 4242 4242 4242');
  await typeInto(frame.getByLabel('Cardholder name'), 'Ada Lovelace');
  const documentBefore = await frameOf(page).evaluate(() => performance.timeOrigin);
  await page.evaluate(() =>
    (window as unknown as { __handles: { update(c: object): Promise<void> }[] }).__handles[0]?.update({
      appearance: { theme: 'night', variables: { borderRadius: '14px' } },
    }),
  );
  expect(await frameToken(page, 'colorBackground')).toBe(THEMES.night.colorBackground);
  await expect(frame.getByLabel('Card number')).toHaveCSS('border-top-left-radius', '14px');
  await expect(frame.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await expect(frame.getByLabel('Cardholder name')).toHaveValue('Ada Lovelace');
  // The same frame document: no remount, no reload.
  expect(await frameOf(page).evaluate(() => performance.timeOrigin)).toBe(documentBefore);
  expect((await hostEvents(page)).filter((e) => e.type === 'apiInit')).toHaveLength(1);
});

test('names the SDK leaves to the frame: an update with an unknown variable rejects with INVALID_ARGUMENT naming it and changes nothing; a mount with one fails with it', async ({
  page,
}) => {
  const frame = await mountReady(page, { appearance: { theme: 'default' } });
  expect(await frameToken(page, 'colorBackground')).toBe(THEMES.default.colorBackground);
  const refusal = await page.evaluate(() =>
    (window as unknown as { __handles: { update(c: object): Promise<void> }[] }).__handles[0]
      ?.update({ appearance: { theme: 'night', variables: { colorSecret: '#000' } } })
      .then(
        () => 'applied',
        (error: { code: string; message: string }) => `${error.code}: ${error.message}`,
      ),
  );
  expect(refusal).toMatch(/^INVALID_ARGUMENT: .*update: changes\.appearance\.variables has no variable "colorSecret"/);
  expect(await frameToken(page, 'colorBackground')).toBe(THEMES.default.colorBackground);
  await expect(frame.getByLabel('Card number')).toBeVisible();

  await mount(page, { appearance: { variables: { colorSecret: '#000' } } });
  const [crash] = await waitForEvent(page, 'crash');
  expect(crash).toMatchObject({ index: 1, code: 'INVALID_ARGUMENT' });
  expect(crash?.message).toContain('mountCashier: opts.appearance.variables has no variable "colorSecret"');
  await expect(widgetFrame(page, 1).getByRole('alert')).toBeVisible();
});

test('auto follows the emulated colour scheme, live', async ({ page, browserName }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const frame = await mountReady(page, { appearance: { theme: 'auto' } });
  expect(await frameToken(page, 'colorText')).toBe(THEMES.default.colorText);
  await page.emulateMedia({ colorScheme: 'dark' });
  const frameIsDark = () => frameOf(page).evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  if (browserName === 'firefox' && !(await frameIsDark())) {
    // Playwright's Firefox does not emulate the scheme in a cross-site frame (its media query stays
    // light, also in a context made dark): there the frame must keep following its own query.
    expect(await frameToken(page, 'colorText')).toBe(THEMES.default.colorText);
    return;
  }
  expect(await frameIsDark()).toBe(true);
  await expect.poll(() => frameToken(page, 'colorText')).toBe(THEMES.night.colorText);
  await expect(frame.getByLabel('Card number')).toHaveCSS('background-color', 'rgb(29, 34, 48)');
  expect(await axeViolations(frameOf(page))).toEqual([]);
});

test('the font swap does not move the form: the frame height before and after the font arrives', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/fonts/*.woff2', async (route) => {
    await held;
    await route.continue();
  });
  const frame = await mountReady(page, lookOptions('festival'));
  // The billing fields are in: the form has its full height (issue 23's late country fields).
  await expect(frame.locator('[autocomplete="address-level1"]')).toBeVisible();
  const height = () => page.locator('iframe').evaluate((iframe) => iframe.getBoundingClientRect().height);
  const fallbackHeight = await height();
  expect(await frameOf(page).evaluate(() => document.fonts.check('16px Fredoka'))).toBe(false);
  release();
  await expect.poll(() => frameOf(page).evaluate(() => document.fonts.check('16px Fredoka'))).toBe(true);
  await page.waitForTimeout(300); // a resize after the swap reaches the host within a frame or two
  expect(Math.abs((await height()) - fallbackHeight)).toBeLessThanOrEqual(4);
});
