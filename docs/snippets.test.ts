import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Every code snippet a site developer copies from the README or the integration guide compiles as
// printed: each ```ts, ```tsx and ```js block is a file of its own, typechecked under `strict` and
// `noUncheckedIndexedAccess` against the package's entries (`cashier-widget`, `/react`,
// `/testing`, mapped to their sources as tsconfig.json does). A snippet names what it uses: its
// imports, and site-specific values as `declare const …` lines at its top. The inline scripts of
// ```html blocks run as printed too: they may use `Cashier` (the script tag's global) and must
// use no name they do not define (their DOM types are left loose, as a page's script is).

const root = resolve(import.meta.dirname, '..');
const DOCS = ['README.md', 'docs/integration.md', 'docs/going-live.md'];
/** TypeScript's "Cannot find name" diagnostics (with and without a "did you mean"). */
const UNDEFINED_NAME = new Set(['TS2304', 'TS2552', 'TS2582', 'TS18004']);

/** One fenced code block of a document. */
interface Snippet {
  /** Where it is, as `file:line` of its opening fence. */
  where: string;
  lang: 'ts' | 'tsx' | 'js' | 'html';
  code: string;
  /** The file it is written to in the check's folder. */
  file: string;
}

/** The ```ts, ```tsx, ```js blocks of `text`, and the inline scripts of its ```html blocks. */
function extractSnippets(doc: string, text: string): Snippet[] {
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

/** A diagnostic of the check, against the snippet it is in. */
interface Problem {
  where: string;
  line: number;
  code: string;
  message: string;
}

/**
 * Writes the snippets to `dir` with a tsconfig, runs `tsc --noEmit` once, and returns every
 * diagnostic per snippet (for an html script, only the undefined names).
 */
function typecheck(dir: string, snippets: Snippet[]): { problems: Problem[]; output: string } {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const snippet of snippets) writeFileSync(join(dir, snippet.file), snippet.code);
  // The script tag's global, as `cashier.iife.js` sets it.
  writeFileSync(join(dir, 'script-tag.d.ts'), "declare const Cashier: typeof import('cashier-widget');\n");
  const tsconfig = {
    compilerOptions: {
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
      types: ['node', 'vite/client'],
      paths: {
        'cashier-widget': [join(root, 'host-sdk/index.ts')],
        'cashier-widget/react': [join(root, 'host-sdk/react/index.ts')],
        'cashier-widget/testing': [join(root, 'testing/index.ts')],
        'cashier-widget/server': [join(root, 'shared/server.ts')],
      },
    },
    files: [join(root, 'host-sdk/env.d.ts'), 'script-tag.d.ts', ...snippets.map((s) => s.file)],
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  const run = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json'), '--pretty', 'false'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120_000,
  });
  const output = `${run.stdout}${run.stderr}`;
  const problems: Problem[] = [];
  for (const line of output.split('\n')) {
    const m = /^(.*?)\((\d+),\d+\): error (TS\d+): (.*)$/.exec(line);
    if (!m) continue;
    const [, file = '', at = '0', code = '', message = ''] = m;
    const snippet = snippets.find((s) => resolve(dir, file) === resolve(dir, s.file));
    const where = snippet?.where ?? file;
    if (snippet?.lang === 'html' && !UNDEFINED_NAME.has(code)) continue;
    problems.push({ where, line: Number(at), code, message });
  }
  if (run.status !== 0 && problems.length === 0 && !/error TS/.test(output)) {
    throw new Error(`tsc did not run: ${output || run.error?.message}`);
  }
  return { problems, output };
}

const dir = join(root, 'node_modules/.cache/doc-snippets');
const canary: Snippet[] = [
  // The check must see what it is for: a name a snippet never defines (ts and html), a type error in js.
  { where: 'canary.md:1', lang: 'tsx', code: "import { CashierWidget } from 'cashier-widget/react';\n", file: 'canary-ok.tsx' },
  { where: 'canary.md:2', lang: 'ts', code: 'export const code: string = report(token);\n', file: 'canary-undefined.ts' },
  { where: 'canary.md:3', lang: 'js', code: 'const n = 1;\nn.toUpperCase();\n', file: 'canary-js.js' },
  {
    where: 'canary.md:4',
    lang: 'html',
    code: "document.body.foo = showCheckoutUnavailable('x');\n",
    file: 'canary-html.html.js',
  },
];
let result: { problems: Problem[]; output: string };
let snippets: Snippet[] = [];

beforeAll(() => {
  snippets = DOCS.flatMap((doc) => extractSnippets(doc, readFileSync(join(root, doc), 'utf8')));
  result = typecheck(dir, [...snippets, ...canary]);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the docs snippets compile as printed', () => {
  it('finds the code blocks of the README and the integration guide', () => {
    const langs = new Set(snippets.map((s) => s.lang));
    expect([...langs].sort()).toEqual(['html', 'js', 'ts', 'tsx']);
    expect(snippets.filter((s) => s.where.startsWith('README.md')).length).toBeGreaterThanOrEqual(3);
  });

  it('the check sees an undefined name, a type error in js, and an undefined name in an html script', () => {
    const seen = result.problems.filter((p) => p.where.startsWith('canary.md'));
    expect(seen).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ where: 'canary.md:2', code: 'TS2304', message: "Cannot find name 'report'." }),
        expect.objectContaining({ where: 'canary.md:2', code: 'TS2304', message: "Cannot find name 'token'." }),
        expect.objectContaining({ where: 'canary.md:3', code: 'TS2339' }),
        expect.objectContaining({ where: 'canary.md:4', code: 'TS2304' }),
      ]),
    );
    // The html script's loose DOM (`document.body.foo`) is not held against it; an import that resolves is clean.
    expect(seen.filter((p) => p.where === 'canary.md:4' || p.where === 'canary.md:1')).toHaveLength(1);
  });

  it('every snippet typechecks under strict and noUncheckedIndexedAccess', () => {
    const problems = result.problems
      .filter((p) => !p.where.startsWith('canary.md'))
      .map((p) => `${p.where} (snippet line ${p.line}): ${p.code} ${p.message}`);
    expect(problems).toEqual([]);
  });
});
