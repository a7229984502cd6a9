import type { Context, Env, Hono } from 'hono';
import { FieldValueType, FormFieldType, ProviderPaths } from '../shared';
import { registerSavedCardRoutes } from './savedCardRoutes';
import { applicationError, type CheckoutStore, type StoreReply } from './store';
import { registerWalletRoutes } from './walletRoutes';

/**
 * Every request path of spec section 7 on the reference provider. Paths the reference flow uses
 * answer from the in-memory checkout store (locale metadata and buyer country: localeRoutes.ts);
 * paths with no meaning for the reference flow yet answer 501 with the application error
 * `NOT_IMPLEMENTED`, so a caller learns that at once instead of guessing from a 404.
 */

// Hono patterns from the one list of paths: the placeholder survives encodeURIComponent.
const pattern = (path: (id: string) => string, param: string) => path('__param__').replace('__param__', `:${param}`);

const P = ProviderPaths;

/** Paths the reference provider knows but does not implement (method, path pattern). */
export const NOT_IMPLEMENTED_ROUTES: readonly (readonly [method: 'get' | 'post' | 'patch', path: string])[] = [
  ['get', P.paymentDetails],
  ['get', pattern(P.subscription, 'subscriptionId')],
  ['get', pattern(P.chargesByAccount, 'accountId')],
  ['get', P.account],
  ['get', pattern(P.paymentMethodsByAccount, 'accountId')],
  ['get', P.buyNowPayLaterPaymentMethods],
  ['get', P.paymentMethodsBannerSettings],
];

/** The buyer fields every order asks for (form field and value types of spec section 3). */
export const MANDATORY_FIELDS = [
  { name: 'name', label: 'Full name', type: FormFieldType.NAME, valueType: FieldValueType.TEXT, required: true },
  { name: 'email', label: 'Email', type: FormFieldType.INPUT, valueType: FieldValueType.TEXT, required: true },
  { name: 'address', label: 'Address', type: FormFieldType.ADDRESS_SHORT, valueType: FieldValueType.ADDRESS, required: false },
] as const;

/**
 * Registers every spec section 7 path except widget-settings, card tokenization and saved-card
 * tokens (the vault's) and the locale ones (localeRoutes.ts) on `app`; the credit card routes are
 * savedCardRoutes.ts'. `appInstanceOf` names the
 * app instance a request stands for (its Authorization, checked before these routes run): orders,
 * charges and card tokens belong to the app instance that made them, and another one gets 404.
 */
export function registerCheckoutRoutes<E extends Env>(
  app: Hono<E>,
  store: CheckoutStore,
  appInstanceOf: (c: Context<E>) => string,
): void {
  const send = (c: Context<E>, reply: StoreReply) => {
    for (const [name, value] of Object.entries(reply.headers ?? {})) c.header(name, value);
    return c.json(reply.body as object, reply.status as 200);
  };
  const body = (c: Context<E>): Promise<unknown> => c.req.json().catch(() => undefined);
  const param = (c: Context<E>, name: string): string => c.req.param(name) ?? '';
  const orderId = (c: Context<E>) => param(c, 'orderId');
  const owner = appInstanceOf;

  app.post(P.orderSetup, async (c) => send(c, store.setupOrder(await body(c), owner(c))));
  app.get(pattern(P.order, 'orderId'), (c) => send(c, store.getOrder(orderId(c), owner(c))));
  // Issue 37: one more stretch of the seat hold, by the order's policy (no body; an optional Idempotency-Key).
  app.post(pattern(P.holdExtensions, 'orderId'), (c) =>
    send(c, store.extendHold(orderId(c), owner(c), c.req.header('idempotency-key'))),
  );
  app.get(pattern(P.paymentMethodsByOrder, 'orderId'), (c) => send(c, store.paymentMethodsFor(orderId(c), owner(c))));
  // Card tokenization is the vault's alone (createVaultApp.ts): the API host has no such route.
  // A charge starts when it comes in, not when its body is read: that is what a seat hold is checked against.
  app.post(pattern(P.chargesByOrder, 'orderId'), async (c) => {
    const startedAt = store.now();
    return send(c, store.chargeOrder(orderId(c), await body(c), c.req.header('idempotency-key'), owner(c), startedAt));
  });
  app.get(pattern(P.chargesByOrder, 'orderId'), (c) => send(c, store.chargesOf(orderId(c), owner(c))));
  app.get(pattern(P.charge, 'chargeId'), (c) => send(c, store.getCharge(param(c, 'chargeId'), owner(c))));
  app.post(pattern(P.cancelCharge, 'chargeId'), (c) => send(c, store.cancelCharge(param(c, 'chargeId'), owner(c))));
  app.get(P.paymentMethods, (c) =>
    c.json([
      { type: 'CARD', label: 'Card' },
      { type: 'PAY_AT_VENUE', label: 'Pay at the venue' },
    ]),
  );
  app.get(pattern(P.orderAgreement, 'orderId'), (c) => {
    const order = store.getOrder(orderId(c), owner(c));
    if (order.status !== 200) return send(c, order);
    return c.json({ text: 'Tickets are non-refundable unless the event is cancelled.', required: true });
  });
  app.get(pattern(P.mandatoryFieldsByOrder, 'orderId'), (c) => {
    const order = store.getOrder(orderId(c), owner(c));
    return order.status === 200 ? c.json(MANDATORY_FIELDS) : send(c, order);
  });
  app.get(P.mandatoryFields, (c) => c.json(MANDATORY_FIELDS));
  app.post(pattern(P.createContactAndUpdateOrder, 'orderId'), async (c) =>
    send(c, store.updateBuyer(orderId(c), await body(c), owner(c))),
  );
  registerSavedCardRoutes(app, store, owner);
  app.get(P.buyerInfo, (c) => send(c, store.savedCards.buyerInfo(owner(c))));
  registerWalletRoutes(app, store, owner);

  for (const [method, path] of NOT_IMPLEMENTED_ROUTES) {
    app.on(method.toUpperCase(), path, (c) =>
      c.json(
        applicationError(
          'NOT_IMPLEMENTED',
          `${method.toUpperCase()} ${c.req.path} has no meaning in the reference provider yet.`,
        ),
        501,
      ),
    );
  }
}
