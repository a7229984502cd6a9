import type { Plugin } from 'vite';
import { ErrorCode } from '../../shared/CashierError.ts';

/** Where `ErrorCode`'s object literal begins and ends in shared/CashierError.ts. */
const START = 'export const ErrorCode = {';
const END = '} as const;';

/** `CONNECTION_FAILED` → `ConnectionFailed`: each code's key in {@link ErrorCode}, as the shipped code makes it. */
const PASCAL_CASE = '(code) => code.toLowerCase().replace(/(?:^|_)([a-z])/g, (_match, letter) => letter.toUpperCase())';
const pascalCase = new Function(`return ${PASCAL_CASE}`)() as (code: string) => string;

/**
 * The code that builds {@link ErrorCode} from its values alone: every key is its value in
 * PascalCase (checked here), so the shipped object need not spell each name twice.
 * @throws Error when a key is not its value in PascalCase (a code named otherwise).
 */
export function compactErrorCodeSource(codes: Record<string, string> = ErrorCode): string {
  for (const [key, code] of Object.entries(codes)) {
    if (pascalCase(code) !== key) throw new Error(`compact-error-codes: ErrorCode.${key} is not "${code}" in PascalCase`);
  }
  return `export const ErrorCode = Object.fromEntries(${JSON.stringify(Object.values(codes).join(' '))}.split(' ').map((code) => [(${PASCAL_CASE})(code), code]));`;
}

/**
 * Ships `ErrorCode` (shared/CashierError.ts) as its codes in one string, each key made from its
 * code (`ConnectionFailed` from `CONNECTION_FAILED`), instead of the object literal that spells
 * every name twice in two cases (issue 36 item 4: 0.2 kB gzip of the script tag's 5.3 kB budget).
 * The source keeps the literal, for its types and each code's doc comment; the object built is
 * equal, key order included (host-sdk/build/compactErrorCodes.test.ts). Fails the build when the
 * literal is not found, so the saving cannot vanish unnoticed.
 */
export function compactErrorCodes(): Plugin {
  let replaced = false;
  return {
    name: 'cashier-compact-error-codes',
    apply: 'build',
    // On the TypeScript source, before it is compiled: the literal ends with `as const`.
    enforce: 'pre',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith('/shared/CashierError.ts')) return undefined;
      const start = code.indexOf(START);
      const end = code.indexOf(END, start);
      if (start < 0 || end < 0) return undefined;
      replaced = true;
      // As many lines as the literal had, so the lines after it keep their place (`map: null`).
      const lines = '\n'.repeat(code.slice(start, end).split('\n').length - 1);
      return { code: `${code.slice(0, start)}${compactErrorCodeSource()}${lines}${code.slice(end + END.length)}`, map: null };
    },
    buildEnd(error) {
      if (!error && !replaced) {
        throw new Error(`compact-error-codes: shared/CashierError.ts has no \`${START} … ${END}\`; update this plugin`);
      }
    },
  };
}
