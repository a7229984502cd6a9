import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const VIRTUAL_PREFIX = 'virtual:cashier-shared-react/';
/** One module that loads every offered package, so the CommonJS interop lives in one file only. */
const NAMESPACES_ID = '\0virtual:cashier-shared-react-namespaces';
const require = createRequire(import.meta.url);

/** The build input id of the module that offers `specifier` (e.g. `react-dom/client`) to bundles. */
export function sharedReactInput(specifier: string): string {
  return `${VIRTUAL_PREFIX}${specifier}`;
}

/** True for the module ids that belong in the one React file (React itself and its namespaces module). */
export function isSharedReactRuntime(id: string): boolean {
  return /\/node_modules\/(?:react|react-dom|scheduler)\//.test(id) || id === NAMESPACES_ID;
}

/**
 * Virtual entry modules that re-export React's packages by name (DESIGN "The bundle": the frame
 * offers its React to bundles through an import map). A browser links ES modules by their
 * static export names, and React's packages are CommonJS, so `export *` cannot name them: each
 * entry lists the names the installed package exports, read at build time, plus `default`.
 * `specifiers` are the packages offered.
 */
export function sharedReact(specifiers: readonly string[]): Plugin {
  const local = (specifier: string) => `ns${specifiers.indexOf(specifier)}`;
  return {
    name: 'cashier-shared-react',
    resolveId(id) {
      if (id === NAMESPACES_ID) return id;
      return id.startsWith(VIRTUAL_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === NAMESPACES_ID) {
        return [
          ...specifiers.map((specifier) => `import * as ${local(specifier)} from ${JSON.stringify(specifier)};`),
          `export { ${specifiers.map(local).join(', ')} };`,
        ].join('\n');
      }
      if (!id.startsWith(`\0${VIRTUAL_PREFIX}`)) return undefined;
      const specifier = id.slice(VIRTUAL_PREFIX.length + 1);
      const names = Object.keys(require(specifier) as object).filter(
        (name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name),
      );
      return [
        `import { ${local(specifier)} as namespace } from ${JSON.stringify(NAMESPACES_ID)};`,
        'const module = namespace.default ?? namespace;',
        'export default module;',
        `export const { ${names.join(', ')} } = module;`,
      ].join('\n');
    },
  };
}
