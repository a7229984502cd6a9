// `npm start` (after the build): provider + statics, frame app and demo host on loopback.
// Ports: CASHIER_HOST_PORT, CASHIER_FRAME_PORT, CASHIER_PROVIDER_PORT, CASHIER_VAULT_PORT (the card
// vault; default the frame's + 2, where the development frame looks for it). CASHIER_CONTROL=0 turns
// the provider's fault switches off (they are on by default, so the demo can show failures).
import { DEFAULT_PORTS, startAll } from './startAll';

const port = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0 || value > 65535)
    throw new TypeError(`${name} must be a port number, got ${process.env[name]}`);
  return value;
};

try {
  const running = await startAll(
    {
      host: port('CASHIER_HOST_PORT', DEFAULT_PORTS.host),
      frame: port('CASHIER_FRAME_PORT', DEFAULT_PORTS.frame),
      provider: port('CASHIER_PROVIDER_PORT', DEFAULT_PORTS.provider),
      vault: process.env.CASHIER_VAULT_PORT === undefined ? undefined : port('CASHIER_VAULT_PORT', 0),
    },
    { control: process.env.CASHIER_CONTROL !== '0' },
  );
  console.log(`provider API + statics  ${running.urls.provider}`);
  console.log(`card vault              ${running.urls.vault}`);
  console.log(`frame app               ${running.urls.frame}`);
  console.log(`demo host page          ${running.urls.host}`);
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
