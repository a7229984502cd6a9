/**
 * The walk's docs steps: the snippets of the site-facing docs (docs/snippets.ts) against the
 * packed package, as a site that copied them has it.
 * - {@link typecheckDocSnippets}: every snippet of README.md, docs/integration.md and
 *   docs/going-live.md, typechecked in the fresh site, where `cashier-widget` is the installed
 *   tarball and its published types (docs/snippets.test.ts checks the same against the sources).
 * - {@link addReadmePages}: the README's npm and React quick-start snippets, as printed, become two
 *   pages of the site (`readme-npm.html`, `readme-react.html`), typechecked and built with it;
 *   purchase.ts then buys through each. A snippet's `declare const` lines (the site's own values:
 *   the order, the app instance token, `confirmOnServer`, `tellBuyer`) become reads of globals the
 *   page sets first; nothing else in the snippet is changed.
 */

import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import {
  CANARY_SNIPPET,
  formatProblems,
  readDocSnippets,
  readProblems,
  type Snippet,
  writeSnippetProject,
} from '../../docs/snippets';
import type { SiteRoute } from './purchase';

const root = resolve(import.meta.dirname, '../..');

/**
 * Typechecks every docs snippet in `site/doc-snippets` against the site's installed packages
 * (`strict`, `noUncheckedIndexedAccess`, Node's and Vite's types), with {@link CANARY_SNIPPET}
 * beside them; returns how many snippets it checked. tsc's whole output is read, not a tail.
 * @throws Error listing each snippet's diagnostics (as `file:line (snippet line N): TSxxxx …`),
 *   or saying the canary's error was not seen (the check saw nothing).
 */
export function typecheckDocSnippets(site: string): number {
  const dir = join(site, 'doc-snippets');
  mkdirSync(dir, { recursive: true });
  const snippets = readDocSnippets(root);
  writeSnippetProject(dir, [...snippets, CANARY_SNIPPET], { types: ['node', 'vite/client'] });
  const tsc = spawnSync(join(site, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json'), '--pretty', 'false'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 64 << 20,
  });
  const output = `${tsc.stdout ?? ''}${tsc.stderr ?? ''}`;
  if (tsc.error) throw new Error(`tsc did not run: ${tsc.error.message}`);
  const problems = readProblems(output, dir, [...snippets, CANARY_SNIPPET]);
  const canary = problems.filter((problem) => problem.where === CANARY_SNIPPET.where);
  if (!canary.some((problem) => problem.code === 'TS2304')) {
    throw new Error(`the check did not see its canary (an undefined name): tsc said\n${output.slice(-4000)}`);
  }
  const found = formatProblems(problems.filter((problem) => problem.where !== CANARY_SNIPPET.where));
  if (found.length > 0) throw new Error(found.join('\n'));
  console.log(`  ${snippets.length} snippets typecheck against the packed package (and the canary's error was seen)`);
  return snippets.length;
}

/** `code` with each `declare const name: Type;` line read from the page's globals instead. */
export function runnable(code: string): string {
  return code.replace(
    /^declare const (\w+): (.+?);(.*)$/gm,
    (_, name: string, type: string, rest: string) =>
      `const ${name} = (globalThis as unknown as Record<string, unknown>).${name} as ${type};${rest}`,
  );
}

/** The one README snippet that imports from `specifier`. @throws Error when there is not exactly one. */
function readmeSnippet(snippets: readonly Snippet[], specifier: string): Snippet {
  const found = snippets.filter((s) => s.where.startsWith('README.md') && s.code.includes(`from '${specifier}';`));
  const [snippet] = found;
  if (found.length !== 1 || !snippet) {
    throw new Error(`expected one README snippet importing '${specifier}', found ${found.length}`);
  }
  return snippet;
}

/**
 * The page script that sets the names the README's snippets declare, from `?app=…&order=…`:
 * `confirmOnServer(orderId)` records the order in `document.body.dataset.confirmed`, `tellBuyer`
 * writes the page's status line.
 */
const SITE_VALUES = `// Written by the new-user walk: the site values the README's snippets declare.
export function setSiteValues(): { appInstance: string; orderId: string } {
  const params = new URLSearchParams(window.location.search);
  const appInstance = params.get('app');
  const orderId = params.get('order');
  if (!appInstance || !orderId) throw new Error('the page needs ?app=…&order=…');
  const status = document.getElementById('site-status');
  Object.assign(globalThis, {
    appInstance,
    orderId,
    confirmOnServer: async (paid: string) => {
      document.body.dataset.confirmed = paid;
    },
    tellBuyer: (text: string) => {
      if (status) status.textContent = text;
    },
  });
  return { appInstance, orderId };
}
`;

