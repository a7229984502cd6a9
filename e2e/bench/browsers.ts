import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium';

/**
 * Where the cross-site frame runs. `own`: Chromium's desktop default (site isolation), an
 * out-of-process iframe, its own CDP target, which the page target's throttling does not reach.
 * `page`: `--disable-site-isolation-trials`, so the frame shares the page's renderer and CDP
 * target and throttling the page covers the frame's requests and main thread (like Chrome on
 * most Android phones, which isolates only sites that people log in to). Not also
 * `--disable-features=IsolateOrigins,site-per-process`: Chromium keeps the last copy of a
 * switch and Playwright does not merge them, so it would replace Playwright's own
 * `--disable-features` list; `assertFramesInPageProcess` checks the result instead.
 */
export type FrameProcess = 'own' | 'page';

/** Launches Chromium (CHROMIUM_PATH, default /usr/bin/chromium) for one frame process model. */
export function launchBrowser(frames: FrameProcess): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    args: frames === 'page' ? [...CHROMIUM_ARGS, '--disable-site-isolation-trials'] : [...CHROMIUM_ARGS],
    timeout: 30_000,
  });
}

/** Throws when the browser has an iframe target, i.e. a frame runs out of process (call while a frame is open). */
export async function assertFramesInPageProcess(browser: Browser): Promise<void> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await session.send('Target.getTargets');
    const frames = targetInfos.filter((t) => t.type === 'iframe');
    if (frames.length > 0)
      throw new Error(`a frame runs out of process (${frames.map((t) => t.url).join(', ')}): throttling would miss it`);
  } finally {
    await session.detach();
  }
}

/** Network and CPU emulation of a page target; unset fields are not throttled. */
export interface Throttling {
  /** Added to every request, from sent to response headers (CDP `latency`). */
  latencyMs: number;
  downloadKbitPerS?: number;
  uploadKbitPerS?: number;
  /** CPU slowdown factor (CDP `Emulation.setCPUThrottlingRate`). */
  cpuSlowdown?: number;
}

/**
 * Throttles `page`'s CDP target through a CDP session that also has the Network domain on (the
 * caller may listen to its events). In a `page`-model browser this covers the cross-site frame.
 */
export async function throttle(context: BrowserContext, page: Page, t: Throttling): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: t.latencyMs,
    downloadThroughput: t.downloadKbitPerS ? (t.downloadKbitPerS * 1000) / 8 : -1,
    uploadThroughput: t.uploadKbitPerS ? (t.uploadKbitPerS * 1000) / 8 : -1,
  });
  if (t.cpuSlowdown) await cdp.send('Emulation.setCPUThrottlingRate', { rate: t.cpuSlowdown });
  return cdp;
}
