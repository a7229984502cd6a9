// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOverlay, OVERLAY_STYLE } from './createOverlay';

const OWN_STYLE = 'border:0;width:100%;display:block;height:0';

function frame(popovers: boolean) {
  const iframe = document.createElement('iframe');
  iframe.style.cssText = OWN_STYLE;
  const shown = { now: false };
  if (popovers) {
    // jsdom has no popovers: the engine's behaviour, as the overlay uses it.
    Object.assign(iframe, {
      showPopover: vi.fn(() => {
        if (iframe.getAttribute('popover') !== 'manual') throw new DOMException('not a popover', 'NotSupportedError');
        shown.now = true;
      }),
      hidePopover: vi.fn(() => {
        shown.now = false;
      }),
    });
  } else {
    Object.assign(iframe, { showPopover: undefined, hidePopover: undefined });
  }
  const dialog = document.body.appendChild(document.createElement('dialog'));
  dialog.appendChild(iframe);
  return { iframe, dialog, shown };
}

/** `css` as the engine writes it back. */
const normalized = (css: string) => {
  const probe = document.createElement('iframe');
  probe.style.cssText = css;
  return probe.style.cssText;
};

afterEach(() => {
  document.body.replaceChildren();
});

describe('createOverlay (issue 22): the iframe covers the viewport while a challenge needs the room', () => {
  it('with popovers: the iframe itself becomes a manual popover in the top layer, in place, and is given back after', () => {
    const { iframe, dialog, shown } = frame(true);
    const overlay = createOverlay(iframe);
    overlay.resize(420);
    overlay.set(true);
    expect(iframe.getAttribute('popover')).toBe('manual');
    expect(shown.now).toBe(true);
    expect(iframe.style.cssText).toBe(normalized(OVERLAY_STYLE));
    expect(iframe.parentElement).toBe(dialog); // never moved: moving an iframe reloads it
    overlay.set(true); // idempotent
    // The frame's content height reported meanwhile waits for the overlay to end.
    overlay.resize(512);
    expect(iframe.style.position).toBe('fixed');
    overlay.set(false);
    expect(shown.now).toBe(false);
    expect(iframe.hasAttribute('popover')).toBe(false);
    expect(iframe.style.position).toBe('');
    expect(iframe.style.height).toBe('512px');
    expect(iframe.style.width).toBe('100%');
  });

  it('without popovers: the same fixed style (max z-index), and its own style back after', () => {
    const { iframe } = frame(false);
    const overlay = createOverlay(iframe);
    overlay.resize(300);
    overlay.set(true);
    expect(iframe.hasAttribute('popover')).toBe(false);
    expect(iframe.style.position).toBe('fixed');
    expect(iframe.style.zIndex).toBe('2147483647');
    overlay.set(false);
    expect(iframe.style.height).toBe('300px');
    expect(iframe.style.position).toBe('');
  });

  it('closing an overlay that is not open changes nothing', () => {
    const { iframe } = frame(true);
    createOverlay(iframe).set(false);
    expect(iframe.style.cssText).toBe(normalized(OWN_STYLE));
  });
});
