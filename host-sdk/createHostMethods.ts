import {
  CashierError,
  ErrorCode,
  epochNow,
  type FrameBootstrap,
  type FrameMethods,
  type HostMethods,
  MAX_FRAME_HEIGHT_PX,
  MAX_WIDGET_READY_TIME_MS,
  REVALIDATE_TIMEOUT_MS,
} from '../shared';
import { callSafely } from './callSafely';
import { relayApi } from './relayApi';
import type { ResolvedOptions } from './resolveOptions';
import { pageSettingsCache, type SettingsCache, settingsCacheKey } from './settingsCache';
import { toTimings } from './toTimings';

/** What the host methods need from the mount. */
export interface HostContext {
  /** The mount's options, defaults applied. */
  options: ResolvedOptions;
  /** The frame's methods, once connected (penpal's connection promise). */
  remote: () => Promise<FrameMethods>;
  /** True once `destroy()` ran; nothing fires after it. */
  isDestroyed: () => boolean;
  /** Sizes the iframe to the frame's content height, in CSS pixels; default: the iframe keeps its size. */
  resize?: (heightPx: number) => void;
  /** Where widget settings are shared between mounts (spec 4); default the page's one cache. */
  settingsCache?: SettingsCache;
  /**
   * Milliseconds from the mount until the host is told the widget is slow (`onSlow`); default
   * MAX_WIDGET_READY_TIME_MS (10 000, spec 4 and 9). Ready means the bundle called `onApiInit`.
   */
  slowAfterMs?: number;
  /**
   * Milliseconds the host's `revalidateAppInstance` may take before the refusal stands
   * (`UNAUTHORIZED`); default REVALIDATE_TIMEOUT_MS (5 000).
   */
  revalidateTimeoutMs?: number;
}

/** The methods exposed to the frame, and the one way to report a crash (at most once per mount). */
export interface HostBridge {
  methods: HostMethods;
  /** Calls `opts.onCrash(error)` unless a crash was reported already or the mount is destroyed. */
  crash: (error: CashierError) => void;
  /** Gives up this mount's claim on the shared settings request and stops the slow timer (destroy). */
  release: () => void;
}

/**
 * The host side of the bridge (shared `HostMethods`, DESIGN "Host SDK"). Input from the frame is
 * untrusted and narrowed. `onCrash` fires at most once; `onSlow` once, `slowAfterMs` after the
 * mount, unless the widget is ready (`onApiInit`) or crashed by then; nothing fires after
 * destroy. The host's callbacks run through `callSafely`.
 */
export function createHostMethods({
  options,
  remote,
  isDestroyed,
  resize,
  settingsCache = pageSettingsCache,
  slowAfterMs = MAX_WIDGET_READY_TIME_MS,
  revalidateTimeoutMs = REVALIDATE_TIMEOUT_MS,
}: HostContext): HostBridge {
  const claimant = {};
  const settingsKey = settingsCacheKey(options.host, options.configuration.msid);
  let crashed = false;
  let ready = false;

  // Spec 4: the widget counts as slow when it is not ready within the limit. Timed here, from
  // the mount, so the frame's own load and the handshake count too; the widget keeps waiting.
  const mountedAt = epochNow();
  let connectedAt = mountedAt;
  const slowTimer = setTimeout(() => {
    if (ready || crashed || isDestroyed()) return;
    callSafely('onSlow', options.onSlow, Math.round(epochNow() - mountedAt));
  }, slowAfterMs);

  const crash = (error: CashierError): void => {
    if (crashed || isDestroyed()) return;
    crashed = true;
    clearTimeout(slowTimer);
    callSafely('onCrash', options.onCrash, error);
  };

  const callApi = async (method: string, args: unknown[]): Promise<unknown> => {
    if (isDestroyed()) throw destroyedError(method);
    try {
      return await (await remote()).callApi(method, args);
    } catch (error) {
      if (isDestroyed() || isPenpalDestroyed(error)) throw destroyedError(method);
      throw new CashierError(ErrorCode.ApiCallFailed, `Calling ${method} failed: ${messageOf(error)}`);
    }
  };

  const methods: HostMethods = {
    getBootstrap: () => {
      connectedAt = epochNow();
      return bootstrapOf(options);
    },
    onApiInit: (methodNames: unknown, phases?: unknown) => {
      if (isDestroyed()) return;
      ready = true;
      clearTimeout(slowTimer);
      const timings = toTimings(phases, mountedAt, connectedAt, epochNow());
      callSafely('onApiInit', options.onApiInit, relayApi(methodNames, callApi), timings);
    },
    onCrash: (serialized: unknown) => crash(CashierError.fromSerialized(serialized)),
    onResize: (heightPx: unknown) => {
      if (isDestroyed() || typeof heightPx !== 'number' || !Number.isFinite(heightPx)) return;
      resize?.(Math.min(Math.max(Math.ceil(heightPx), 0), MAX_FRAME_HEIGHT_PX));
    },
    revalidateAppInstance: () => revalidate(options, isDestroyed, revalidateTimeoutMs),
    claimWidgetSettings: async () => {
      if (isDestroyed()) throw new CashierError(ErrorCode.Destroyed, 'The widget was destroyed');
      return settingsCache.claim(settingsKey, claimant);
    },
    publishWidgetSettings: (outcome: unknown) => settingsCache.publish(settingsKey, claimant, outcome),
  };
  const release = () => {
    clearTimeout(slowTimer);
    settingsCache.release(claimant);
  };
  return { methods, crash, release };
}

/** The widget inputs the frame asks for; the token travels here, never in the frame URL. */
function bootstrapOf({ host, configuration, theme, debug, revalidateAppInstance, orderId }: ResolvedOptions): FrameBootstrap {
  const { appInstance, msid } = configuration;
  return {
    host,
    configuration: msid === undefined ? { appInstance } : { appInstance, msid },
    theme,
    debug,
    canRevalidate: !!revalidateAppInstance,
    ...(orderId === undefined ? {} : { orderId }),
  };
}

/**
 * Asks the host for a fresh token; rejects with `UNAUTHORIZED` when there is none to be had:
 * no `revalidateAppInstance`, a rejection, no non-empty string, or no answer within `timeoutMs`.
 */
async function revalidate(options: ResolvedOptions, isDestroyed: () => boolean, timeoutMs: number): Promise<string> {
  if (isDestroyed()) throw new CashierError(ErrorCode.Destroyed, 'The widget was destroyed');
  if (!options.revalidateAppInstance) {
    throw new CashierError(ErrorCode.Unauthorized, 'The host gave no revalidateAppInstance');
  }
  let token: unknown;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unansweredError = new CashierError(ErrorCode.Unauthorized, `revalidateAppInstance did not answer within ${timeoutMs} ms`);
  const unanswered = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(unansweredError), timeoutMs);
  });
  try {
    token = await Promise.race([options.revalidateAppInstance(), unanswered]);
  } catch (error) {
    if (error === unansweredError) throw error;
    throw new CashierError(ErrorCode.Unauthorized, 'revalidateAppInstance rejected');
  } finally {
    clearTimeout(timer);
  }
  if (typeof token !== 'string' || token.trim() === '') {
    throw new CashierError(ErrorCode.Unauthorized, 'revalidateAppInstance did not resolve to a non-empty string');
  }
  return token;
}

function destroyedError(method: string): CashierError {
  return new CashierError(ErrorCode.Destroyed, `Cannot call ${method}: the widget was destroyed`);
}

function isPenpalDestroyed(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'CONNECTION_DESTROYED';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
