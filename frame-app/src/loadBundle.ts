/**
 * Imports the bundle as an ES module from `url` (DESIGN "The bundle": dynamic `import()`).
 * Rejects with the browser's error when the file is missing, not JavaScript, or blocked.
 */
export function loadBundle(url: string): Promise<unknown> {
  return import(/* @vite-ignore */ url);
}
