/// <reference types="node" />
// Type test: a site's webhook handler as a site writes it, against `cashier-widget/server`. It never
// runs: a wrong public type is a compile error here. `@ts-expect-error` lines must fail.
import { type ServerOrder, verifyWebhook, type WebhookEvent, WebhookVerificationError } from 'cashier-widget/server';
import { expectTypeOf } from 'vitest';

declare const rawBody: Uint8Array;
declare const header: string | undefined;

try {
  const event = verifyWebhook({ body: rawBody, signature: header, secret: 'whsec_test', toleranceSeconds: 60 });
  expectTypeOf(event).toEqualTypeOf<WebhookEvent>();
  expectTypeOf(event.data.order).toEqualTypeOf<ServerOrder>();
  if (event.type === 'order.paid') expectTypeOf(event.data.order.charges).toBeArray();
  // @ts-expect-error: not an event type
  if (event.type === 'order.shipped') throw new Error();
} catch (error) {
  if (error instanceof WebhookVerificationError) {
    expectTypeOf(error.code).toEqualTypeOf<
      'SIGNATURE_HEADER_MALFORMED' | 'SIGNATURE_MISMATCH' | 'TIMESTAMP_OUTSIDE_TOLERANCE' | 'BODY_MALFORMED'
    >();
  }
}
// @ts-expect-error: the signature header is required (undefined is allowed, leaving it out is not)
verifyWebhook({ body: '', secret: 'whsec_test' });
