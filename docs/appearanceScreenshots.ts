// The screenshots of docs/appearance.md: the demo checkout's widget in each demo look, at 390 px.
//   npm run build:dev && npx tsx docs/appearanceScreenshots.ts
// Starts the servers of `npm start` (provider/startAll.ts) on free loopback ports, opens the demo
// checkout in Playwright's Chromium (CHROMIUM_PATH, default Debian's) with `?look=<name>` for each
// look, continues to payment as a buyer does, waits for the card number field in the widget's
// frame, and writes a screenshot of the frame's element to docs/appearance/<name>.png.
// Everything it started is closed at the end, whatever happened.
import { mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { relative, resolve } from 'node:path';
import { chromium, type Locator } from '@playwright/test';
import { DEMO_LOOKS, type DemoLookName } from '../demo/looks';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../e2e/support/chromium';
import { startAll } from '../provider/startAll';
import { DEVELOPMENT_VAULT_PORT_OFFSET } from '../shared/vault';

const root = resolve(import.meta.dirname, '..');
const outDir = resolve(import.meta.dirname, 'appearance');
/** The viewport: a phone's width, tall enough for the card fields. */
const VIEWPORT = { width: 390, height: 900 };
/** How long the widget may take to show its card number field, in ms. */
const READY_TIMEOUT_MS = 30_000;

/** Whether `port` can be listened on at `host` now (0: any), and which port that was. */
function tryListen(port: number, host: string): Promise<number | undefined> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(undefined));
    server.listen(port, host, () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : undefined));
    });
  });
}

/** A port free on 127.0.0.1 (and on ::1 too when `bothLoopbacks`: the demo host listens on both). */
async function freePort(bothLoopbacks = false, exclude: readonly number[] = []): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = await tryListen(0, '127.0.0.1');
    if (port === undefined || exclude.includes(port)) continue;
    if (bothLoopbacks && (await tryListen(port, '::1')) === undefined) continue;
    return port;
  }
  throw new Error('appearanceScreenshots: found no free port on loopback');
}

/**
 * The servers' ports: the frame's with its card vault at frame + 2, where the development build's
 * frame looks for it (shared/vault.ts), so both must be free.
 */
async function freePorts() {
  const host = await freePort(true);
  const provider = await freePort(false, [host]);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const frame = await freePort(false, [host, provider]);
    const vault = frame + DEVELOPMENT_VAULT_PORT_OFFSET;
    if ([host, provider].includes(vault) || (await tryListen(vault, '127.0.0.1')) === undefined) continue;
    return { host, frame, provider, vault };
  }
  throw new Error('appearanceScreenshots: found no free frame port with a free vault port beside it');
}

/** Resolves after two animation frames: what came before is painted. */
const painted = () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));

/** Waits until the iframe's height is the frame body's and has not changed for three looks 200 ms apart. */
async function settled(iframe: Locator, body: Locator): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = -1;
  let same = 0;
  while (same < 3) {
    if (Date.now() > deadline) throw new Error('the iframe did not settle at the height of its form');
    const height = Math.round((await iframe.boundingBox())?.height ?? 0);
    const content = await body.evaluate((element) => Math.round(element.getBoundingClientRect().height));
    same = height === last && Math.abs(height - content) <= 1 ? same + 1 : 0;
    last = height;
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

const looks = Object.keys(DEMO_LOOKS) as DemoLookName[];
const servers = await startAll(await freePorts());
const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: [...CHROMIUM_ARGS], timeout: 30_000 });
let failed = false;
try {
  mkdirSync(outDir, { recursive: true });
  for (const look of looks) {
    const page = await browser.newPage({ viewport: VIEWPORT, colorScheme: 'light' });
    try {
      await page.goto(`${servers.urls.host}?look=${look}`);
      // As a buyer continues to payment (e2e/support/checkout.ts `continueToPayment`).
      await page.getByLabel('Full name').fill('Ada Lovelace');
      await page.getByLabel('Email address').fill('ada@example.com');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      const frame = page.frameLocator('#cashier iframe');
      await frame.getByLabel('Card number').waitFor({ state: 'visible', timeout: READY_TIMEOUT_MS });
      // The look's fonts are loaded at the mount: wait for them, and for the iframe to take the
      // height of the form they lay out (the SDK resizes it), then for painted frames on both sides.
      // Scrolled to first: Chromium does not render a cross-site frame out of view, so it would
      // neither paint nor report its new height.
      const iframe = page.locator('#cashier iframe');
      await iframe.scrollIntoViewIfNeeded();
      await frame.locator('body').evaluate(() => document.fonts.ready.then(() => undefined));
      await settled(iframe, frame.locator('body'));
      await frame.locator('body').evaluate(painted);
      await page.evaluate(painted);
      const file = resolve(outDir, `${look}.png`);
      await iframe.screenshot({ path: file, animations: 'disabled' });
      console.log(`${relative(root, file)}  ${statSync(file).size} bytes`);
    } catch (error) {
      failed = true;
      console.error(`appearanceScreenshots: the ${look} look failed: ${error instanceof Error ? error.message : error}`);
    } finally {
      await page.close();
    }
  }
} finally {
  await browser.close();
  await servers.close();
}
process.exit(failed ? 1 : 0);
