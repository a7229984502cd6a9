import { randomBytes } from 'node:crypto';
import type { Frame, Page } from '@playwright/test';
import { attackerSiteFixture } from './support/attackerSite';
import { ATTACKER_ORIGIN, HOST_ORIGIN } from './support/origins';
import { tokenFingerprint } from './support/provider';
import { test as base, expect, hostEvents, mount, SETTINGS_PATH, waitForEvent } from './support/test';

// DESIGN "Security model", from the host's side (issue 19): the host SDK answers its own frame's
// window, from the frame's origin, and nothing else. A window of a third site posts to the host
// page's window what the cashier frame would: penpal's handshake (SYN as leader and as follower,
// ACK1, ACK2 handing over a MessagePort), calls of getBootstrap (the widget inputs, with the app
// instance token), revalidateAppInstance, claimWidgetSettings and onApiInit, on the window and on
// the port, in penpal 7's protocol and the pre-7 one; and it connects with penpal itself, accepting
// any origin. It does so every 25 ms from before the mount until after the widget is ready
// (e2e/fixtures/attacker-site/imitate-frame.html). Two such windows: the opener of the host page
// (the host page is its popup) and an iframe of the third site on the host page (an ad would be).
// What must hold: nothing ever answers it (no message, no port message, no call of its methods),
// so the token never reaches it, and the real widget connects and keeps working both ways (host →
// frame: validate; frame → host: onResize). Tried: with penpal's source check removed and the SDK's
// allowedOrigins ['*'], both rows fail (the imitation connects and getBootstrap hands it the token).

const test = base.extend<object, { attackerSite: undefined }>({
  ...attackerSiteFixture,
});

/** What the imitating page recorded (e2e/fixtures/attacker-site/imitate-frame.html). */
interface ImitatorWindow {
  __received: string[];
  __calls: string[];
  __connection: string;
  __answers: string[];
  __rounds: number;
  startImitating(which: 'parent' | 'popup'): void;
  stopImitating(which: 'parent' | 'popup'): void;
}

/** The imitator's page, and which window it posts to. */
type Imitator = { page: Page | Frame; target: 'parent' | 'popup' };

const IMITATOR_URL = `${ATTACKER_ORIGIN}/imitate-frame.html`;

/** On the host page: answers the imitator's barrier, so it knows every message before it was handled. */
function echoBarriers(host: Page, from: string): Promise<void> {
  return host.evaluate((origin) => {
    window.addEventListener('message', (event) => {
      if (event.origin === origin && event.data?.barrier === true) (event.source as Window).postMessage({ echo: true }, '*');
    });
  }, from);
}

/** The imitator's record. */
function imitatorRecord(imitator: Imitator) {
  return imitator.page.evaluate(() => {
    const w = window as unknown as ImitatorWindow;
    return { received: [...w.__received], calls: [...w.__calls], connection: w.__connection, answers: [...w.__answers] };
  });
}

/** Waits until the imitator has posted `rounds` more rounds. */
async function afterRounds(imitator: Imitator, rounds: number): Promise<void> {
  const seen = () => imitator.page.evaluate(() => (window as unknown as ImitatorWindow).__rounds);
  const start = await seen();
  await expect.poll(seen).toBeGreaterThanOrEqual(start + rounds);
}

/**
 * Mounts the widget on `host` with `token` while `imitator` posts, checks the imitator got nothing,
 * and that the widget works both ways.
 */
async function mountUnderImitation(host: Page, imitator: Imitator, token: string): Promise<void> {
  await echoBarriers(host, ATTACKER_ORIGIN);
  await afterRounds(imitator, 2); // posting before the mount: the SDK's handshake starts among its messages
  await mount(host, { configuration: { appInstance: token } });
  await waitForEvent(host, 'apiInit');
  await afterRounds(imitator, 4); // and after the connection is made
  await imitator.page.evaluate((which) => (window as unknown as ImitatorWindow).stopImitating(which), imitator.target);
  const echo = `window from ${HOST_ORIGIN}: {"echo":true}`;
  await expect.poll(async () => (await imitatorRecord(imitator)).received).toContain(echo);
  // A reply over a handed-over port has no order with the window's messages: give it time to come.
  await host.waitForTimeout(500);

  const record = await imitatorRecord(imitator);
  expect(record.received.join('\n')).not.toContain(token);
  expect(record).toEqual({ received: [echo], calls: [], connection: 'pending', answers: [] });

  // The real widget: one connection, no crash; the host calls the frame, and the frame the host.
  const iframe = host.locator('#mount-0 iframe');
  const before = await iframe.evaluate((el) => el.getBoundingClientRect().height);
  const validated = await host.evaluate(() =>
    (window as unknown as { __apis: { validate(): Promise<{ valid: boolean }> }[] }).__apis[0]?.validate(),
  );
  expect(validated?.valid).toBe(false);
  await expect(host.frameLocator('#mount-0 iframe').getByLabel('Card number', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  // The field errors make the form taller: the frame's onResize reached the host, which resized the iframe.
  await expect.poll(() => iframe.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(before);
  const events = await hostEvents(host);
  expect(events.map((e) => e.type)).toEqual(['apiInit']);
}

test('a third site that opened the host page posts to it as the frame would: no answer, no token, and the widget works', async ({
  page,
  provider,
}) => {
  const token = `tok-FOREIGN-popup-${randomBytes(6).toString('hex')}`;
  await provider.appInstances({ add: [token] });
  await page.goto(IMITATOR_URL);
  await page.locator('#open').evaluate((button, url) => {
    (button as HTMLElement).dataset.url = url;
  }, `${HOST_ORIGIN}/test-host.html`);
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.locator('#open').click()]);
  await popup.waitForLoadState('load');
  const imitator: Imitator = { page, target: 'popup' };
  await page.evaluate(() => (window as unknown as ImitatorWindow).startImitating('popup'));

  await mountUnderImitation(popup, imitator, token);
  expect((await provider.requests(SETTINGS_PATH)).map((r) => r.tokenFingerprint)).toEqual([tokenFingerprint(token)]);
});

test("a third site's iframe on the host page posts to its parent as the frame would: no answer, no token, and the widget works", async ({
  page,
  provider,
}) => {
  const token = `tok-FOREIGN-iframe-${randomBytes(6).toString('hex')}`;
  await provider.appInstances({ add: [token] });
  await page.goto('/test-host.html');
  await page.evaluate((src) => {
    const iframe = document.createElement('iframe');
    iframe.src = src;
    iframe.title = 'a third site';
    document.body.append(iframe);
  }, `${IMITATOR_URL}#parent`);
  const find = () => page.frames().find((f) => f.url().startsWith(IMITATOR_URL));
  await expect.poll(() => find() !== undefined).toBe(true);
  const frame = find() as Frame;
  await frame.waitForLoadState('load');

  await mountUnderImitation(page, { page: frame, target: 'parent' }, token);
  expect((await provider.requests(SETTINGS_PATH)).map((r) => r.tokenFingerprint)).toEqual([tokenFingerprint(token)]);
});
