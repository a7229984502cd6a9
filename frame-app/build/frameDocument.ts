import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { FRAME_CSP_FILE, frameContentSecurityPolicy } from '../../shared/contentSecurityPolicy.ts';
import { FRAME_BUILD_FILE, type FrameBuildRecord } from '../../shared/frameBuild.ts';
import type { StaticsAllowlist } from '../../shared/statics';

/** What the `frame-react` build leaves for the frame document: its import map entries and the files to preload. */
export interface FrameModulesManifest {
  /** Bare specifier → file name in the frame folder, e.g. `react` → `react-Ab12Cd34.js`. */
  imports: Record<string, string>;
  /** Every script file of the `frame-react` build, preloaded by the frame document in parallel with its bootstrap. */
  preload: string[];
}

/** Where the `frame-react` build writes its {@link FrameModulesManifest}, relative to the frame folder. */
export const FRAME_MODULES_MANIFEST = '.vite/frame-modules.json';

/**
 * Writes the `frame-react` build's {@link FrameModulesManifest}: the entry named `name` for each
 * bare specifier of `entries` and of `lazy`, and every script file but those only the `lazy`
 * entries need (the frame imports them on demand, e.g. its appearance module: not preloaded).
 */
export function frameModulesManifest(entries: Record<string, string>, lazy: Record<string, string> = {}): Plugin {
  return {
    name: 'cashier-frame-modules-manifest',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      const entryOf = (specifier: string, name: string) => {
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === name);
        if (!entry) throw new Error(`frame-react build: no entry chunk named ${name} for ${specifier}`);
        return entry;
      };
      const imports: Record<string, string> = {};
      const eager = new Set<string>();
      const reach = (fileName: string) => {
        if (eager.has(fileName)) return;
        eager.add(fileName);
        for (const imported of (bundle[fileName] as Rolldown.OutputChunk | undefined)?.imports ?? []) reach(imported);
      };
      for (const [specifier, name] of Object.entries(entries)) {
        imports[specifier] = entryOf(specifier, name).fileName;
        reach(imports[specifier]);
      }
      for (const [specifier, name] of Object.entries(lazy)) imports[specifier] = entryOf(specifier, name).fileName;
      const manifest: FrameModulesManifest = {
        imports,
        preload: chunks.map((chunk) => chunk.fileName).filter((file) => eager.has(file)),
      };
      this.emitFile({ type: 'asset', fileName: FRAME_MODULES_MANIFEST, source: JSON.stringify(manifest, null, 2) });
    },
  };
}

/** The CSP hash source of an inline script's exact text. */
function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * Finishes the frame document (DESIGN "Security model", issue "a buyer on a phone"):
 * - inlines the bootstrap entry chunk into index.html, so nothing but the frame document stands
 *   before the settings request (the chunk must import nothing: its relative imports would
 *   resolve against the document). It goes in as a classic strict-mode script at the end of the
 *   body, so it starts the handshake as soon as the parser reaches it, before the preloaded React
 *   is compiled (a module script would wait for the end of parsing, and measured ~40 ms later);
 * - writes the import map of the `frame-react` build (React for bundles) and a `modulepreload`
 *   for each of its files, so they download while the bootstrap runs; the map's `integrity` holds
 *   `bundleIntegrity` (security review M2): the browser refuses a pinned bundle whose bytes differ;
 * - writes the Content-Security-Policy into the `placeholder` meta tag: scripts from the frame
 *   itself, the statics `allowlist`, and the two inline scripts by their sha256 hashes; frames
 *   only from the card vault (`vaultOrigin`); the same policy goes to {@link FRAME_CSP_FILE} for a
 *   response header;
 * - writes {@link FRAME_BUILD_FILE}: the compiled `frameUrl`, statics allowlist, bundle folder,
 *   vault and PayPal origins, for the mock mode's defaults (testing/frameBuild.ts).
 * Throws (failing the build) when the manifest is missing or the entry chunk imports anything.
 */
