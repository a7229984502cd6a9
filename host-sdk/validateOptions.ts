import { BUYER_FIELD_MAX_LENGTH, isHttpsOrLoopback } from '../shared';
import { checkAppearanceValues, checkFontValues } from '../shared/appearance/shape';
import { describeType, describeValue } from './describeValue';
import { canonicalLocale } from './resolveLocale';

type Check = (value: unknown) => boolean;

const isFunction: Check = (v) => typeof v === 'function';
const isString: Check = (v) => typeof v === 'string';
const isBoolean: Check = (v) => typeof v === 'boolean';
/** DESIGN "Security model": `host` and `frameUrl` are https, except on loopback. */
const HTTPS_URL = 'an https URL (http only on localhost, 127.0.0.1)';

/** Optional options: `name: [check, expected]`, checked only when the value is not `undefined`. */
const optionalChecks: Record<string, [Check, string]> = {
  theme: [isString, 'a string'],
  debug: [isBoolean, 'a boolean'],
  onApiInit: [isFunction, 'a function'],
  onCrash: [isFunction, 'a function'],
  revalidateAppInstance: [isFunction, 'a function'],
  onSlow: [isFunction, 'a function'],
  onHoldExpired: [isFunction, 'a function'],
  onHoldExtended: [isFunction, 'a function'],
  holdExtensionOffer: [isBoolean, 'a boolean'],
  onPaymentResult: [isFunction, 'a function'],
  onChange: [isFunction, 'a function'],
  onFocus: [isFunction, 'a function'],
  onBlur: [isFunction, 'a function'],
  onEscape: [isFunction, 'a function'],
  frameUrl: [isHttpsOrLoopback, HTTPS_URL],
  orderId: [isNonEmptyString, 'a non-empty string'],
  buyer: [isPlainObject, 'an object { email?, name? }'],
  // issue 23: what Intl.getCanonicalLocales accepts, e.g. "de-AT".
  locale: [(v) => canonicalLocale(v) !== undefined, 'a well-formed BCP 47 language tag'],
  // issue 35: checked by checkAppearanceValues and checkFontValues (checkOptional); the frame checks the rest.
  appearance: [() => true, ''],
  fonts: [() => true, ''],
};

/** The options `handle.update` can change (issue 13, issue 23): `CashierUpdate`'s keys. */
const UPDATABLE = ['theme', 'orderId', 'buyer', 'locale', 'appearance', 'fonts'];

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
  for (const name of Object.keys(optionalChecks)) checkOptional('opts', opts, name);
}

/**
 * Checks the argument of `handle.update` (issue 13) with the same rules as the options of
 * {@link validateOptions}: an object whose keys are `theme`, `orderId`, `buyer`, `locale`, `appearance` and `fonts` only. Throws a
 * `TypeError` naming the change, e.g. `update: changes.orderId must be a non-empty string if given (got "")`.
 */
export function validateUpdate(changes: unknown): void {
  if (!isRecord(changes)) fail('changes', 'an object', changes, undefined, 'update');
  for (const name of Object.keys(changes)) {
    if (!UPDATABLE.includes(name)) {
      throw new TypeError(
        `update: changes.${name} cannot be changed by update (only ${UPDATABLE.join(', ')}; remount for others)`,
      );
    }
    checkOptional('changes', changes, name, 'update');
  }
}

/** Checks the optional option `name` of `record` against {@link optionalChecks}. */
function checkOptional(prefix: string, record: Record<string, unknown>, name: string, caller?: string): void {
  const [check, expected] = optionalChecks[name] as [Check, string];
  const value = record[name];
  if (value !== undefined && !check(value)) fail(`${prefix}.${name}`, `${expected} if given`, value, undefined, caller);
  if (name === 'buyer' && value !== undefined) checkBuyer(`${prefix}.buyer`, value as Record<string, unknown>, caller);
  // issue 35: what could reach past a value, here, before anything is created; the frame checks the
  // names and parses every value (INVALID_ARGUMENT naming the key).
  const path = `${caller ?? 'mountCashier'}: ${prefix}.${name}`;
  if (name === 'appearance' && value !== undefined) checkAppearanceValues(value, path);
  if (name === 'fonts' && value !== undefined) checkFontValues(value, path);
}

/** `buyer` (issue 13): `email` and `name`, when given, are strings within BUYER_FIELD_MAX_LENGTH; no other key. */
function checkBuyer(prefix: string, buyer: Record<string, unknown>, caller?: string): void {
  for (const [key, field] of Object.entries(buyer)) {
    const max = BUYER_FIELD_MAX_LENGTH[key as keyof typeof BUYER_FIELD_MAX_LENGTH];
    if (max === undefined) fail(`${prefix}`, 'an object with email and name only', key, `key "${key}"`, caller);
    if (field !== undefined && !(isString(field) && (field as string).length <= max)) {
      const got = isString(field) ? `${(field as string).length} characters` : describeValue(field);
      fail(`${prefix}.${key}`, `a string of at most ${max} characters if given`, field, got, caller);
    }
  }
}

/** Throws the TypeError for option `name`, describing the `value` that arrived (by default {@link describeValue}). */
function fail(name: string, expected: string, value: unknown, got = describeValue(value), caller = 'mountCashier'): never {
  throw new TypeError(`${caller}: ${name} must be ${expected} (got ${got})`);
}

/** An object that is not an array. */
function isPlainObject(value: unknown): boolean {
  return isRecord(value) && !Array.isArray(value);
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
