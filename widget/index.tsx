import { createRef } from 'react';
import { createRoot } from 'react-dom/client';
import { CashierError, type CashierWidgetInstance, type CashierWidgetProps, ErrorCode, type PaymentMethod } from '../shared';
import { createBundleProviderApi } from './bundleProviderApi';
import { CardForm } from './CardForm';
import { createBilling } from './createBilling';
import { createFirstPaint, FIRST_PAINT_CAP_MS } from './createFirstPaint';
import { followFormEvents } from './createFormEvents';
import { createFormStore } from './createFormStore';
import { createHold } from './createHold';
import { createPayment, type PayResult } from './createPayment';
import { createPrefill } from './createPrefill';
import { ErrorBoundary } from './ErrorBoundary';
import { FormSkeleton } from './FormSkeleton';
import { HOLD_EXPIRED } from './HoldNotice';
import { createTranslator, type Message } from './i18n/createTranslator';
import { languageNotLoaded, narrowMethods, orderNotLoaded } from './loadRefusals';
import { loadSavedCards } from './loadSavedCards';
import { createLocalMethods } from './localMethods/createLocalMethods';
import { createPayPal } from './paypal/createPayPal';
import { warmReplies } from './preload';
import { extendOrderHold, readOrderHold } from './readOrderHold';
import type { SavedCardsHandle } from './savedCards';
import { awaitChallenge } from './threeDSecure/awaitChallenge';
import { ChallengeLayer } from './threeDSecure/ChallengeLayer';
import { presentChallenge } from './threeDSecure/presentChallenge';
import { declineMessage, isPaid, OUTCOME_UNKNOWN_NOTICE } from './toPayResult';
import { CARD_FIELDS, type CardField, type ValidationResult, validateCardForm } from './validateCardForm';
import { createWallets } from './wallets/createWallets';
import type { WalletDeps } from './wallets/walletKit';

let mounts = 0;

export { preload } from './preload';
export { OUTCOME_UNKNOWN_NOTICE };

/**
 * The reference cashier widget bundle's entry (DESIGN "The bundle"). Renders the payment form into
 * `container` settled (issue 36 item 1): a placeholder of the form's shape (FormSkeleton) shows
 * while what the mount knows decides the form's height is fetched at once, in parallel: the
 * payment methods, seat hold and wallets of `props.orderId`, the billing fields of the buyer's
 * country, a member's saved cards and the language's words. The form replaces it once they are
 * in, or after FIRST_PAINT_CAP_MS with what has arrived (the rest then shows as it comes); from
 * then on its height changes only on what the buyer does or an update. An order an update gives
 * does not hold the form back, even while the placeholder shows: its methods, hold and wallets
 * change the form when they come. What a preloadCashier warm-up of this frame asked for (the
 * bundle's {@link preload}: the locale metadata, buyer info) is answered from memory.
 * Then it hands `props.onApiInit` the api:
 * - `validate()` → `{ valid, errors }`: shows the errors and focuses the first invalid field;
 *   with a method other than card (pay at the venue) there is nothing to fill: `{ valid: true, errors: {} }`;
 * - `pay({ orderId })` → {@link PayResult}: validate → tokenize → charge, exactly once, one order
 *   at a time (see createPayment); a decline, or a charge whose reply was lost, shows a message
 *   above the form. The form is locked while a pay runs and while a charge's outcome is unknown;
 *   once the order is paid the card fields are emptied. A charge that needs 3-D Secure shows the
 *   bank's challenge in a dialog over the form (threeDSecure/) while `pay` stays pending.
 * `props.buyer` prefills the email and cardholder-name fields (issue 13); the buyer may edit them.
 * Every word is in `props.locale`'s shipped language (issue 23; `matchLocale`, English by default):
 * the form shows once that language's catalog is loaded too (English, in the bundle, at once); a
 * catalog that cannot be loaded leaves the form in English. The billing fields (country, then the
 * postal code and state where the country's address format has them) show once the provider's
 * locale metadata is loaded; a card is charged with its billing address.
 * With an order, its seat hold (issue 24: `holdExpiresAt`, read with the order beside its methods,
 * against the provider's clock) shows as the time left (createHold, HoldNotice); once it runs out
 * the form locks, `pay` rejects ORDER_HOLD_EXPIRED before tokenizing (a payment open then
 * completes), and `props.onHoldExpired({ orderId })` is called once per order. An order that
 * cannot be read shows no time left. From 1 minute left, while the order has extensions left
 * (`holdExtensions.remaining`) and `props.holdExtensionOffer` is not false, the buyer is offered
 * "Keep my tickets longer" (issue 37: POST hold-extensions, a fresh Idempotency-Key per ask);
 * a grant moves the countdown and calls `props.onHoldExtended({ orderId, holdExpiresAt })`.
 * The page hears what the buyer does (issue 36, createFormEvents): `props.onChange` when the
 * form's completeness, emptiness, method, card brand or billing country changes, `props.onFocus`
 * and `props.onBlur` with a field's name, `props.onEscape` for Escape outside the challenge dialog.
 * A render error, or payment methods that cannot be loaded, go to `props.onCrash`: an order the
 * provider does not know (404 ORDER_NOT_FOUND) as ORDER_NOT_FOUND `{ orderId, status: 404 }`, any
 * other failed request as the provider client's error (NETWORK_ERROR, HTTP_SERVER_ERROR, …).
 * @returns `unmount()` (empties the container and the typed card) and `update(changes)` (issue 13): `theme` re-styles
 *   the form; `orderId` loads that order's payment methods and starts its hold's countdown (the
 *   form takes edits again), then `pay` must name it (rejects ORDER_NOT_FOUND for an order the
 *   provider does not know, else the provider client's error, when they cannot be loaded: the
 *   widget stays on its order);
 *   `buyer` prefills again, replacing only what an earlier prefill put in a field, never what the
 *   buyer typed; `locale` switches the words in place once its catalog is loaded (rejects with
 *   NETWORK_ERROR when it cannot be, and the language stays). A change of order or buyer while a
 *   payment is open rejects PAYMENT_OPEN
 *   (`details.orderId`) and changes nothing, so the open payment is not lost.
 */
