import { describe, expect, it } from 'vitest';
import type { MountPlan, PlannedFault, RevalidatePlan } from './plan';
import { type LoadPrediction, predictLoad } from './predict';
import { mountPlan } from './testing/mountPlan';

const settings = (kind: PlannedFault['kind'], times = 1, more: Partial<PlannedFault> = {}): PlannedFault => ({
  target: 'settings',
  kind,
  times,
  ...more,
});
const methods = (kind: PlannedFault['kind'], times = 1, more: Partial<PlannedFault> = {}): PlannedFault => ({
  target: 'payment-methods',
  kind,
  times,
  ...more,
});
const FRESH: RevalidatePlan = { mode: 'fresh', delayMs: 100 };

const mount = (faults: PlannedFault[], more: Partial<MountPlan> = {}): MountPlan =>
  mountPlan({ msidOf: 0, revalidate: FRESH, faults, ...more });

// Spec 7 and 9: up to 2 retries of an idempotent call on network errors, 429 and 5xx; one
// revalidation after a 401 (its fresh token meets no faults: they are armed for the first);
// captcha, 4xx and malformed replies end the call. Settings attempts time out at 2 300 ms, the
// call at 9 000 ms.
const rows: { name: string; plan: MountPlan; expected: LoadPrediction }[] = [
  { name: 'no fault', plan: mount([]), expected: { load: 'ready', settings: 'ok' } },
  {
    name: 'settings 5xx twice: two retries',
    plan: mount([settings('5xx', 2, { status: 503 })]),
    expected: { load: 'ready', settings: 'ok' },
  },
  {
    name: 'settings 5xx three times: retries spent',
    plan: mount([settings('5xx', 3, { status: 500 })]),
    expected: { load: 'crash', settings: 'provider' },
  },
  { name: 'settings drop twice', plan: mount([settings('drop', 2)]), expected: { load: 'ready', settings: 'ok' } },
  {
    name: 'settings drop, then 429 twice: retries spent',
    plan: mount([settings('drop'), settings('429', 2)]),
    expected: { load: 'crash', settings: 'provider' },
  },
  {
    name: 'settings 429 with Retry-After 1 s, twice',
    plan: mount([settings('429', 2, { retryAfterS: 1 })]),
    expected: { load: 'ready', settings: 'ok' },
  },
  { name: 'settings 401, fresh token', plan: mount([settings('401')]), expected: { load: 'ready', settings: 'ok' } },
  {
    name: 'settings 5xx twice then 401: the re-send after revalidating is not a retry',
    plan: mount([settings('5xx', 2, { status: 500 }), settings('401')]),
    expected: { load: 'ready', settings: 'ok' },
  },
  {
    name: 'settings 401, then 5xx three times for the first token: the fresh token escapes them',
    plan: mount([settings('401'), settings('5xx', 3, { status: 500 })]),
    expected: { load: 'ready', settings: 'ok' },
  },
  {
    name: 'settings 401, revalidation rejects',
    plan: mount([settings('401')], { revalidate: { mode: 'reject', delayMs: 0 } }),
    expected: { load: 'crash', settings: 'own' },
  },
  {
    name: 'settings 401, no revalidateAppInstance',
    plan: mount([settings('401')], { revalidate: { mode: 'none' } }),
    expected: { load: 'crash', settings: 'own' },
  },
  {
    name: 'settings captcha: never revalidated',
    plan: mount([settings('captcha')]),
    expected: { load: 'crash', settings: 'own' },
  },
  { name: 'settings 404', plan: mount([settings('4xx', 1, { status: 404 })]), expected: { load: 'crash', settings: 'own' } },
  {
    name: 'settings malformed',
    plan: mount([settings('malformed', 1, { body: 'not-json' })]),
    expected: { load: 'crash', settings: 'provider' },
  },
  {
    name: 'settings slow 900 ms: under the attempt timeout',
    plan: mount([settings('slow', 3, { delayMs: 900 })]),
    expected: { load: 'ready', settings: 'ok' },
  },
  {
    name: 'settings slow 3 500 ms twice: two timed-out attempts, retried',
    plan: mount([settings('slow', 2, { delayMs: 3_500 })]),
    expected: { load: 'ready', settings: 'ok' },
  },
  {
    name: 'settings slow 3 500 ms three times: every attempt times out',
    plan: mount([settings('slow', 3, { delayMs: 3_500 })]),
    expected: { load: 'crash', settings: 'provider' },
  },
  {
    name: 'settings slow 2 000 ms: too near the 2 300 ms attempt timeout to call',
    plan: mount([settings('slow', 1, { delayMs: 2_000 })]),
    expected: { load: 'either', settings: 'either' },
  },
  {
    name: 'statics 404',
    plan: mount([{ target: 'statics', kind: '404', times: 1 }]),
    expected: { load: 'crash', settings: 'statics' },
  },
  {
    name: 'statics 404 after a 401: the fresh token gets the real settings',
    plan: mount([settings('401'), { target: 'statics', kind: '404', times: 1 }]),
    expected: { load: 'ready', settings: 'ok' },
  },
  { name: 'a frame that never loads', plan: mount([], { frame: 'closed-port' }), expected: { load: 'crash', settings: 'ok' } },
  {
    name: 'payment methods drop three times',
    plan: mount([methods('drop', 3)], { order: { event: 'venue' } }),
    expected: { load: 'crash', settings: 'ok' },
  },
  {
    name: 'payment methods slow 3 000 ms, under 8 000',
    plan: mount([methods('slow', 3, { delayMs: 3_000 })], { order: { event: 'venue' } }),
    expected: { load: 'ready', settings: 'ok' },
  },
  {
    name: 'payment methods 5xx three times, after a settings revalidation: the fresh token escapes them',
    plan: mount([settings('401'), methods('5xx', 3, { status: 500 })], { order: { event: 'venue' } }),
    expected: { load: 'ready', settings: 'ok' },
  },
  {
    name: 'payment methods faults without an order never play',
    plan: mount([methods('5xx', 3, { status: 500 })]),
    expected: { load: 'ready', settings: 'ok' },
  },
];

describe('predictLoad (spec 7 and 9 played against a mount’s own faults)', () => {
  it.each(rows)('$name', ({ plan, expected }) => {
    expect(predictLoad(plan)).toEqual(expected);
  });
});
