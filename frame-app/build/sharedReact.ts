import type { Plugin } from 'vite';

const VIRTUAL_PREFIX = 'virtual:cashier-shared-react/';

/**
 * What the frame offers under each React specifier (DESIGN "The bundle"; issue 36 item 4): Preact's
 * React-compatible API, `preact/compat`, about 11 kB gzip where React 19 and its DOM renderer
 * are about 68 kB. It has React's hooks (`useSyncExternalStore` included), `lazy`, `Suspense`,
 * class components with error boundaries, `createRoot` and the automatic JSX runtime; a bundle
 * that needs React itself (its concurrent features, `use`, actions) brings its own, as the
 * standalone reference bundle does. Adyen Web renders its checkout with Preact for the same reason.
 */
export const SHARED_REACT_MODULES: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
};

/** The offered modules that have a default export (`import React from 'react'`). */
const WITH_DEFAULT = new Set(['preact/compat', 'preact/compat/client']);

/** The build input id of the module that offers `specifier` (e.g. `react-dom/client`) to bundles. */
export function sharedReactInput(specifier: string): string {
  return `${VIRTUAL_PREFIX}${specifier}`;
}

/** True for the module ids that belong in the one runtime file (Preact, its hooks and its compat layer). */
export function isSharedReactRuntime(id: string): boolean {
  return /\/node_modules\/preact\//.test(id);
}

/**
 * Virtual entry modules that re-export, under each React specifier in `specifiers`, the Preact
 * module SHARED_REACT_MODULES names for it (DESIGN "The bundle": the frame offers its React to
 * bundles through an import map). Preact ships ES modules, so `export *` names every export; the
 * bundler puts Preact itself in one shared file (`isSharedReactRuntime`), so every entry is the
 * same Preact. Throws at build time for a specifier that has no Preact module.
 */
export function sharedReact(specifiers: readonly string[]): Plugin {
  return {
    name: 'cashier-shared-react',
    resolveId(id) {
      return id.startsWith(VIRTUAL_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL_PREFIX}`)) return undefined;
      const specifier = id.slice(VIRTUAL_PREFIX.length + 1);
      const target = SHARED_REACT_MODULES[specifier];
      if (!specifiers.includes(specifier) || target === undefined) {
        throw new Error(`sharedReact: no Preact module offered for ${JSON.stringify(specifier)}`);
      }
      const from = JSON.stringify(target);
      return [`export * from ${from};`, ...(WITH_DEFAULT.has(target) ? [`export { default } from ${from};`] : [])].join('\n');
    },
  };
}
