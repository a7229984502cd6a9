// `npm start` (after the build): provider + statics, frame app and demo host on loopback.
// Ports: CASHIER_HOST_PORT, CASHIER_FRAME_PORT, CASHIER_PROVIDER_PORT, CASHIER_VAULT_PORT (the card
// vault; default the frame's + 2, where the development frame looks for it). The provider's fault
// switches (/__control) are on, so the demo can show failures, behind a key made at random here
// and printed (header X-Cashier-Control-Key); CASHIER_CONTROL_KEY sets it instead (the browser
// tests share one that way, playwright.config.ts), CASHIER_CONTROL=0 turns the switches off.
import { randomBytes } from 'node:crypto';
import { CONTROL_KEY_HEADER } from './controlRoutes';
import { DEFAULT_PORTS, startAll } from './startAll';

const port = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0 || value > 65535)
    throw new TypeError(`${name} must be a port number, got ${process.env[name]}`);
  return value;
};

try {
  const controlKey =
    process.env.CASHIER_CONTROL === '0' ? undefined : process.env.CASHIER_CONTROL_KEY || randomBytes(32).toString('hex');
  const running = await startAll(
    {
      host: port('CASHIER_HOST_PORT', DEFAULT_PORTS.host),
      frame: port('CASHIER_FRAME_PORT', DEFAULT_PORTS.frame),
      provider: port('CASHIER_PROVIDER_PORT', DEFAULT_PORTS.provider),
      vault: process.env.CASHIER_VAULT_PORT === undefined ? undefined : port('CASHIER_VAULT_PORT', 0),
    },
    controlKey === undefined ? {} : { controlKey },
  );
  console.log(`provider API + statics  ${running.urls.provider}`);
  console.log(`card vault              ${running.urls.vault}`);
  console.log(`frame app               ${running.urls.frame}`);
  console.log(`demo host page          ${running.urls.host}`);
  if (controlKey === undefined) console.log('control routes          off (CASHIER_CONTROL=0)');
  // The key itself only when made here: one given in CASHIER_CONTROL_KEY is its giver's to know.
  else if (process.env.CASHIER_CONTROL_KEY)
    console.log(`control routes          ${CONTROL_KEY_HEADER}: from CASHIER_CONTROL_KEY`);
  else console.log(`control routes          ${CONTROL_KEY_HEADER}: ${controlKey}`);
  console.log(`Open ${running.urls.host} — Ctrl-C to stop`);
  const stop = () => {
    running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
