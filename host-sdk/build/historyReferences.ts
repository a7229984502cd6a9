/**
 * What a site reads (the README, the docs the package ships, the JSDoc in its `.d.ts`) says how
 * the widget behaves, not how it came to: no issue numbers ("issue 25", "(issue 13)"), no issue
 * by name ("the vault issue") and no review finding ("security review M2"). That history belongs
 * in docs/development.md. Checked by docs/siteDocs.test.ts and, on the emitted declarations, by
 * bundleTypes.ts.
 */
const HISTORY = [/\bissues? #?\d/i, /\(issues?\)/i, /\bthe [\w-]+ issue\b/i, /\breview [A-Z]\d/];

/** Each line of `text` that names the project's history, as `line: text` (1-based), or none. */
export function historyReferences(text: string): string[] {
  return text.split('\n').flatMap((line, i) => (HISTORY.some((re) => re.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));
}
