/**
 * The iframe's style while it covers the viewport for a 3-D Secure challenge (issue 22): fixed to
 * the viewport's edges, as wide and tall as it, transparent (the frame's dialog draws its own
 * backdrop), and above everything else, overriding the popover's own UA style (border, padding,
 * Canvas background, fit-content size).
 */
export const OVERLAY_STYLE =
  'position:fixed;inset:0;width:100%;height:100%;max-width:none;max-height:none;margin:0;padding:0;border:0;background:none;z-index:2147483647';

/** Lends a mount's iframe the whole viewport and gives its place back. */
export interface FrameOverlay {
  /** Covers the viewport (`true`) or restores the iframe's own style and height (`false`); idempotent. */
  set(on: boolean): void;
  /** Sizes the iframe to the frame's content height (CSS px); while overlaid the height waits for `set(false)`. */
  resize(heightPx: number): void;
}

/**
 * The overlay of issue 22: when the frame asks for room for a 3-D Secure challenge, the iframe
 * itself becomes a manual popover shown in the top layer (`popover="manual"`, `showPopover()`), so it
 * sits above the host page's own modal `<dialog>`s (`showModal()` puts them in the top layer too,
 * and a later top-layer element is drawn above), styled to cover the viewport. It is never moved
 * in the DOM, which would reload it and lose the widget. Engines without popovers (before Chrome
 * 114, Firefox 125, Safari 17) get the same fixed style with the highest z-index: above the page's
 * content, but not above a modal `<dialog>` (docs/integration.md "3-D Secure").
 */
export function createOverlay(iframe: HTMLIFrameElement): FrameOverlay {
  /** The iframe's own style while overlaid; undefined when not. */
  let saved: string | undefined;
  /** The frame's content height reported while overlaid, applied once it ends. */
  let height: string | undefined;
  // Checked on the element: an engine without popovers has no showPopover (hidePopover of a hidden
  // popover does nothing; showPopover throws only for an iframe no longer in the page).
  const popovers = typeof iframe.showPopover === 'function';
  return {
    set(on) {
      if (on === (saved !== undefined)) return;
      if (on) {
        saved = iframe.style.cssText;
        iframe.style.cssText = OVERLAY_STYLE;
        if (popovers) {
          iframe.setAttribute('popover', 'manual');
          iframe.showPopover();
        }
        return;
      }
      if (popovers) {
        iframe.hidePopover();
        iframe.removeAttribute('popover'); // a closed popover is display:none
      }
      iframe.style.cssText = saved ?? '';
      if (height) iframe.style.height = height;
      saved = height = undefined;
    },
    resize(heightPx) {
      if (saved === undefined) iframe.style.height = `${heightPx}px`;
      else height = `${heightPx}px`;
    },
  };
}
