import { type ChildProcess, spawn } from 'node:child_process';

// A long-running program the WebKit suite starts (the servers, Xvfb, WebKitWebDriver): its own
// process group, so that stopping it also stops what it started (tsx's node, MiniBrowser).

/** A started program. */
export interface Service {
  name: string;
  child: ChildProcess;
  /** The last lines it printed, for error messages. */
  output(): string;
  /** Whether it has exited (or never started). */
  ended(): boolean;
  /** Stops its process group: SIGTERM, then SIGKILL after `graceMs` (default 5 000). Safe to call twice. */
  stop(graceMs?: number): Promise<void>;
}

/** Options of {@link startService}. */
export interface StartServiceOptions {
  /** Added to this process's environment. */
  env?: Record<string, string>;
  /** Opens a pipe as the child's fd 3 (Xvfb's `-displayfd 3`). */
  fd3?: boolean;
}

const running = new Set<Service>();
// Last resort when the runner exits without its teardown (a crash, Ctrl-C): kill what is left.
process.once('exit', () => {
  for (const service of running) signalGroup(service.child, 'SIGKILL');
});

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Spawns `command args` in its own process group; output is kept (last 40 lines), not printed. */
export function startService(name: string, command: string, args: string[], options: StartServiceOptions = {}): Service {
  const child = spawn(command, args, {
    detached: true,
    env: { ...process.env, ...options.env },
    stdio: options.fd3 ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let ended = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      lines.push(`(exited: ${code ?? signal})`);
      ended = true;
      resolve();
    });
    child.once('error', (error) => {
      lines.push(String(error));
      ended = true;
      resolve();
    });
  });
  let stopping: Promise<void> | undefined;
  const service: Service = {
    name,
    child,
    output: () => lines.join('\n'),
    ended: () => ended,
    stop(graceMs = 5_000) {
      stopping ??= (async () => {
        signalGroup(child, 'SIGTERM');
        const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
        // The leader is gone; whatever it started in its group and outlived SIGTERM goes too.
        signalGroup(child, 'SIGKILL');
        running.delete(service);
      })();
      return stopping;
    },
  };
  running.add(service);
  return service;
}

/**
 * Polls `probe` every 100 ms until it resolves true. When the service exits first or
 * `timeoutMs` passes, stops it and throws an Error with its output.
 */
export async function waitUntilReady(service: Service, what: string, probe: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let problem = `no ${what} within ${timeoutMs} ms`;
  while (Date.now() < deadline) {
    if (service.ended()) {
      problem = `ended before ${what}`;
      break;
    }
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await service.stop();
  throw new Error(`${service.name}: ${problem}:\n${service.output()}`);
}
