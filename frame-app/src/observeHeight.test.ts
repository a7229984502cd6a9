// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { observeHeight } from './observeHeight';
import { stubResizeObserver } from './testing/stubResizeObserver';

// jsdom lays nothing out and has no ResizeObserver: the body's height is set by hand, and the
// ResizeObserver here never reports, as in a cross-site frame Chromium does not render (out of view).

let height = 0;
/** The ResizeObserver callbacks registered; calling one is a report from a rendered frame. */
let resizeCallbacks: (() => void)[] = [];

beforeEach(() => {
  height = 306;
  vi.spyOn(document.body, 'getBoundingClientRect').mockImplementation(() => ({ height }) as DOMRect);
  resizeCallbacks = stubResizeObserver();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

const microtask = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('observeHeight (issue 36: the height is right before the frame is seen)', () => {
  it('reports the height at once, then after each change of the document, with no rendering at all', async () => {
    const report = vi.fn();
    const stop = observeHeight(document, report);
    expect(report.mock.calls).toEqual([[306]]);

    height = 603.2; // the billing fields arrived
    document.body.append(document.createElement('div'));
    await microtask();
    expect(report.mock.calls).toEqual([[306], [604]]);

    document.body.setAttribute('class', 'x'); // a change that leaves the height: nothing told
    await microtask();
    expect(report).toHaveBeenCalledTimes(2);

    height = 650; // a font loaded, or the frame's window got narrower
    window.dispatchEvent(new Event('resize'));
    expect(report.mock.calls.at(-1)).toEqual([650]);

    height = 660; // anything else: the ResizeObserver, once rendered
    for (const callback of resizeCallbacks) callback();
    expect(report.mock.calls.at(-1)).toEqual([660]);

    stop();
    height = 700;
    document.body.append(document.createElement('p'));
    window.dispatchEvent(new Event('resize'));
    await microtask();
    expect(report).toHaveBeenCalledTimes(4);
  });

  it('tells nothing while quiet (a page going into the back/forward cache), then the first change after', async () => {
    const report = vi.fn();
    let quiet = false;
    observeHeight(document, report, () => quiet);
    expect(report.mock.calls).toEqual([[306]]);
    quiet = true;
    height = 0; // the widget unmounted as the page goes into the cache
    document.body.replaceChildren();
    window.dispatchEvent(new Event('resize'));
    await microtask();
    expect(report).toHaveBeenCalledOnce();
    quiet = false;
    height = 604; // mounted again as the page is shown
    document.body.append(document.createElement('form'));
    await microtask();
    expect(report.mock.calls).toEqual([[306], [604]]);
  });
});
