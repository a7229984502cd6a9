/**
 * Writes the host SDK's type declarations, bundled per entry (issue 13: types that resolve
 * without reaching outside the package): dist/host-sdk/<entry>.d.ts for every entry of
 * SDK_ENTRIES, plus a shared `types-<hash>.d.ts`. rolldown-plugin-dts emits them with TypeScript 7
 * (tsgo) and keeps only what the entries' exports reach, so no declaration names the frame's
 * libraries (axios) or penpal. Run by `npm run build` after the SDK's ES build:
 * `tsx host-sdk/build/bundleTypes.ts`. CASHIER_DIST_DIR moves dist/ as in vite.config.ts.
 */
import { isAbsolute, resolve } from 'node:path';
import { build } from 'rolldown';
import { dts } from 'rolldown-plugin-dts';
import { historyReferences } from './historyReferences';
import { SDK_ENTRIES } from './sdkEntries';

const root = resolve(import.meta.dirname, '../..');
const { output } = await build({
  cwd: root,
  input: Object.fromEntries(Object.entries(SDK_ENTRIES).map(([name, file]) => [name, resolve(root, file)])),
  // Every package stays a bare import (a declaration left naming one would show in the output;
  // only React's, the peer dependency, may).
  external: (id) => !id.startsWith('.') && !isAbsolute(id),
  plugins: [dts({ emitDtsOnly: true, tsconfig: resolve(root, 'tsconfig.json') })],
  // A module imported only for its effects (the frame's axios setup) has none on the types.
  treeshake: { moduleSideEffects: false },
  output: {
    dir: resolve(root, process.env.CASHIER_DIST_DIR ?? 'dist', 'host-sdk'),
    format: 'es',
    chunkFileNames: 'types-[hash].d.ts',
  },
  logLevel: 'warn',
});

// The declarations' JSDoc is what a site's editor shows: no project history in it (historyReferences.ts).
const history = output.flatMap((file) =>
  file.type === 'chunk' ? historyReferences(file.code).map((line) => `${file.fileName}:${line}`) : [],
);
if (history.length > 0) {
  console.error(`The published declarations name the project's history (move it to docs/development.md):\n${history.join('\n')}`);
  process.exit(1);
}
