import { isHttpsOrLoopback } from '../shared';
import { describeType, describeValue } from './describeValue';

type Check = (value: unknown) => boolean;

const isFunction: Check = (v) => typeof v === 'function';
const isString: Check = (v) => typeof v === 'string';
/** DESIGN "Security model": `host` and `frameUrl` are https, except on loopback. */
const HTTPS_URL = 'an https URL (http only on localhost, 127.0.0.1)';

/** Optional options: `name: [check, expected]`, checked only when the value is not `undefined`. */
const optionalChecks: Record<string, [Check, string]> = {
  theme: [isString, 'a string'],
  debug: [(v) => typeof v === 'boolean', 'a boolean'],
  onApiInit: [isFunction, 'a function'],
  onCrash: [isFunction, 'a function'],
  revalidateAppInstance: [isFunction, 'a function'],
  onSlow: [isFunction, 'a function'],
  frameUrl: [isHttpsOrLoopback, HTTPS_URL],
  orderId: [isNonEmptyString, 'a non-empty string'],
};

/**
 * Checks the arguments of `mountCashier` before anything is created (DESIGN "Host SDK",
 * stripe-js `validateLoadParams` style). Throws a `TypeError` whose message names the option and
 * shows what was expected and what arrived, e.g.
 * `mountCashier: opts.configuration.appInstance must be a non-empty string (got undefined)`.
 * The app instance token is described by its kind only, never shown.
 */
export function validateOptions(el: unknown, opts: unknown): void {
  if (!isElement(el)) fail('el', 'an HTMLElement', el);
  if (!el.isConnected) fail('el', 'attached to the document', el, 'a detached element');
  if (!isRecord(opts)) fail('opts', 'an object', opts);
  if (!isHttpsOrLoopback(opts.host)) fail('opts.host', HTTPS_URL, opts.host);
  const { configuration } = opts;
  if (!isRecord(configuration)) fail('opts.configuration', 'an object', configuration);
  const { appInstance, msid } = configuration;
  if (!isNonEmptyString(appInstance)) {
    fail('opts.configuration.appInstance', 'a non-empty string', appInstance, describeType(appInstance));
  }
  if (msid !== undefined && !isString(msid)) fail('opts.configuration.msid', 'a string if given', msid);
  for (const [name, [check, expected]] of Object.entries(optionalChecks)) {
    const value = opts[name];
    if (value !== undefined && !check(value)) fail(`opts.${name}`, `${expected} if given`, value);
  }
}

/** Throws the TypeError for option `name`, describing the `value` that arrived (by default {@link describeValue}). */
function fail(name: string, expected: string, value: unknown, got = describeValue(value)): never {
  throw new TypeError(`mountCashier: ${name} must be ${expected} (got ${got})`);
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** An element of any realm: checked by shape (`nodeType` 1 and `appendChild`), not `instanceof`. */
function isElement(value: unknown): value is HTMLElement {
  return isRecord(value) && value.nodeType === 1 && isFunction(value.appendChild);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
