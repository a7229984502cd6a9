/**
 * What a site reads (the README, the docs the package ships, the JSDoc in its `.d.ts`) says how
 * the widget behaves, not how it came to: no issue numbers ("issue 25", "(issue 13)"), no issue
 * by name ("the vault issue"), no review finding ("security review M2") and no path to a source
 * file of this repository ("shared/locales.ts": the package ships none of them; a path in the
 * package, "dist/frame-app/…", or a package subpath, "cashier-widget/server", is fine). That
 * history belongs in docs/development.md. Checked by docs/siteDocs.test.ts and, on the emitted
 * declarations, by bundleTypes.ts.
 */
const HISTORY = [
  /\bissues? #?\d/i,
  /\(issues?\)/i,
  /\bthe [\w-]+ issue\b/i,
  /\breview [A-Z]\d/,
  /(?<![\w/.@-])(?:host-sdk|shared|frame-app|provider|widget|testing|e2e|examples|demo)\/[\w./-]*\.(?:tsx?|mjs|js|json)\b/,
];

/** Each line of `text` that names the project's history, as `line: text` (1-based), or none. */
export function historyReferences(text: string): string[] {
  return text.split('\n').flatMap((line, i) => (HISTORY.some((re) => re.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));
}
