/** The option names `mountCashier` knows: `MountCashierOptions`' keys (its test checks that they all are). */
export const KNOWN_OPTIONS = [
  'host',
  'configuration',
  'theme',
  'debug',
  'onApiInit',
  'onCrash',
  'revalidateAppInstance',
  'onSlow',
  'onHoldExpired',
  'onHoldExtended',
  'holdExtensionOffer',
  'onPaymentResult',
  'onChange',
  'onFocus',
  'onBlur',
  'onEscape',
  'orderId',
  'buyer',
  'locale',
  'appearance',
  'fonts',
  'frameUrl',
] as const;
/** The keys `configuration` knows: `CashierConfiguration`'s. */
export const KNOWN_CONFIGURATION = ['appInstance', 'msid'] as const;

/**
 * Reports each option name of `options` (and each key of its `configuration`) that the SDK does
 * not know with `console.warn`, never a throw (a typo must not take a checkout down), e.g.
 * `mountCashier: unknown option "onCrahs" (did you mean "onCrash"?)`; the parenthesis only when a
 * known name is near (see {@link nearest}). `caller` starts the message. `preloadCashier` takes a
 * mount's options, so every `mountCashier` option is known to it. In the bridge, not the entry:
 * the script a page runs up front carries none of it; it runs when a mount connects or a warm-up
 * starts, once the bridge has loaded.
 */
export function warnUnknownOptions(options: object, caller: 'mountCashier' | 'preloadCashier'): void {
  report(caller, options, KNOWN_OPTIONS, '');
  report(caller, (options as { configuration?: object }).configuration, KNOWN_CONFIGURATION, 'configuration.');
}

function report(caller: string, record: object | undefined, known: readonly string[], prefix: string): void {
  for (const name of Object.keys(Object(record))) {
    if (known.includes(name)) continue;
    const near = nearest(name, known);
    const hint = near === undefined ? '' : ` (did you mean "${prefix}${near}"?)`;
    console.warn(`${caller}: unknown option "${prefix}${name}"${hint}`);
  }
}

/**
 * The known name nearest to `name`: the one at the smallest edit distance (Levenshtein, letters
 * compared without case, so a name equal but for case is at 0), if that is at most 2; else undefined.
 */
export function nearest(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

/** Levenshtein distance: insertions, deletions and substitutions, each 1. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(
        (row[j] as number) + 1,
        (next[j - 1] as number) + 1,
        (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    row = next;
  }
  return row[b.length] as number;
}
