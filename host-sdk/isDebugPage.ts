/**
 * True when the page URL has a `debug` query parameter whose value is not `false`
 * (`?debug`, `?debug=1`, `?debug=true` → true; `?debug=false` or none → false). Spec section 2.
 * `pageUrl` defaults to the host page's URL.
 */
export function isDebugPage(pageUrl: string = window.location.href): boolean {
  let value: string | null;
  try {
    value = new URL(pageUrl).searchParams.get('debug');
  } catch {
    return false;
  }
  return value !== null && value !== 'false';
}
