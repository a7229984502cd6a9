/**
 * The servers of `npm run bench`, run as a child process of e2e/bench/bench.ts (see
 * benchServers.ts): the same servers as `npm start` on the ports given as JSON in argv[2], fault
 * switches off, plus the floor pages: /bench/floor-host.html on the host origin and
 * /bench/floor.html on the frame origin. Prints `ready` once listening. Stops on SIGTERM, and
 * when its stdin closes (the bench process is gone), so it never outlives the bench.
 */
import { resolve } from 'node:path';
import { type Ports, startAll } from '../../provider';

const ports = JSON.parse(process.argv[2] ?? '') as Ports;
const page = (file: string) => ({ file: resolve(import.meta.dirname, file) });

try {
  const running = await startAll(ports, {
    extraRoutes: {
      host: { '/bench/floor-host.html': page('floor-host.html') },
      frame: { '/bench/floor.html': page('floor.html') },
    },
  });
  const stop = () => {
    running.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.stdin.on('end', stop).resume();
  console.log('ready');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
