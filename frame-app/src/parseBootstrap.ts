import { CashierError, ErrorCode, type FrameBootstrap, isHttpsOrLoopback } from '../../shared';

/**
 * Narrows the host's `getBootstrap()` reply (untrusted: it crossed postMessage) to
 * {@link FrameBootstrap}. Throws CashierError `INVALID_RESPONSE` naming the bad field; `host`
 * must be https, or http on loopback (DESIGN "Security model"), so the token never goes out in the clear.
 */
export function parseBootstrap(value: unknown): FrameBootstrap {
  const bad = (field: string) => new CashierError(ErrorCode.InvalidResponse, `The host's widget inputs are malformed: ${field}.`);
  if (!isRecord(value)) throw bad('not an object');
  const { host, configuration, theme, debug, canRevalidate, orderId } = value;
  if (!isHttpsOrLoopback(host)) throw bad('host');
  if (!isRecord(configuration)) throw bad('configuration');
  const { appInstance, msid } = configuration;
  if (typeof appInstance !== 'string' || appInstance === '') throw bad('configuration.appInstance');
  if (msid !== undefined && typeof msid !== 'string') throw bad('configuration.msid');
  if (typeof theme !== 'string') throw bad('theme');
  if (typeof debug !== 'boolean') throw bad('debug');
  if (orderId !== undefined && (typeof orderId !== 'string' || orderId === '')) throw bad('orderId');
  return {
    host,
    configuration: msid === undefined ? { appInstance } : { appInstance, msid },
    theme,
    debug,
    canRevalidate: canRevalidate === true,
    ...(orderId === undefined ? {} : { orderId }),
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
