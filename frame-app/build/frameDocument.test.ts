import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { FRAME_CSP_FILE } from '../../shared/contentSecurityPolicy';
import { FRAME_BUILD_FILE } from '../../shared/frameBuild';
import { frameDocument } from './frameDocument';

type Html = (html: string, ctx: { bundle: Rolldown.OutputBundle; chunk: Rolldown.OutputChunk }) => string;
type Write = (output: { dir: string }) => void;

/** Runs the plugin's two hooks as the frame build does, on a one-line bootstrap; the output folder. */
function build(settings: {
  frameUrl: string;
  allowlist: 'development' | string[];
  vaultOrigin: string;
  bundleIntegrity?: Record<string, string>;
}): string {
  const dir = mkdtempSync(join(tmpdir(), 'frame-document-'));
  const manifestPath = join(dir, 'frame-modules.json');
  writeFileSync(manifestPath, JSON.stringify({ imports: { react: 'react-1.js' }, preload: ['react-1.js'] }));
  const plugin = frameDocument({ manifestPath, placeholder: '__CSP__', staticsPath: '/v42/', bundleIntegrity: {}, ...settings });
  const chunk = {
    fileName: 'main.js',
    code: 'console.log(1);',
    imports: [],
    dynamicImports: [],
  } as unknown as Rolldown.OutputChunk;
  const html =
    '<head><meta http-equiv="Content-Security-Policy" content="__CSP__" /></head><body><script type="module" src="./main.js"></script></body>';
  const { handler } = plugin.transformIndexHtml as unknown as { handler: Html };
  writeFileSync(join(dir, 'index.html'), handler(html, { bundle: { 'main.js': chunk }, chunk }));
  (plugin.writeBundle as unknown as Write)({ dir });
  return dir;
}

describe('frameDocument: what the build writes beside index.html', () => {
  it('records the compiled frame URL, statics allowlist and vault origin for the mock mode (issue 20 item 2)', () => {
    const production = build({
      frameUrl: 'https://pay.cashier.example/frame/',
      allowlist: ['https://static.cashier.example', 'https://cdn.cashier.example'],
      vaultOrigin: 'https://vault.cashier.example',
    });
    expect(JSON.parse(readFileSync(join(production, FRAME_BUILD_FILE), 'utf8'))).toEqual({
      frameUrl: 'https://pay.cashier.example/frame/',
      staticsAllowlist: ['https://static.cashier.example', 'https://cdn.cashier.example'],
      staticsPath: '/v42/',
      vaultOrigin: 'https://vault.cashier.example',
    });
    expect(readFileSync(join(production, FRAME_CSP_FILE), 'utf8')).toContain('https://static.cashier.example');

    const development = build({ frameUrl: 'http://127.0.0.1:4174/', allowlist: 'development', vaultOrigin: 'development' });
    expect(JSON.parse(readFileSync(join(development, FRAME_BUILD_FILE), 'utf8'))).toEqual({
      frameUrl: 'http://127.0.0.1:4174/',
      staticsAllowlist: 'development',
      staticsPath: '/v42/',
      vaultOrigin: 'development',
    });
  });

  it('pins the bundles in the import map: their integrity, under the CSP hash of the map (security review M2)', () => {
    const bundleIntegrity = { 'https://static.cashier.example/v42/cashier-widget-lazy-component.bundle.min.js': 'sha384-abc' };
    const dir = build({
      frameUrl: 'https://pay.cashier.example/frame/',
      allowlist: ['https://static.cashier.example'],
      vaultOrigin: 'https://vault.cashier.example',
      bundleIntegrity,
    });
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    const importMap = html.match(/<script type="importmap">(.*?)<\/script>/)?.[1] ?? '';
    expect(JSON.parse(importMap)).toEqual({ imports: { react: './react-1.js' }, integrity: bundleIntegrity });
    const hash = `'sha256-${createHash('sha256').update(importMap).digest('base64')}'`;
    expect(readFileSync(join(dir, FRAME_CSP_FILE), 'utf8')).toContain(hash);

    const development = readFileSync(
      join(build({ frameUrl: 'http://127.0.0.1:4174/', allowlist: 'development', vaultOrigin: 'development' }), 'index.html'),
      'utf8',
    );
    expect(development).not.toContain('"integrity"');
  });
});
