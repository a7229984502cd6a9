import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throwaway certificate authority and one server certificate it signed, in a temporary folder. */
export interface TestTls {
  /** The folder that holds the PEM files (`ca.pem`, `server.key`, `server.pem`). */
  dir: string;
  /** The server's private key and certificate chain (server, then CA), PEM. */
  key: string;
  cert: string;
  /**
   * The base64 sha256 of the server certificate's public key (SPKI), for Chromium's
   * `--ignore-certificate-errors-spki-list`: the browser then accepts this certificate, and only it.
   */
  spkiHash: string;
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * Makes a CA and a server certificate for `names` (DNS subject alternative names) with Debian's
 * openssl, valid for two days, in a new temporary folder: nothing is committed, every run has
 * its own keys. Throws when openssl is missing or fails.
 */
export function createTestTls(names: readonly string[]): TestTls {
  const dir = mkdtempSync(join(tmpdir(), 'cashier-tls-'));
  const curve = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    ['req', '-x509', ...curve, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Cashier e2e throwaway CA'],
    dir,
  );
  openssl(['req', ...curve, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=Cashier e2e server'], dir);
  writeFileSync(
    join(dir, 'server.ext'),
    [
      `subjectAltName=${names.map((name) => `DNS:${name}`).join(',')}`,
      'basicConstraints=CA:FALSE',
      'keyUsage=digitalSignature',
      'extendedKeyUsage=serverAuth',
    ].join('\n'),
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      'server.ext',
      '-out',
      'server.pem',
    ],
    dir,
  );
  const serverPem = readFileSync(join(dir, 'server.pem'), 'utf8');
  const spki = new X509Certificate(serverPem).publicKey.export({ type: 'spki', format: 'der' });
  return {
    dir,
    key: readFileSync(join(dir, 'server.key'), 'utf8'),
    cert: `${serverPem}${readFileSync(join(dir, 'ca.pem'), 'utf8')}`,
    spkiHash: createHash('sha256').update(spki).digest('base64'),
  };
}