/** An html page of the site with `body` and the module `entry`. */
function page(title: string, body: string, entry: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>${title}</title>
  </head>
  <body>
    ${body}
    <p id="site-status"></p>
    <script type="module" src="${entry}"></script>
  </body>
</html>
`;
}

/** The README's one ```html block, whole. @throws Error when there is not exactly one. */
function readmeScriptTagBlock(): string {
  const blocks = [...readFileSync(join(root, 'README.md'), 'utf8').matchAll(/^```html\n([\s\S]*?)^```$/gm)];
  const [block] = blocks;
  if (blocks.length !== 1 || !block?.[1]) throw new Error(`expected one html block in README.md, found ${blocks.length}`);
  return block[1];
}

/** The README's script-tag page, with its placeholders filled. @throws Error when one is missing. */
function scriptTagPage(site: string): string {
  const sri = JSON.parse(readFileSync(join(site, 'node_modules/cashier-widget/dist/host-sdk/sri.json'), 'utf8')) as Record<
    string,
    string
  >;
  const fills: [string, string][] = [
    ['integrity="sha384-…"', `integrity="${sri['cashier.iife.js']}"`],
    ["const token = '…';", "const token = new URLSearchParams(location.search).get('app');"],
    ["const orderId = '…';", "const orderId = new URLSearchParams(location.search).get('order');"],
  ];
  let body = readmeScriptTagBlock();
  for (const [placeholder, value] of fills) {
    if (!body.includes(placeholder)) throw new Error(`README's script tag example has no ${placeholder}`);
    body = body.replace(placeholder, value);
  }
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>README: script tag</title>
  </head>
  <body>
${body}  </body>
</html>
`;
}

/** The README's pages of the site, by their paths. */
export interface ReadmePages {
  npm: string;
  react: string;
  scriptTag: string;
}

/**
 * Writes the README's npm and React snippets into `site/src/readme/` (`npm.ts`, `react.tsx`) with
 * their entries and pages, and its script-tag example as `readme-script-tag.html` (the package's
 * `sri.json` hash and the query's order and app instance filled in); returns the pages' paths.
 * @throws Error when the README has not exactly one snippet of each.
 */
export function addReadmePages(site: string): ReadmePages {
  const snippets = readDocSnippets(root);
  const npm = readmeSnippet(snippets, 'cashier-widget');
  const react = readmeSnippet(snippets, 'cashier-widget/react');
  const dir = join(site, 'src/readme');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'siteValues.ts'), SITE_VALUES);
  writeFileSync(join(dir, 'npm.ts'), `// ${npm.where}, as printed but for its declared site values.\n${runnable(npm.code)}`);
  writeFileSync(
    join(dir, 'react.tsx'),
    `// ${react.where}, as printed but for its declared site values.\n${runnable(react.code)}`,
  );
  // The values are set before the snippet's module runs (a dynamic import): it reads them at its top level.
  writeFileSync(
    join(dir, 'npmPage.ts'),
    "import { setSiteValues } from './siteValues';\n\nsetSiteValues();\nvoid import('./npm');\n",
  );
  writeFileSync(
    join(dir, 'reactPage.tsx'),
    `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setSiteValues } from './siteValues';

const { appInstance, orderId } = setSiteValues();
const root = document.getElementById('root');
if (!root) throw new Error('the page needs #root');
void import('./react').then(({ CheckoutPayment }) => {
  createRoot(root).render(
    <StrictMode>
      <CheckoutPayment orderId={orderId} appInstance={appInstance} />
    </StrictMode>,
  );
});
`,
  );
  const npmBody = '<div id="cashier"></div>\n    <button id="place-order" type="button" disabled>Place order</button>';
  writeFileSync(join(site, 'readme-npm.html'), page('README: npm', npmBody, '/src/readme/npmPage.ts'));
  writeFileSync(join(site, 'readme-react.html'), page('README: React', '<div id="root"></div>', '/src/readme/reactPage.tsx'));
  writeFileSync(join(site, 'readme-script-tag.html'), scriptTagPage(site));
  return { npm: '/readme-npm.html', react: '/readme-react.html', scriptTag: '/readme-script-tag.html' };
}

/**
 * What the README's script-tag page needs from outside the site: the CDN that serves the
 * package's `cashier.iife.js` and its bridge under the installed version's folder (from the
 * installed package, with CORS, as the README asks), and the site server's `POST /checkout/confirm`, which records each order it is asked to
 * confirm in `confirmed` and answers 200 (the site is served on `localhost`).
 */
export function scriptTagRoutes(site: string): { routes: SiteRoute[]; confirmed: string[] } {
  const confirmed: string[] = [];
  const files = join(site, 'node_modules/cashier-widget/dist/host-sdk');
  // Only the installed version's folder: a README that pins another version loads nothing.
  const { version } = JSON.parse(readFileSync(join(site, 'node_modules/cashier-widget/package.json'), 'utf8')) as {
    version: string;
  };
  const routes: SiteRoute[] = [
    {
      url: `https://cdn.cashier.example/cashier/${version}/**`,
      handle: (route) =>
        route.fulfill({
          status: 200,
          headers: { 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*' },
          body: readFileSync(join(files, basename(new URL(route.request().url()).pathname))),
        }),
    },
    {
      url: (url) => url.hostname === 'localhost' && url.pathname === '/checkout/confirm',
      handle: (route) => {
        confirmed.push(route.request().postData() ?? '');
        return route.fulfill({ status: 200, body: '' });
      },
    },
  ];
  return { routes, confirmed };
}
