import type { APIRequestContext, Frame, FrameLocator, Locator, Page } from '@playwright/test';
import { CONTROL_KEY_HEADER } from '../../provider';
import { fillBilling } from './checkout';
import { type PayOutcome, payOutcome, readPay, startPay } from './hostPay';
import { FRAME_ORIGIN, PROVIDER_ORIGIN, VAULT_ORIGIN } from './origins';
import { controlKeyOfRun, type ProviderControl, type RecordedRequest } from './provider';
import { expect, openAndMount, waitForEvents } from './test';
import { typeInto } from './typeInto';

export { type PayOutcome, payOutcome, readPay, startPay };

// A 3-D Secure challenge (issue 22) as a buyer and a host script meet it on the test host page:
// `pay` called from the page, the widget's dialog, the bank's page in its nested iframe.

/** The reference provider's 3-D Secure test cards (provider/README.md "Test cards"). */
/** The 3-D Secure dialog's name and its bank iframe's title, as the English widget shows them (widget/locales/en.po). */
export const CHALLENGE_TITLE = 'Confirm your payment';
export const CHALLENGE_FRAME_TITLE = "Your bank's payment confirmation";

export const CHALLENGE_CARD = '4000 0027 6000 3184';
export const FRICTIONLESS_CARD = '4000 0000 0000 3055';
export const CHALLENGE_DECLINED_CARD = '4000 0084 0000 1629';

/** The frame of the widget mounted `index`-th on the test host page (`#mount-{index}`). */
export const widgetAt = (page: Page, index = 0): FrameLocator => page.frameLocator(`#mount-${index} iframe`);

/** The challenge dialog in a widget's frame: its accessible name begins "Confirm your payment". */
export const challengeDialog = (widget: FrameLocator): Locator =>
  widget.getByRole('dialog', { name: new RegExp(`^${CHALLENGE_TITLE}`) });

/** The nested iframe that holds the bank's page, as an element of the widget's frame. */
export const bankIframe = (widget: FrameLocator): Locator => widget.getByTitle(CHALLENGE_FRAME_TITLE);

/** The bank's page inside it. */
export const bankPage = (widget: FrameLocator): FrameLocator => widget.frameLocator(`iframe[title="${CHALLENGE_FRAME_TITLE}"]`);

/** The bank page's document (the one document on the vault origin), for axe and focus checks. */
export function bankDocument(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(`${VAULT_ORIGIN}/three-ds/`));
  if (!frame) throw new Error(`no challenge page on ${VAULT_ORIGIN}`);
  return frame;
}

/** The widget's frame document mounted last (the newest document on the frame origin). */
export function widgetDocument(page: Page): Frame {
  const frames = page.frames().filter((f) => f.url().startsWith(FRAME_ORIGIN));
  const frame = frames.at(-1);
  if (!frame) throw new Error(`no frame on ${FRAME_ORIGIN}`);
  return frame;
}

/** Types a whole card into the widget, with `number` as its card number, as the buyer does. */
export async function fillCardIn(widget: FrameLocator, number: string): Promise<void> {
  const values: [string, string][] = [
    ['Cardholder name', 'Ada Lovelace'],
    ['Card number', number],
    ['Expiration date', '12/30'],
    ['Security code', '123'],
    ['Email', 'ada@example.com'],
  ];
  for (const [name, value] of values) await typeInto(widget.getByLabel(name, { exact: true }), value);
  await fillBilling(widget);
}

/** The challenge id of the bank page shown in `widget` (the last segment of its URL). */
export async function challengeIdIn(widget: FrameLocator): Promise<string> {
  const src = (await bankIframe(widget).getAttribute('src')) ?? '';
  return new URL(src).pathname.split('/').at(-1) ?? '';
}

/**
 * Records the challenge's result at the provider without its page (`POST /__control/three-ds/{id}`),
 * so no completion message reaches the widget.
 */
export async function recordChallenge(
  request: APIRequestContext,
  challengeId: string,
  outcome: 'complete' | 'fail',
): Promise<void> {
  const response = await request.post(`${PROVIDER_ORIGIN}/__control/three-ds/${challengeId}`, {
    data: { outcome },
    headers: { [CONTROL_KEY_HEADER]: controlKeyOfRun() },
  });
  if (!response.ok()) throw new Error(`provider control: three-ds ${challengeId} answered ${response.status()}`);
}

/** Horizontal scroll in the document of `target`: its scrollWidth and clientWidth (CSS px). */
export function horizontalScroll(target: Page | Frame): Promise<{ scrollWidth: number; clientWidth: number }> {
  return target.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
}

/** Vault requests for challenge pages (`/three-ds/…`), from the provider's request log. */
export async function challengePageRequests(provider: ProviderControl): Promise<RecordedRequest[]> {
  return (await provider.requestsAfter(0)).filter((r) => r.server === 'vault' && r.path.startsWith('/three-ds/'));
}

/** Opens the test host page, mounts a widget, makes an order and types `card`; returns the order id. */
export async function readyToPay(page: Page, provider: ProviderControl, card: string): Promise<string> {
  const orderId = await provider.setupOrder();
  await openAndMount(page);
  await waitForEvents(page, 'apiInit', 1);
  await fillCardIn(widgetAt(page), card);
  return orderId;
}

/** Starts the `index`-th widget's `pay` and waits for the challenge dialog with the bank's page and its buttons. */
export async function payIntoChallenge(page: Page, orderId: string, index = 0): Promise<void> {
  await startPay(page, orderId, index);
  const widget = widgetAt(page, index);
  await expect(challengeDialog(widget)).toBeVisible();
  await expect(bankPage(widget).getByRole('button', { name: 'Complete authentication' })).toBeVisible();
  expect(await readPay(page, index), 'pay stays pending while the challenge is open').toBe('pending');
}

/**
 * On the open test host page: a modal `<dialog id="host-modal">` of `widthPx` CSS px, opened with
 * `showModal()`, with the widget mounted inside it as `#mount-0` (its api as the page's first).
 */
export function mountInHostModal(page: Page, widthPx: number): Promise<void> {
  return page.evaluate((width) => {
    const w = window as unknown as {
      __apis: unknown[];
      __events: unknown[];
      CASHIER_DEMO: { host: string; frameUrl: string; appInstance: string };
      Cashier: { mountCashier(el: HTMLElement, o: object): unknown };
    };
    const dialog = document.createElement('dialog');
    dialog.id = 'host-modal';
    dialog.style.width = `${width}px`;
    const el = document.createElement('div');
    el.id = 'mount-0';
    dialog.append(el);
    document.body.append(dialog);
    dialog.showModal();
    w.Cashier.mountCashier(el, {
      host: w.CASHIER_DEMO.host,
      frameUrl: w.CASHIER_DEMO.frameUrl,
      configuration: { appInstance: w.CASHIER_DEMO.appInstance },
      onApiInit(api: unknown) {
        w.__apis[0] = api;
        w.__events.push({ index: 0, type: 'apiInit' });
      },
    });
  }, widthPx);
}
