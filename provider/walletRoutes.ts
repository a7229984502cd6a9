import type { Context, Env, Hono } from 'hono';
import { ProviderPaths } from '../shared';
import type { CheckoutStore } from './store';
import { applicationError, createWallets, type StoreReply } from './store';

/**
 * Registers the wallets' spec 7 paths on `app` (the API host; issue 25 item 4): GET express checkout
 * widget settings, GET express payment methods `?orderId=`, POST Apple Pay merchant validation, POST
 * Google Pay start (wallets.ts says what each answers). Whether an app instance takes the wallets is
 * the store's `offersWallets`; `appInstanceOf` names the request's app instance. The wallet's token
 * goes to the vault (createVaultApp.ts, walletTokens.ts), never here.
 */
export function registerWalletRoutes<E extends Env>(
  app: Hono<E>,
  store: CheckoutStore,
  appInstanceOf: (c: Context<E>) => string,
): void {
  const wallets = createWallets(store, store.offersWallets);
  const send = (c: Context<E>, reply: StoreReply) => c.json(reply.body as object, reply.status as 200);
  const body = (c: Context<E>): Promise<unknown> => c.req.json().catch(() => undefined);
  const P = ProviderPaths;
  app.get(P.expressCheckoutWidgetSettings, (c) => send(c, wallets.settings(appInstanceOf(c))));
  app.get(P.expressPaymentMethods, (c) => send(c, wallets.methodsFor(c.req.query('orderId'), appInstanceOf(c))));
  app.post(P.applePayMerchantValidation, async (c) => send(c, wallets.validateApplePay(await body(c), appInstanceOf(c))));
  app.post(P.googlePayStart, async (c) => send(c, wallets.startGooglePay(await body(c), appInstanceOf(c))));
}

/**
 * `POST /__control/wallets` `{ appInstances }` (a control route: mount it only with a control key,
 * behind mountControl's checks): the app instances whose merchant takes Apple Pay and Google Pay
 * become exactly these (`offers` is replaced); 400 BAD_WALLETS unless a list of strings. The caller
 * restores its defaults on reset.
 */
export function registerWalletControl<E extends Env>(app: Hono<E>, offers: Set<string>): void {
  app.post('/__control/wallets', async (c) => {
    const { appInstances } = (await c.req.json().catch(() => ({}))) as { appInstances?: unknown };
    if (!Array.isArray(appInstances) || !appInstances.every((a) => typeof a === 'string')) {
      return c.json(applicationError('BAD_WALLETS', 'Expected { appInstances: string[] }.'), 400);
    }
    offers.clear();
    for (const appInstance of appInstances) offers.add(appInstance);
    return c.json({ appInstances });
  });
}
