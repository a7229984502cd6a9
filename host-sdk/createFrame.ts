import { FRAME_TITLE_MESSAGE, PARENT_ORIGIN_PARAM } from '../shared';

/** The iframe sandbox, exactly; never `allow-top-navigation` (DESIGN "Security model"). */
export const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups';

/**
 * The iframe's style. Spec 2: waiting renders nothing, so the iframe takes no room until the frame
 * reports its content height (HostMethods.onResize); then the host sizes it to fit, with no inner scrollbar.
 *
 * `border-radius:1px` keeps the page's clicks on the page (issue 36 item 3). Chromium routes a
 * click to a cross-site frame by the compositor's hit-test data, which lags the page's layout by a
 * frame or more: a click on a host button that had just moved up as the frame shrank, or that the
 * page had just scrolled into view, went into the frame although the page's own hit test found the
 * button there (e2e/clicks.spec.ts with a square iframe: 15 of 20 clicks at a resize reached the
 * page, 1 and 10 of 20 after Playwright's scroll). Rounded corners make the frame's region an
 * irregular clip, for which Chromium asks the page's renderer, which answers from its current
 * layout: 20 of 20 in each case. A square clip (clip-path:inset(0)) changes nothing. One pixel, so
 * no page sees the corners; a page that forces the radius to 0 brings the lost clicks back.
 */
export const FRAME_STYLE = 'border:0;border-radius:1px;width:100%;display:block;height:0';

/**
 * The frame URL with the host page's origin as the `parentOrigin` query parameter. Nothing else
 * is added: the token and the host travel over the bridge, never in the URL.
 */
export function frameSrc(frameUrl: string, parentOrigin: string): string {
  const url = new URL(frameUrl);
  url.searchParams.set(PARENT_ORIGIN_PARAM, parentOrigin);
  return url.href;
}

/**
 * A sandboxed, titled, full-width, 0 px tall iframe for the frame app, created in `doc` and not yet
 * attached. Its title is English (`FRAME_TITLE_MESSAGE`) until the mount's bridge puts it in the
 * buyer's language (`localizeMount`). `referrerpolicy="origin"`: the frame's `document.referrer`
 * is the host page's origin whatever the page's own referrer policy (the frame checks it where
 * `location.ancestorOrigins` is missing), and never the page's path or query.
 */
export function createFrame(doc: Document, src: string): HTMLIFrameElement {
  const iframe = doc.createElement('iframe');
  iframe.setAttribute('sandbox', FRAME_SANDBOX);
  iframe.setAttribute('allow', 'payment');
  iframe.title = FRAME_TITLE_MESSAGE;
  iframe.setAttribute('referrerpolicy', 'origin');
  iframe.style.cssText = FRAME_STYLE;
  iframe.src = src;
  return iframe;
}