export function mount(container: HTMLElement, props: CashierWidgetProps): CashierWidgetInstance {
  mounts += 1;
  const idPrefix = `cashier-${mounts}`;
  const store = createFormStore();
  const translator = createTranslator();
  const { i18n } = translator;
  /** The errors as the buyer reads them, in the language now. */
  const translated = (errors: Partial<Record<CardField, Message>>): ValidationResult['errors'] =>
    Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, i18n._(error)]));
  const root = createRoot(container);
  // The frame's client sends with the spec's rules; the typed operations are the bundle's own.
  // Card data goes to the vault the frame was built with, never to `host` (DESIGN "Security model");
  // a 3-D Secure challenge page is shown only from there too (issue 22).
  // What a preloadCashier warm-up in this frame asked (`preload`) is answered from memory.
  const { vault } = props.providerClient;
  const client = { ...props.providerClient, request: warmReplies.serve(props, props.providerClient.request) };
  const providerApi = createBundleProviderApi(client.request, vault.request, vault.origin, props.paymentsOrigin);
  // The billing country defaults to the region of the tag the host gave (de-AT → AT), not of its fallback.
  const billing = createBilling({ api: providerApi, store, locale: () => current.locale ?? 'en' });
  const billingRules = () => ({ format: store.getSnapshot().billing?.format });
  let current = props;
  let apiSent = false;
  /**
   * False while the mount's order's methods are loading (issue 24): the form may be on screen
   * (once the first paint's cap passed), card only, so the buyer can start typing; the api waits
   * for them, and a failure is still a crash.
   */
  let methodsKnown = !props.orderId; // an order id is never empty (parseBootstrap)
  /** The form replaces its placeholder once what decides its height is in (issue 36 item 1). */
  const firstPaint = createFirstPaint(FIRST_PAINT_CAP_MS);
  /** The methods the form shows once it is open: the latest known order's, or the card only. */
  let offered: PaymentMethod[] | undefined;
  let unmounted = false;
  /** A member's saved cards (issue 25), once their chunk is loaded. */
  let saved: SavedCardsHandle | undefined;
  /** Aborted by `unmount()`: a 3-D Secure challenge open then is left open at the provider (issue 22). */
  const lifetime = new AbortController();
  /** The 3-D Secure challenge's iframe while it is on screen. */
  const challengeFrame = createRef<HTMLIFrameElement>();
  const prefill = createPrefill(store, (all) => validateCardForm(all, billingRules()));
  prefill(props.buyer);
  const events = followFormEvents({ store, container, idPrefix, current: () => current, billingRules, saved: () => saved });

  const focusFirstInvalid = (errors: Partial<Record<CardField, unknown>>) =>
    container.ownerDocument.getElementById(`${idPrefix}-${CARD_FIELDS.find((f) => errors[f])}`)?.focus();

  /** Validates every field, shows the errors, focuses the first invalid field; valid when the card is not the method. */
  const validate = (): ValidationResult => {
    if (store.getSnapshot().method !== 'CARD') return { valid: true, errors: {} };
    const savedCard = saved?.validate();
    if (savedCard) return savedCard;
    const errors = validateCardForm(store.getSnapshot().values, billingRules());
    store.setErrors(errors);
    focusFirstInvalid(errors);
    return { valid: Object.keys(errors).length === 0, errors: translated(errors) };
  };

  const hold = createHold({
    read: (orderId) => readOrderHold(props.providerClient, orderId),
    store,
    openOrder: () => payment.openOrder(),
    onExpired: (orderId) => current.onHoldExpired?.({ orderId }),
    doc: container.ownerDocument,
    // issue 37: more time on request, unless the site turned the offer off; a fresh key per ask.
    ...(props.holdExtensionOffer === false
      ? {}
      : { extend: (orderId: string) => extendOrderHold(props.providerClient, orderId, crypto.randomUUID()) }),
    onExtended: (orderId, holdExpiresAt) => current.onHoldExtended?.({ orderId, holdExpiresAt }),
  });

  /** A result as the host reads it from PayPal or a wallet: a refund because the hold ended (issue 37) with `pay`'s message. */
  const told = (result: PayResult): PayResult =>
    result.status === 'REFUNDED_HOLD_EXPIRED' ? { ...result, message: i18n._(HOLD_EXPIRED) } : result;
  const payPal = createPayPal({ store, current: () => current, payment: () => payment, hold, told });
  const walletDeps: WalletDeps = { store, current: () => current, payment: () => payment, hold, told };
  const wallets = createWallets(walletDeps);
  // iDEAL, Bancontact, Klarna and BLIK (issue 38): their chunks only when the order offers one.
  const local = createLocalMethods({
    store,
    current: () => current,
    api: providerApi,
    payment: () => payment,
    hold,
    told,
    idPrefix,
    rerender: () => {
      if (!unmounted && store.getSnapshot().methods) render();
    },
  });
  const payment = createPayment({
    payPal: payPal.outcome,
    localMethod: local.outcome,
    localAction: local.action,
    onPending: local.onPending,
    blikBody: local.blikBody,
    chargeRefused: local.chargeRefused,
    mayBePaidInWidget: () => payPal.offered() || local.offeredAny(),
    api: providerApi,
    holdExpired: (orderId) => hold.expired(orderId),
    onHoldRefused: (orderId) => hold.refused(orderId),
    method: () => store.getSnapshot().method,
    values: () => store.getSnapshot().values,
    validate,
    showErrors: (errors) => {
      store.setErrors({ ...store.getSnapshot().errors, ...errors });
      focusFirstInvalid(errors);
      return translated(errors);
    },
    billingAddress: () => billing.address(),
    savedCardToken: () => saved?.token(),
    saveCard: () => saved?.consent(),
    onLockedChange: (locked) => {
      if (unmounted) return;
      store.setLocked(locked);
      hold.paying(); // an open `pay` is a payment under way (issue 37): "Finishing your payment…"
    },
    clearCard: () => {
      store.clearCard();
      saved?.clear();
    },
    mountedOrderId: () => current.orderId,
    challenge: (charge) =>
      awaitChallenge(charge, {
        api: providerApi,
        vaultOrigin: vault.origin,
        signal: lifetime.signal,
        show: presentChallenge({
          store,
          frameRef: challengeFrame,
          doc: container.ownerDocument,
          onChallenge: (state) => {
            if (!unmounted) current.onChallenge?.(state);
          },
          focusForm: () => {
            const doc = container.ownerDocument;
            (doc.getElementById(`${idPrefix}-cardNumber`) ?? container.querySelector('form'))?.focus();
          },
        }),
      }),
  });

  const api = {
    validate,
    /** Pays for the order; see createPayment for the result and the exactly-once rules. */
    async pay(input: unknown): Promise<PayResult> {
      // A notice stays while the form is locked: a lost reply's stays until its outcome is known.
      if (!store.getSnapshot().locked) store.setNotice(undefined);
      try {
        // The billing fields of the country chosen last are known before the form is checked.
        await billing.settled();
        const paid = await payment.pay(input);
        // A charge refunded because the hold ended (issue 37) did not pay: the hold expires with it.
        // A local method's PENDING (issue 38) is still under way: the hold waits for its watch.
        if (paid.status !== 'INVALID' && (paid.status !== 'PENDING' || isPaid(paid))) hold.settled(paid.orderId, isPaid(paid));
        // A local method's decline is worded by its panel (issue 38), which shows it.
        const localDecline = local.message(paid);
        if (localDecline !== undefined) return { ...paid, message: localDecline } as PayResult;
        // What the buyer reads of a decline, or of a refund because the hold ended: the result's `message` and the notice.
        const notice =
          paid.status === 'DECLINED'
            ? declineMessage(paid.declineCode)
            : paid.status === 'REFUNDED_HOLD_EXPIRED'
              ? HOLD_EXPIRED
              : undefined;
        const result = notice ? ({ ...paid, message: i18n._(notice) } as PayResult) : paid;
        if (unmounted) return result;
        if (notice) store.setNotice(notice);
        else if (!store.getSnapshot().locked) store.setNotice(undefined);
        return result;
      } catch (error) {
        if (!unmounted) {
          if (error instanceof CashierError && error.code === ErrorCode.PaymentOutcomeUnknown)
            store.setNotice(OUTCOME_UNKNOWN_NOTICE);
          else if (!store.getSnapshot().locked) store.setNotice(undefined);
          if (current.orderId !== undefined) hold.settled(current.orderId, false);
        }
        throw error;
      }
    },
  };

  const render = () =>
    root.render(
      <ErrorBoundary onError={(error) => current.onCrash(error)}>
        {/* The shape of the first form: a hold line for the mount's own order only (an update's does not hold the form). */}
        {!store.getSnapshot().methods && <FormSkeleton theme={current.theme} order={props.orderId !== undefined} />}
        {store.getSnapshot().methods && (
          <CardForm
            store={store}
            i18n={i18n}
            idPrefix={idPrefix}
            theme={current.theme}
            onReady={() => {
              if (apiSent || !methodsKnown) return;
              apiSent = true;
              current.onApiInit(api);
            }}
            onCountry={(country) => void billing.choose(country)}
            wrapCard={saved?.wrap}
            payPal={payPal.element}
            local={local}
            wallets={wallets.slot(current.orderId)}
            onExtendHold={() => void hold.extend()}
          />
        )}
        <ChallengeLayer store={store} i18n={i18n} idPrefix={idPrefix} frameRef={challengeFrame} />
      </ErrorBoundary>,
    );

  /** Shows the form with these methods, once it is open; until then they wait for it. */
  const show = (methods: PaymentMethod[]) => {
    offered = methods;
    if (unmounted || !firstPaint.isOpen()) return;
    store.setLocale(translator.locale);
    store.setMethods(methods);
    render();
  };
  const cardOnly: PaymentMethod[] = [{ type: 'CARD', label: 'Card' }];
  /** The shipped locale once its catalog is in (or could not be: English); the saved cards' and wallets' words load in it. */
  const language = translator
    .use(props.locale)
    .catch(() => undefined)
    .then(() => {
      if (!unmounted) store.setLocale(translator.locale);
      return translator.locale;
    });
  const readHold = (orderId: string) => {
    const read = readOrderHold(props.providerClient, orderId);
    read.catch(() => undefined); // the hold's own sync handles it
    return read;
  };
  // Everything at once (issue 36 item 1): the order's methods, hold and wallets, the billing fields,
  // and who the buyer is (a member's saved cards); the placeholder shows meanwhile.
  const methods = props.orderId
    ? providerApi.getPaymentMethodsByOrder(props.orderId).then(narrowMethods, orderNotLoaded(props.orderId))
    : cardOnly;
  firstPaint.wait(language);
  firstPaint.wait(Promise.resolve(methods));
  firstPaint.wait(hold.follow(props.orderId, props.orderId === undefined ? undefined : readHold(props.orderId)));
  if (props.orderId) firstPaint.wait(wallets.prepare(props.orderId, language));
  // The local methods' short lines are in the first form (issue 38: their chunk's words, no shift).
  firstPaint.wait(
    Promise.resolve(methods).then((known) => {
      if (!known.some((m) => local.takes(m.type))) return;
      // The mount reads the order's charges once: a payment still being confirmed is found again (a reload).
      if (props.orderId) void payment.resume(props.orderId);
      return local.prepare(known, language);
    }),
  );
  firstPaint.wait(billing.start());
  const deps = { client, store, idPrefix, doc: container.ownerDocument };
  firstPaint.wait(
    loadSavedCards(providerApi, deps, (h) => {
      saved = h;
      if (unmounted) return;
      if (firstPaint.isOpen()) render();
      events.savedCardsLoaded();
    }),
  );
  render(); // the placeholder
  Promise.all([methods, language]).then(
    ([methods]) => {
      methodsKnown = true;
      // An update's order that came first keeps its methods.
      if (current.orderId === props.orderId) show(methods);
    },
    (error: unknown) => {
      if (!(unmounted || methodsKnown)) current.onCrash(error);
    },
  );
  // The form, with what has arrived: all of it, or what the cap left (the rest shows as it comes).
  Promise.all([language, firstPaint.opened]).then(() => show(offered ?? cardOnly));

  return {
    unmount() {
      unmounted = true;
      firstPaint.stop();
      events.stop();
      lifetime.abort();
      hold.stop();
      local.stop();
      root.unmount();
      container.replaceChildren();
      // Card data goes with the form: a page kept in the back/forward cache holds none in its heap.
      store.clearCard();
      saved?.clear();
    },
    async update(changes) {
      const { orderId, buyer, locale } = changes;
      const newOrder = orderId !== undefined && orderId !== current.orderId ? orderId : undefined;
      const refuseWhileOpen = () => {
        const open = payment.openOrder();
        if (open !== undefined && (newOrder !== undefined || buyer !== undefined)) {
          throw new CashierError(
            ErrorCode.PaymentOpen,
            `update: the payment of order ${open} is open; settle it before changing the order or the buyer.`,
            { orderId: open },
          );
        }
      };
      refuseWhileOpen();
      // A new order's hold is read beside its methods. Nothing here holds the first form back
      // (issue 36 item 1): what the update brings changes the form's height when it comes.
      const holdRead = newOrder === undefined ? undefined : readHold(newOrder);
      const loading = Promise.all([
        newOrder === undefined
          ? undefined
          : providerApi.getPaymentMethodsByOrder(newOrder).then(narrowMethods, orderNotLoaded(newOrder)),
        locale === undefined ? undefined : translator.prepare(locale).catch(languageNotLoaded(locale)),
      ]);
      const [methods, switchLanguage] = await loading;
      if (unmounted) return;
      refuseWhileOpen(); // a pay may have started while the methods loaded
      current = { ...current, ...changes };
      switchLanguage?.();
      store.setLocale(translator.locale);
      // A new order's methods are known (the mount's are superseded), and its hold's countdown starts again.
      if (newOrder !== undefined) {
        void hold.follow(newOrder, holdRead);
        methodsKnown = true;
      }
      if (methods) show(methods);
      prefill(buyer);
      render(); // the form, or the placeholder
    },
  };
}
