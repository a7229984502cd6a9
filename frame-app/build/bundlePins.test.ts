import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE_FILE_DEBUG, BUNDLE_FILE_MIN } from '../../shared/constants';
import { bundlePins, pinnedBundleIntegrity, staticsPath } from './bundlePins';

const sha384 = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

describe('bundlePins (security review M2: the frame build pins the bundles built before it)', () => {
  it('hashes the minified and the debug bundle under the folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundle-pins-'));
    writeFileSync(join(dir, BUNDLE_FILE_MIN), 'export const mount = 1;');
    writeFileSync(join(dir, BUNDLE_FILE_DEBUG), 'export const mount = 2;');
    expect(bundlePins(dir, '/v42/')).toEqual([
      { path: `/v42/${BUNDLE_FILE_MIN}`, integrity: sha384('export const mount = 1;') },
      { path: `/v42/${BUNDLE_FILE_DEBUG}`, integrity: sha384('export const mount = 2;') },
    ]);
  });

  it('a missing bundle fails the build, naming the file', () => {
    expect(() => bundlePins(mkdtempSync(join(tmpdir(), 'bundle-pins-')), '/')).toThrow(BUNDLE_FILE_MIN);
  });

  it('pins each path on each allowlisted origin', () => {
    const pins = [{ path: '/statics/a.js', integrity: 'sha384-a' }];
    expect(pinnedBundleIntegrity(['https://s1.example', 'https://s2.example:8443'], pins)).toEqual({
      'https://s1.example/statics/a.js': 'sha384-a',
      'https://s2.example:8443/statics/a.js': 'sha384-a',
    });
  });
});

describe('staticsPath: VITE_CASHIER_STATICS_PATH', () => {
  it.each([
    { value: undefined, path: '/' },
    { value: ' ', path: '/' },
    { value: '/statics', path: '/statics/' },
    { value: '/v42/', path: '/v42/' },
    { value: '/a/b.c/', path: '/a/b.c/' },
  ])('$value → $path', ({ value, path }) => {
    expect(staticsPath(value)).toBe(path);
  });

  it.each(['statics/', '/v42/?v=1', '/v42/#x', '/a/../b/', '//evil.example/', 'https://static.example/', '/a\\b/', '/v42//x/'])(
    '%s is refused, naming the variable',
    (value) => {
      expect(() => staticsPath(value)).toThrow(/VITE_CASHIER_STATICS_PATH/);
    },
  );
});
