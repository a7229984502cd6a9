/**
 * Reports the document's content height (CSS pixels, rounded up) to `report` now and whenever
 * it changes, so the host can size the iframe to fit (HostMethods.onResize). Returns a stop function.
 */
export function observeHeight(doc: Document, report: (heightPx: number) => void): () => void {
  let last = -1;
  const measure = () => {
    const height = Math.ceil(doc.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    report(height);
  };
  const observer = new ResizeObserver(measure);
  observer.observe(doc.body);
  measure();
  return () => observer.disconnect();
}
