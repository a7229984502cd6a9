import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { ProviderPaths } from '../shared';
import { APP_INSTANCE, FRAME_ORIGIN, PROVIDER_ORIGIN } from './support/origins';
import { expect, test } from './support/test';

// Issue 13 item 2: <CashierWidget> (cashier-widget/react) on a React host page, in the browser.
// The page (e2e/fixtures/react-host) is bundled here with esbuild, React in development mode (where
// StrictMode mounts every effect twice), into dist/, which the host server serves. It imports the
// built package entry, as a site does: the sources need Vite (the SDK's words in twelve languages
// come from the catalogs through `import.meta.glob`), which esbuild leaves undefined.
const PAGE_DIR = resolve(import.meta.dirname, '../dist/e2e-react');

test.beforeAll(async () => {
  mkdirSync(PAGE_DIR, { recursive: true });
  await build({
    entryPoints: [resolve(import.meta.dirname, 'fixtures/react-host/main.tsx')],
    bundle: true,
    format: 'esm',
    jsx: 'automatic',
    outfile: resolve(PAGE_DIR, 'main.js'),
    define: { 'process.env.NODE_ENV': '"development"' },
    // `cashier-widget/react` through the package's `exports` (the built dist/ files), not through
    // this repository's tsconfig `paths` to the sources.
    tsconfigRaw: '{}',
    logLevel: 'warning',
  });
  writeFileSync(
    resolve(PAGE_DIR, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>React host</title>' +
      '<script src="/demo-config.js"></script></head><body><div id="root"></div>' +
      '<script type="module" src="/e2e-react/main.js"></script></body></html>',
  );
});

/** Opens the React host page and counts the frame documents the page asks the frame origin for. */
async function openReactHost(page: Page): Promise<{ frameDocuments: string[] }> {
  const frameDocuments: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(FRAME_ORIGIN) && request.resourceType() === 'document') frameDocuments.push(request.url());
  });
  await page.goto('/e2e-react/');
  await page.waitForFunction(() => 'renderWidget' in window);
  return { frameDocuments };
}

const renderWidget = (page: Page, props: Record<string, unknown> | null) =>
  page.evaluate((p) => (window as unknown as { renderWidget(p: unknown): void }).renderWidget(p), props);
const widgetEvents = (page: Page) => page.evaluate(() => (window as unknown as { widgetEvents: string[] }).widgetEvents);
/** The widget's frame as Playwright's Frame (for evaluate), once the page has it. */
async function frameOf(page: Page) {
  await expect.poll(() => page.frames().filter((f) => f.url().startsWith(FRAME_ORIGIN)).length).toBe(1);
  return page.frames().find((f) => f.url().startsWith(FRAME_ORIGIN));
}

/** An order at a venue (so it offers "Pay at the venue" beside the card), set up as a site's server would. */
async function venueOrder(request: import('@playwright/test').APIRequestContext): Promise<string> {
  const response = await request.post(`${PROVIDER_ORIGIN}${ProviderPaths.orderSetup}`, {
    headers: { Authorization: APP_INSTANCE },
    // The reference provider's venue event; it prices the ticket itself.
    data: { eventId: 'riverside-jazz-night', lines: [{ ticketTypeId: 'general-admission', quantity: 1 }] },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

test.describe('<CashierWidget> on a React host page (issue 13)', () => {
  test('StrictMode: one iframe, one frame document; unmount removes it', async ({ page }) => {
    const { frameDocuments } = await openReactHost(page);
    await renderWidget(page, { theme: 'inline' });
    const widget = page.frameLocator('.widget iframe');
    await expect(widget.getByLabel('Card number')).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(1);
    expect(frameDocuments).toHaveLength(1);
    expect(await widgetEvents(page)).toEqual(['apiInit']);

    await renderWidget(page, null);
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(frameDocuments).toHaveLength(1);
  });

  test('a new theme, order or buyer updates the widget in its frame document: no new one', async ({ page, request }) => {
    const orderId = await venueOrder(request);
    const { frameDocuments } = await openReactHost(page);
    await renderWidget(page, { theme: 'inline', buyer: { email: 'ann@example.com', name: 'Ann Buyer' } });
    const widget = page.frameLocator('.widget iframe');
    await expect(widget.getByLabel('Email')).toHaveValue('ann@example.com');
    await expect(widget.getByLabel('Cardholder name')).toHaveValue('Ann Buyer');
    await expect(widget.locator('form')).toHaveCSS('padding', '16px');
    // A mark in the frame's window: a new frame document would not have it.
    const frame = await frameOf(page);
    await frame?.evaluate(() => Object.assign(window, { __sameDocument: true }));

    await renderWidget(page, { theme: 'modal', orderId, buyer: { email: 'ann@work.example.com', name: 'Ann Buyer' } });
    await expect(widget.locator('form')).toHaveCSS('padding', '8px');
    await expect(widget.getByRole('radio', { name: 'Pay at the venue' })).toBeVisible();
    await expect(widget.getByLabel('Email')).toHaveValue('ann@work.example.com');

    expect(frameDocuments).toHaveLength(1);
    expect(await frame?.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await expect(page.locator('iframe')).toHaveCount(1);
    expect(await widgetEvents(page)).toEqual(['apiInit']);
  });
});
