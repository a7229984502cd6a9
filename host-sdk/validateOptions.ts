import { describeType, describeValue } from './describeValue';
import { isHttpUrl } from './isHttpUrl';

type Check = (value: unknown) => boolean;

const isFunction: Check = (v) => typeof v === 'function';
const isString: Check = (v) => typeof v === 'string';
const isBoolean: Check = (v) => typeof v === 'boolean';
const isNonEmptyString: Check = (v) => typeof v === 'string' && v.trim() !== '';

/** Optional options: `[name, check, expected]`, checked only when the value is not `undefined`. */
const optionalChecks: ReadonlyArray<readonly [string, Check, string]> = [
  ['theme', isString, 'a string'],
  ['debug', isBoolean, 'a boolean'],
  ['onApiInit', isFunction, 'a function'],
  ['onCrash', isFunction, 'a function'],
  ['revalidateAppInstance', isFunction, 'a function'],
  ['onSlow', isFunction, 'a function'],
  ['frameUrl', isHttpUrl, 'an absolute http(s) URL string'],
  ['orderId', isNonEmptyString, 'a non-empty string'],
];

/**
 * Checks the arguments of `mountCashier` before anything is created (DESIGN "Host SDK",
 * stripe-js `validateLoadParams` style). Throws a `TypeError` whose message names the option and
 * shows what was expected and what arrived, e.g.
 * `mountCashier: opts.configuration.appInstance must be a non-empty string (got undefined)`.
 * The app instance token is described by its kind only, never shown.
 */
export function validateOptions(el: unknown, opts: unknown): void {
  if (!isElement(el)) fail('el', 'an HTMLElement', describeValue(el));
  if (!el.isConnected) fail('el', 'attached to the document', 'a detached element');
  if (!isRecord(opts)) fail('opts', 'an object', describeValue(opts));
  if (!isHttpUrl(opts.host)) fail('opts.host', 'an absolute http(s) URL string', describeValue(opts.host));
  const { configuration } = opts;
  if (!isRecord(configuration)) fail('opts.configuration', 'an object', describeValue(configuration));
  const { appInstance, msid } = configuration;
  if (typeof appInstance !== 'string' || appInstance.trim() === '') {
    fail('opts.configuration.appInstance', 'a non-empty string', describeType(appInstance));
  }
  if (msid !== undefined && typeof msid !== 'string') {
    fail('opts.configuration.msid', 'a string if given', describeValue(msid));
  }
  for (const [name, check, expected] of optionalChecks) {
    const value = opts[name];
    if (value !== undefined && !check(value)) fail(`opts.${name}`, `${expected} if given`, describeValue(value));
  }
}

function fail(name: string, expected: string, got: string): never {
  throw new TypeError(`mountCashier: ${name} must be ${expected} (got ${got})`);
}

/** An element of any realm: checked by shape (`nodeType` 1 and `appendChild`), not `instanceof`. */
function isElement(value: unknown): value is HTMLElement {
  return isRecord(value) && value.nodeType === 1 && typeof value.appendChild === 'function';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
