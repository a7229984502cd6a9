import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/CashierError';
import { compactErrorCodeSource, compactErrorCodes } from './compactErrorCodes';

/** Runs the generated `export const ErrorCode = …` and gives the object it makes. */
const build = (source: string): unknown => new Function(`${source.replace('export const', 'const')}; return ErrorCode;`)();

describe('compactErrorCodes (issue 36 item 4)', () => {
  it('builds an ErrorCode equal to the source literal, key order included, from the codes alone', () => {
    const source = compactErrorCodeSource();
    const built = build(source);
    expect(built).toEqual(ErrorCode);
    expect(Object.keys(built as object)).toEqual(Object.keys(ErrorCode));
    expect(source).not.toContain('ConnectionFailed');
    expect(source.length).toBeLessThan(JSON.stringify(ErrorCode).length * 0.7);
  });

  it('refuses a code whose key is not its PascalCase (the build would ship another name)', () => {
    expect(() => compactErrorCodeSource({ ...ErrorCode, Gone: 'DESTROYED_FOR_GOOD' })).toThrow(
      'compact-error-codes: ErrorCode.Gone is not "DESTROYED_FOR_GOOD" in PascalCase',
    );
  });

  it('replaces the literal in shared/CashierError.ts only, keeping the lines after it in place, and fails the build when it finds none', async () => {
    const { readFile } = await import('node:fs/promises');
    const file = new URL('../../shared/CashierError.ts', import.meta.url);
    const code = await readFile(file, 'utf8');
    const plugin = compactErrorCodes();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | undefined;
    const buildEnd = plugin.buildEnd as (error?: Error) => void;
    expect(transform(code, '/x/shared/other.ts')).toBeUndefined();
    expect(() => buildEnd()).toThrow('compact-error-codes: shared/CashierError.ts has no');
    const out = transform(code, '/repo/shared/CashierError.ts')?.code ?? '';
    expect(out.split('\n')).toHaveLength(code.split('\n').length);
    expect(out).toContain(compactErrorCodeSource());
    expect(out).not.toContain('ConnectionFailed:');
    const tail = code.slice(code.indexOf('} as const;') + '} as const;'.length);
    expect(out.endsWith(tail)).toBe(true);
    expect(() => buildEnd()).not.toThrow();
  });
});
