import type { Page } from '@playwright/test';
import { readOrder, widget } from './support/checkout';
import { startCheckout } from './support/localPayments';
import { expect, test } from './support/test';

// Issue 38 R1, R2, R7, R13 on the demo checkout: `?country=` is the buyer's market, sent with order
// setup; the provider decides the order's local methods from it and the order's currency, and the
// widget shows exactly those, each with its short line of what happens next. PL makes a PLN order.
// Without a country no local method is offered, and the widget fetches none of their chunks.

/** The short line under each local method's choice (widget/localMethods/redirect/RedirectPanel.tsx, English). */
const LINES: Record<string, string> = {
  IDEAL: "Pay in your bank's app or website. You come back here after.",
  BANCONTACT: 'Pay with the Bancontact app or card. You come back here after.',
  KLARNA: 'Pay later in 30 days, or in 3 parts. You choose at Klarna.',
};
const LABELS: Record<string, string> = { IDEAL: 'iDEAL', BANCONTACT: 'Bancontact', KLARNA: 'Klarna' };

/** The widget's payment method choices, by their radio's value (the method type), in the order shown. */
const choices = (page: Page): Promise<string[]> =>
  widget(page)
    .getByRole('radio')
    .evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value));

/** The widget's local method chunks (build/widgetBundle.ts widgetChunkName) the page's frames requested. */
function watchLocalChunks(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (r) => {
    const file = new URL(r.url()).pathname.split('/').at(-1) ?? '';
    if (/^(local-redirect|local-shared|blik)-.*\.js$/.test(file)) requested.push(file);
  });
  return requested;
}

// The demo's default event is at a venue: card and pay at the venue are always there.
const OFFERS = [
  { query: '?country=NL', methods: ['CARD', 'PAY_AT_VENUE', 'IDEAL', 'KLARNA'] },
  { query: '?country=BE', methods: ['CARD', 'PAY_AT_VENUE', 'BANCONTACT', 'KLARNA'] },
  { query: '?country=DE', methods: ['CARD', 'PAY_AT_VENUE', 'KLARNA'] },
  // BLIK is left to its own spec (its radio shows once its chunk is switched on): here PL's others.
  { query: '?country=PL', methods: ['CARD', 'PAY_AT_VENUE', 'KLARNA'], ignore: 'BLIK' },
  { query: '', methods: ['CARD', 'PAY_AT_VENUE'] },
] as const;

for (const offer of OFFERS) {
  const where = offer.query || 'no country';
  test(`${where}: the widget offers exactly ${offer.methods.join(', ')}, each local method with its short line`, async ({
    page,
  }) => {
    await startCheckout(page, offer.query);
    const ignore: string | undefined = 'ignore' in offer ? offer.ignore : undefined;
    await expect.poll(async () => (await choices(page)).filter((m) => m !== ignore)).toEqual(offer.methods);
    for (const method of offer.methods.filter((m) => m in LINES)) {
      const radio = widget(page).getByRole('radio', { name: new RegExp(`^${LABELS[method]}\\b`) });
      await expect(radio).toBeVisible();
      await expect(radio).toHaveAccessibleDescription(LINES[method] as string);
    }
  });
}

test('?country=PL: the order is priced in PLN, and the page shows its total in PLN; Klarna is offered', async ({ page }) => {
  const orderId = await startCheckout(page, '?country=PL');
  const order = await readOrder(page, orderId);
  expect(order.total.currency).toBe('PLN');
  expect(order.country).toBe('PL');
  const inPln = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'PLN' }).format(order.total.amount / 100);
  await expect(page.locator('#total')).toHaveText(inPln);
  await expect(page.locator('#total')).toContainText('PLN');
  await expect(widget(page).getByRole('radio', { name: /^Klarna\b/ })).toBeVisible();
});

test('?country=NL: the redirect family’s chunks are fetched (not BLIK’s); with no country, no local method chunk at all', async ({
  page,
}) => {
  const withCountry = watchLocalChunks(page);
  await startCheckout(page, '?country=NL');
  // The short lines are in the first form (issue 36 item 1): the chunks came before it was shown.
  await expect(widget(page).getByRole('radio', { name: /^iDEAL\b/ })).toHaveAccessibleDescription(LINES.IDEAL as string);
  expect(withCountry.some((f) => f.startsWith('local-redirect-'))).toBe(true);
  expect(withCountry.some((f) => f.startsWith('local-shared-'))).toBe(true);
  expect(withCountry.filter((f) => f.startsWith('blik-'))).toEqual([]);

  const page2 = await page.context().newPage();
  const without = watchLocalChunks(page2);
  await startCheckout(page2, '');
  await expect(widget(page2).getByRole('radio', { name: 'Pay at the venue' })).toBeVisible();
  // Chosen and paid-for methods do not fetch them either: pick the venue, then the card again.
  await widget(page2).getByRole('radio', { name: 'Pay at the venue' }).check();
  await widget(page2).getByRole('radio', { name: 'Card', exact: true }).check();
  await expect(widget(page2).getByLabel('Card number')).toBeVisible();
  expect(without).toEqual([]);
});
