import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatProblems, type Problem, readDocSnippets, readProblems, type Snippet, writeSnippetProject } from './snippets';

// Every code snippet a site developer copies from the README or the integration guide compiles as
// printed: each ```ts, ```tsx and ```js block is a file of its own, typechecked under `strict` and
// `noUncheckedIndexedAccess` against the package's entries (`cashier-widget`, `/react`,
// `/testing`, mapped to their sources as tsconfig.json does). A snippet names what it uses: its
// imports, and site-specific values as `declare const …` lines at its top. The inline scripts of
// ```html blocks are checked too: they may use `Cashier` (the script tag's global) and must
// use no name they do not define (their DOM types are left loose, as a page's script is).
// The new-user walk (`npm run test:walk`) checks them again against the packed package, and runs
// the README's script tag, npm and React examples in Chromium.

const root = resolve(import.meta.dirname, '..');

/**
 * Writes the snippets to `dir` with a tsconfig whose `paths` map the package's entries to their
 * sources, runs `tsc --noEmit` once, and returns every diagnostic per snippet.
 */
function typecheck(dir: string, snippets: Snippet[]): { problems: Problem[]; output: string } {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const paths = {
    'cashier-widget': [join(root, 'host-sdk/index.ts')],
    'cashier-widget/react': [join(root, 'host-sdk/react/index.ts')],
    'cashier-widget/testing': [join(root, 'testing/index.ts')],
    'cashier-widget/server': [join(root, 'shared/server.ts')],
  };
  writeSnippetProject(dir, snippets, { types: ['node', 'vite/client'], paths }, [join(root, 'host-sdk/env.d.ts')]);
  const run = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json'), '--pretty', 'false'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120_000,
  });
  const output = `${run.stdout}${run.stderr}`;
  const problems = readProblems(output, dir, snippets);
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
  snippets = readDocSnippets(root);
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
    const problems = formatProblems(result.problems.filter((p) => !p.where.startsWith('canary.md')));
    expect(problems).toEqual([]);
  });
});