export function frameDocument(options: {
  manifestPath: string;
  frameUrl: string;
  allowlist: StaticsAllowlist;
  /** The pinned bundle URLs and their `sha384-…` hashes (frame-app/build/bundlePins.ts); none in a development build. */
  bundleIntegrity: Readonly<Record<string, string>>;
  /** The bundle folder's path on the statics origins (`VITE_CASHIER_STATICS_PATH`), for the record. */
  staticsPath: string;
  vaultOrigin: string;
  /** The PayPal approval origin setting, recorded for the mock mode (undefined: none). */
  payPalOrigin?: string;
  /** The local payment methods' pages origin setting, recorded for the mock mode (undefined: none). */
  paymentsOrigin?: string;
  placeholder: string;
}): Plugin {
  let written: string | undefined;
  return {
    name: 'cashier-frame-document',
    apply: 'build',
    writeBundle(output) {
      if (!written || !output.dir) throw new Error('frame document: no Content-Security-Policy was written');
      mkdirSync(dirname(join(output.dir, FRAME_CSP_FILE)), { recursive: true });
      writeFileSync(join(output.dir, FRAME_CSP_FILE), `${written}\n`);
      const record: FrameBuildRecord = {
        frameUrl: options.frameUrl,
        staticsAllowlist: options.allowlist,
        staticsPath: options.staticsPath,
        vaultOrigin: options.vaultOrigin,
        ...(options.payPalOrigin === undefined ? {} : { payPalOrigin: options.payPalOrigin }),
        ...(options.paymentsOrigin === undefined ? {} : { paymentsOrigin: options.paymentsOrigin }),
      };
      writeFileSync(join(output.dir, FRAME_BUILD_FILE), `${JSON.stringify(record, null, 2)}\n`);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const { bundle, chunk } = ctx;
        if (!bundle || !chunk) throw new Error('frame document: no entry chunk to inline');
        if (chunk.imports.length > 0 || chunk.dynamicImports.length > 0) {
          throw new Error(
            `frame document: the bootstrap chunk imports ${[...chunk.imports, ...chunk.dynamicImports].join(', ')}; ` +
              'it is inlined into index.html, so it must be one self-contained chunk',
          );
        }
        let manifest: FrameModulesManifest;
        try {
          manifest = JSON.parse(readFileSync(options.manifestPath, 'utf8')) as FrameModulesManifest;
        } catch (error) {
          throw new Error(
            `frame document: ${options.manifestPath} is missing; run vite build --mode frame-react first (${error})`,
          );
        }
        // A classic script may call import() but has no import.meta and no static import or export.
        if (/\bimport\.meta\b|^\s*(?:import\s*[\w{*"'`]|export\s)/m.test(chunk.code)) {
          throw new Error(
            'frame document: the bootstrap chunk uses import.meta or static imports/exports; it cannot run as a classic script',
          );
        }
        const script = `(function(){"use strict";\n${chunk.code}\n})();`.replaceAll('</script', '<\\/script');
        if (script.includes('<!--')) throw new Error('frame document: the bootstrap chunk contains "<!--"; it cannot be inlined');
        const importMap = JSON.stringify({
          imports: Object.fromEntries(Object.entries(manifest.imports).map(([specifier, file]) => [specifier, `./${file}`])),
          ...(Object.keys(options.bundleIntegrity).length > 0 ? { integrity: options.bundleIntegrity } : {}),
        });
        const policy = frameContentSecurityPolicy(
          options.allowlist,
          [hashSource(importMap), hashSource(script)],
          options.vaultOrigin,
        );
        written = policy;
        const preloads = manifest.preload.map((file) => `<link rel="modulepreload" href="./${file}" />`).join('\n    ');

        const entryTag = new RegExp(`<script type="module"[^>]*src="\\./${escapeRegExp(chunk.fileName)}"[^>]*></script>`);
        if (!entryTag.test(html)) throw new Error(`frame document: no script tag for ${chunk.fileName} in index.html`);
        if (!html.includes(options.placeholder)) throw new Error(`frame document: index.html has no ${options.placeholder}`);
        removeChunk(bundle, chunk);
        return html
          .replace(entryTag, '')
          .replace('</body>', () => `  <script>${script}</script>\n  </body>`)
          .replace(
            new RegExp(`(<meta[^>]*${options.placeholder}[^>]*>)`),
            (meta) =>
              `${meta.replace(options.placeholder, policy.replaceAll("'", '&#39;'))}\n    ` +
              `<script type="importmap">${importMap}</script>\n    ${preloads}`,
          );
      },
    },
  };
}

/** The inlined chunk is not written as a file (nor its source map). */
function removeChunk(bundle: Rolldown.OutputBundle, chunk: Rolldown.OutputChunk) {
  delete bundle[chunk.fileName];
  delete bundle[`${chunk.fileName}.map`];
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
