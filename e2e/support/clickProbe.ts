/**
 * The click counters of issue 36 item 3, "Clicks reach the host", shared by e2e/clicks.spec.ts
 * (Playwright) and e2e/webkit/clicks.test.ts (WebDriver). Each function runs in a page: pass it to
 * `page.evaluate` / `frame.evaluate` or `browser.execute`; each is self-contained (no closure, no
 * named inner function), as both drivers send its source text.
 */

/** What the host page saw: its button's clicks and the target of each mousedown (an id, or a tag name). */
export interface HostProbe {
  clicks: number;
  mousedowns: string[];
}

/** In the host page: a 40 px button (`#host-button`) right under the widget's container `#mount-0`, and the probe on `window.__probe`. */
export const installHostProbe = (): void => {
  const probe: HostProbe = { clicks: 0, mousedowns: [] };
  (window as unknown as { __probe: HostProbe }).__probe = probe;
  const button = document.createElement('button');
  button.id = 'host-button';
  button.textContent = 'Host button';
  button.style.cssText = 'display:block;width:100%;height:40px;margin:0';
  button.addEventListener('click', () => probe.clicks++);
  document.getElementById('mount-0')?.after(button);
  addEventListener('mousedown', (e) => probe.mousedowns.push((e.target as Element).id || (e.target as Element).tagName), true);
};

/** In the host page: the probe {@link installHostProbe} installed. */
export const readHostProbe = (): HostProbe => (window as unknown as { __probe: HostProbe }).__probe;

/** In the widget's frame: counts the mousedowns the frame receives on `window.__mousedowns`. */
export const installFrameMousedowns = (): void => {
  const w = window as unknown as { __mousedowns: number };
  w.__mousedowns = 0;
  addEventListener('mousedown', () => w.__mousedowns++, true);
};

/** In the widget's frame: the mousedowns {@link installFrameMousedowns} counted. */
export const readFrameMousedowns = (): number => (window as unknown as { __mousedowns: number }).__mousedowns;

/** In the host page: the widget iframe's inline height (e.g. `"604px"`), empty when none. */
export const readIframeHeight = (): string => document.querySelector('iframe')?.style.height ?? '';
