import { describe, expect, it } from 'vitest';
import { frameContentSecurityPolicy } from './contentSecurityPolicy';

describe('frameContentSecurityPolicy (DESIGN "Security model")', () => {
  it('allows scripts from the frame itself and exactly the configured statics origins', () => {
    const policy = frameContentSecurityPolicy(['https://static.example.com', 'https://cdn.example.net']);
    expect(policy).toBe(
      "script-src 'self' https://static.example.com https://cdn.example.net; frame-src 'none'; object-src 'none'; base-uri 'none'",
    );
  });

  it('allows http and https loopback on any port for the development allowlist', () => {
    const scriptSrc = frameContentSecurityPolicy('development').split('; ')[0];
    expect(scriptSrc).toBe("script-src 'self' http://localhost:* https://localhost:* http://127.0.0.1:* https://127.0.0.1:*");
  });

  it('allows the frame document’s own inline scripts by their hashes only, after the statics', () => {
    const hashes = [
      "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
      "'sha384-OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb'",
    ];
    expect(frameContentSecurityPolicy(['https://static.example.com'], hashes)).toBe(
      `script-src 'self' https://static.example.com ${hashes.join(' ')}; frame-src 'none'; object-src 'none'; base-uri 'none'`,
    );
  });

  it('frames only from the card vault: its one origin in production, loopback in development', () => {
    const frameSrc = (policy: string) => policy.split('; ').find((d) => d.startsWith('frame-src'));
    expect(frameSrc(frameContentSecurityPolicy(['https://static.example.com'], [], 'https://vault.example.com'))).toBe(
      'frame-src https://vault.example.com',
    );
    expect(frameSrc(frameContentSecurityPolicy('development', [], 'development'))).toBe(
      'frame-src http://localhost:* https://localhost:* http://127.0.0.1:* https://127.0.0.1:*',
    );
  });

  it.each(["'unsafe-inline'", 'sha256-abc', "'sha1-abc='", "'sha256-abc' 'unsafe-eval'"])(
    'refuses %s as a hash source',
    (bad) => {
      expect(() => frameContentSecurityPolicy('development', [bad])).toThrow(TypeError);
    },
  );

  it('never allows inline or eval’d script, nor a wildcard host or a bare scheme', () => {
    for (const allowlist of ['development', ['https://static.example.com']] as const) {
      const policy = frameContentSecurityPolicy(allowlist);
      expect(policy).not.toContain('unsafe-');
      const sources = (policy.split('; ')[0] ?? '').split(' ').slice(1);
      for (const source of sources) expect(source).toMatch(/^'self'$|^https?:\/\/[a-z0-9.-]+(:\*|:\d+)?$/);
    }
  });
});
