// The code snippets of the site-facing docs, as files a compiler can check: used by
// docs/snippets.test.ts (against the package's sources) and by the new-user walk (against the
// packed package, where the README's quick-start snippets also run in Chromium).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The docs whose snippets a site developer copies. */
export const SNIPPET_DOCS = ['README.md', 'docs/integration.md', 'docs/going-live.md', 'docs/appearance.md'] as const;

/** TypeScript's "Cannot find name" diagnostics (with and without a "did you mean"). */
const UNDEFINED_NAME = new Set(['TS2304', 'TS2552', 'TS2582', 'TS18004']);

/** One fenced code block of a document. */
export interface Snippet {
  /** Where it is, as `file:line` of its opening fence. */
  where: string;
  lang: 'ts' | 'tsx' | 'js' | 'html';
  code: string;
  /** The file it is written to in the check's folder. */
  file: string;
}

/** The ```ts, ```tsx, ```js blocks of `text`, and the inline scripts of its ```html blocks. */
export function extractSnippets(doc: string, text: string): Snippet[] {
  const snippets: Snippet[] = [];
  const fence = /^```(ts|tsx|js|html)\n([\s\S]*?)^```$/gm;
  for (const match of text.matchAll(fence)) {
    const lang = match[1] as Snippet['lang'];
    const line = text.slice(0, match.index).split('\n').length;
    const where = `${doc}:${line}`;
    const name = `${doc.replace(/[^A-Za-z0-9]+/g, '-')}-${line}`;
    const body = match[2] ?? '';
    if (lang !== 'html') {
      snippets.push({ where, lang, code: body, file: `${name}.${lang}` });
      continue;
    }
    // Inline scripts only (a <script src> has no body), checked as the plain JS a page runs.
    const scripts = [...body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    scripts.forEach((code, i) => {
      snippets.push({ where, lang, code, file: `${name}-script${i}.html.js` });
    });
  }
  return snippets;
}

/** The snippets of every doc in {@link SNIPPET_DOCS}, read from the repository at `root`. */
export function readDocSnippets(root: string): Snippet[] {
  return SNIPPET_DOCS.flatMap((doc) => extractSnippets(doc, readFileSync(join(root, doc), 'utf8')));
}

/** The compiler options the snippets are checked under: a strict site's. */
export const SNIPPET_COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'bundler',
  moduleDetection: 'force',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  jsx: 'react-jsx',
  strict: true,
  noUncheckedIndexedAccess: true,
  allowJs: true,
  checkJs: true,
  skipLibCheck: true,
  noEmit: true,
  allowImportingTsExtensions: true,
} as const;

/**
 * Writes `snippets` into `dir` (which must exist), with `script-tag.d.ts` (the script tag's global
 * `Cashier`, as `cashier.iife.js` sets it) and a `tsconfig.json` of {@link SNIPPET_COMPILER_OPTIONS}
 * and `extra` options; `files` are put first in its file list.
 */
export function writeSnippetProject(
  dir: string,
  snippets: readonly Snippet[],
  extra: Record<string, unknown>,
  files: readonly string[] = [],
): void {
  for (const snippet of snippets) writeFileSync(join(dir, snippet.file), snippet.code);
  writeFileSync(join(dir, 'script-tag.d.ts'), "declare const Cashier: typeof import('cashier-widget');\n");
  const tsconfig = {
    compilerOptions: { ...SNIPPET_COMPILER_OPTIONS, ...extra },
    files: [...files, 'script-tag.d.ts', ...snippets.map((s) => s.file)],
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
}

/** A diagnostic of the check, against the snippet it is in. */
export interface Problem {
  where: string;
  line: number;
  code: string;
  message: string;
}

/**
 * The diagnostics of `tsc --pretty false` output (run in `cwd`) for the snippets written to `dir`,
 * each against its snippet; an html script's only when it uses an undefined name (its DOM types are
 * left loose, as a page's script is); an error with no file (the tsconfig's) against `tsconfig.json`.
 */
export function readProblems(output: string, dir: string, snippets: readonly Snippet[], cwd = dir): Problem[] {
  const problems: Problem[] = [];
  for (const line of output.split('\n')) {
    // An error with no place (a bad tsconfig, a file not found) is a problem of the whole check.
    const unplaced = /^error (TS\d+): (.*)$/.exec(line);
    if (unplaced) problems.push({ where: 'tsconfig.json', line: 0, code: unplaced[1] ?? '', message: unplaced[2] ?? '' });
    const m = /^(.*?)\((\d+),\d+\): error (TS\d+): (.*)$/.exec(line);
    if (!m) continue;
    const [, file = '', at = '0', code = '', message = ''] = m;
    const snippet = snippets.find((s) => resolve(cwd, file) === resolve(dir, s.file));
    const where = snippet?.where ?? file;
    if (snippet?.lang === 'html' && !UNDEFINED_NAME.has(code)) continue;
    problems.push({ where, line: Number(at), code, message });
  }
  return problems;
}

/**
 * A snippet the check must fail on (`canary.md:1`, TS2304 "Cannot find name"): a check that does
 * not report it did not see the snippets.
 */
export const CANARY_SNIPPET: Snippet = {
  where: 'canary.md:1',
  lang: 'ts',
  code: 'export const seen: string = notDefinedAnywhere;\n',
  file: 'canary.ts',
};

/** `problems` as lines a reader can act on: `file:line (snippet line N): TSxxxx message`. */
export function formatProblems(problems: readonly Problem[]): string[] {
  return problems.map((p) => `${p.where} (snippet line ${p.line}): ${p.code} ${p.message}`);
}
