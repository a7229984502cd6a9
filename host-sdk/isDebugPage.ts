/**
 * True when the page URL has a `debug` query parameter whose value is not `false`
 * (`?debug`, `?debug=1`, `?debug=true` → true; `?debug=false` or none → false). Spec section 2.
 * `pageUrl` defaults to the host page's URL.
 */
export function isDebugPage(pageUrl: string = location.href): boolean {
  try {
    const value = new URL(pageUrl).searchParams.get('debug');
    return value !== null && value !== 'false';
  } catch {
    return false;
  }
}
