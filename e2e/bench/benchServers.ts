import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { Ports } from '../../provider';

const root = resolve(import.meta.dirname, '../..');

/**
 * Starts e2e/bench/serveBench.ts in a child process (serving stays out of the measuring
 * process's event loop) and resolves once it listens; rejects after `timeoutMs` or when it exits.
 * `stop()` ends it with SIGTERM, then SIGKILL after 5 s; it also ends by itself when our stdin
 * pipe to it closes, i.e. when this process dies.
 */
export function startBenchServers(ports: Ports, timeoutMs = 30_000): Promise<{ stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/bench/serveBench.ts', JSON.stringify(ports)], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolveStart, reject) => {
    const fail = (error: Error) => {
      clearTimeout(timer);
      stop().finally(() => reject(error));
    };
    const timer = setTimeout(() => fail(new Error(`bench servers did not start within ${timeoutMs} ms`)), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        resolveStart({ stop });
      }
    });
    child.once('exit', (code) => fail(new Error(`bench servers exited with ${code}`)));
  });
}
