import { describe, expect, it } from 'vitest';
import { frameContentSecurityPolicy } from './contentSecurityPolicy';

/**
 * The policy's directives by name, each with its sources: other directives (e.g. a connect-src)
 * may sit beside the ones a test looks at, in any order.
 */
function directives(policy: string): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const directive of policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)) {
    const [name = '', ...sources] = directive.split(/\s+/);
    expect(byName.has(name), `${name} appears once`).toBe(false);
    byName.set(name, sources);
  }
  return byName;
}

describe('frameContentSecurityPolicy (DESIGN "Security model")', () => {
  it('allows scripts from the frame itself and exactly the configured statics origins', () => {
    const policy = directives(frameContentSecurityPolicy(['https://static.example.com', 'https://cdn.example.net']));
    expect(policy.get('script-src')).toEqual(["'self'", 'https://static.example.com', 'https://cdn.example.net']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
  });

  it("submits no form anywhere (form-action 'none'): only React's preventDefault stood between a native submit and card fields in the frame URL", () => {
    for (const policy of [
      frameContentSecurityPolicy(['https://static.example.com'], [], 'https://vault.example.com'),
      frameContentSecurityPolicy('development', [], 'development'),
    ]) {
      expect(directives(policy).get('form-action')).toEqual(["'none'"]);
    }
  });

  it('allows http and https loopback on any port for the development allowlist', () => {
    expect(directives(frameContentSecurityPolicy('development')).get('script-src')).toEqual([
      "'self'",
      'http://localhost:*',
      'https://localhost:*',
      'http://127.0.0.1:*',
      'https://127.0.0.1:*',
    ]);
  });

  it('allows the frame document’s own inline scripts by their hashes only, after the statics', () => {
    const hashes = [
      "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
      "'sha384-OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb'",
    ];
    const policy = directives(frameContentSecurityPolicy(['https://static.example.com'], hashes));
    expect(policy.get('script-src')).toEqual(["'self'", 'https://static.example.com', ...hashes]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
  });

  it('frames only from the card vault: its one origin in production, loopback in development', () => {
    expect(
      directives(frameContentSecurityPolicy(['https://static.example.com'], [], 'https://vault.example.com')).get('frame-src'),
    ).toEqual(['https://vault.example.com']);
    expect(directives(frameContentSecurityPolicy('development', [], 'development')).get('frame-src')).toEqual([
      'http://localhost:*',
      'https://localhost:*',
      'http://127.0.0.1:*',
      'https://127.0.0.1:*',
    ]);
  });

  it.each(["'unsafe-inline'", 'sha256-abc', "'sha1-abc='", "'sha256-abc' 'unsafe-eval'"])(
    'refuses %s as a hash source',
    (bad) => {
      expect(() => frameContentSecurityPolicy('development', [bad])).toThrow(TypeError);
    },
  );

  // Issue 19: a wildcard entry in the allowlist would let scripts from every subdomain run in the
  // frame, though the loader allows only the exact origin; so would a bare scheme or `*`.
  it.each([
    'https://*.example.com',
    'https://*.example.com:443',
    'https://static.*.com',
    '*',
    'https:',
    'https://',
    "'unsafe-inline'",
    'https://static.example.com https://evil.example',
    'https://static.example.com; script-src *',
  ])('refuses the statics allowlist entry %s: a TypeError, or a script-src without it', (entry) => {
    let policy: string;
    try {
      policy = frameContentSecurityPolicy(['https://static.example.com', entry]);
    } catch (error) {
      expect(error).toBeInstanceOf(TypeError);
      return;
    }
    expect(directives(policy).get('script-src')).toEqual(["'self'", 'https://static.example.com']);
  });

  it('never allows inline or eval’d script, nor a wildcard host or a bare scheme', () => {
    for (const allowlist of ['development', ['https://static.example.com']] as const) {
      const policy = frameContentSecurityPolicy(allowlist);
      expect(policy).not.toContain('unsafe-');
      const sources = directives(policy).get('script-src') ?? [];
      expect(sources.length).toBeGreaterThan(1);
      for (const source of sources) expect(source).toMatch(/^'self'$|^https?:\/\/[a-z0-9.-]+(:\*|:\d+)?$/);
    }
  });
});
