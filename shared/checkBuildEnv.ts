// The first step of `npm run build` (and of `npm run build:dev`, which sets CASHIER_BUILD=development):
// checks the build-time settings before any step writes to dist/, so a production build with a missing
// or plain-http origin stops here, naming the variable, and leaves dist/ as it was. Run: `tsx shared/checkBuildEnv.ts`.
import { resolve } from 'node:path';
import { readBuildEnv, resolveBuildSettings } from './buildEnv';
import { DEVELOPMENT_PAYPAL } from './payPalOrigin';
import { DEVELOPMENT_VAULT } from './vault';

try {
  const { kind, frameUrl, staticsAllowlist, vaultOrigin, payPalOrigin } = resolveBuildSettings(
    readBuildEnv(resolve(import.meta.dirname, '..')),
  );
  const statics =
    staticsAllowlist === 'development' ? 'http(s) on localhost and 127.0.0.1, any port' : staticsAllowlist.join(', ');
  const vault = vaultOrigin === DEVELOPMENT_VAULT ? "the frame's host name, two ports up" : vaultOrigin;
  const payPal =
    payPalOrigin === DEVELOPMENT_PAYPAL
      ? "the frame's host name, one port up"
      : (payPalOrigin ?? 'none (VITE_CASHIER_PAYPAL_ORIGIN unset: no PayPal)');
  console.log(
    `Cashier ${kind} build. Frame URL: ${frameUrl}. Statics origins: ${statics}. Card vault: ${vault}. PayPal approval: ${payPal}.`,
  );
} catch (error) {
  console.error(`The build did not start (nothing written to dist/):\n${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
