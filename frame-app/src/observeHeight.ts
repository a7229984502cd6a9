/**
 * Reports the document's content height (CSS pixels, rounded up) to `report` now and whenever
 * it changes, so the host can size the iframe to fit (HostMethods.onResize). Returns a stop function.
 *
 * Issue 36: the height must be right before the buyer sees the frame. Chromium does not render a
 * cross-site frame that is out of view, and a `ResizeObserver` reports only when the frame is
 * rendered: the frame kept its loading height below the fold and grew as the buyer scrolled to it.
 * So every change of the document (a `MutationObserver`: its callback is a microtask, never
 * throttled) is measured at once, the layout forced by the read; a resize of the frame's window
 * and loaded fonts are measured too. The `ResizeObserver` stays for anything else that moves the
 * layout (an image's size, a transition's end).
 *
 * While `quiet()` is true (default never) nothing is measured or told: a page going into the
 * back/forward cache must get no message (Firefox evicts it), and the widget's unmount then changes
 * the document. The first change after it is measured against the last height told.
 */
export function observeHeight(doc: Document, report: (heightPx: number) => void, quiet: () => boolean = () => false): () => void {
  let last = -1;
  const measure = () => {
    if (quiet()) return;
    const height = Math.ceil(doc.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    report(height);
  };
  const resized = new ResizeObserver(measure);
  resized.observe(doc.body);
  const changed = new MutationObserver(measure);
  changed.observe(doc.body, { subtree: true, childList: true, attributes: true, characterData: true });
  const win = doc.defaultView;
  win?.addEventListener('resize', measure);
  doc.fonts?.addEventListener('loadingdone', measure);
  measure();
  return () => {
    resized.disconnect();
    changed.disconnect();
    win?.removeEventListener('resize', measure);
    doc.fonts?.removeEventListener('loadingdone', measure);
  };
}
