import { type CashierApi, type CashierTimings, CashierWidget } from 'cashier-widget/react';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { matchLocale } from '../shared';
import type { DemoConfig } from './demoConfig';
import { LanguagePicker } from './LanguagePicker';
import { LookPicker } from './LookPicker';
import { localeFromQuery } from './languagePicker';
import { widgetLook } from './lookPicker';
import type { DemoLookName } from './looks';
import { TestCards } from './TestCards';
import type { Log } from './useEventLog';
import { usePlaceOrder } from './usePlaceOrder';

/** Props of {@link PaymentStep}. */
export interface PaymentStepProps {
  config: DemoConfig;
  /** Formats minor units of the event's currency. */
  money: (minor: number) => string;
  log: Log;
  /** The page's query string: `?locale=` is the widget's first language. */
  search: string;
  /** The widget's first look (`?look=`); the look picker changes it live. */
  startLook: DemoLookName;
  /** True from "Continue to payment" on: the widget is mounted, before the order exists. */
  started: boolean;
  /** The order being paid; undefined while it is created. */
  orderId?: string;
  /** The buyer's details from step 2, prefilled in the widget. */
  buyer?: Record<string, string>;
  /** True when the order's seat hold ran out (`onHoldExpired`): Place order is disabled, "Hold tickets again" shows. */
  holdExpired: boolean;
  /** True while "Hold tickets again" creates the new order. */
  holdingAgain: boolean;
  /** Why the last "Hold tickets again" made no order, in words; empty when it did. */
  holdAgainError: string;
  /** The widget's `onHoldExpired`. */
  onHoldExpired: (expiry: { orderId: string }) => void;
  /** "Hold tickets again": a new order with the same tickets and buyer. */
  onHoldAgain: () => void;
  /** Called when the widget is ready, with its load timings. */
  onReady: (timings: CashierTimings) => void;
  /** The step's heading, which takes the focus when the order is made. */
  titleRef: RefObject<HTMLHeadingElement | null>;
}

/** Step 3: the language and look pickers, `<CashierWidget>` (`#cashier`), Place order, the hold, and the confirmation. */
export function PaymentStep(props: PaymentStepProps) {
  const { config, log, started, orderId, buyer, holdExpired, holdingAgain } = props;
  const [locale, setLocale] = useState(() => localeFromQuery(props.search));
  const [look, setLook] = useState(props.startLook);
  /** True once a look other than the default was shown: from then on the widget has every look's fonts (lookPicker.ts). */
  const [styled, setStyled] = useState(props.startLook !== 'default');
  const styling = useMemo(() => widgetLook(look, location.origin, styled), [look, styled]);
  const [api, setApi] = useState<CashierApi>();
  const [crashed, setCrashed] = useState(false);
  const payment = usePlaceOrder({ api, orderId, money: props.money, log });
  const { confirmation, refs } = payment;
  const placeOrderRef = useRef<HTMLButtonElement>(null);
  /** True from a press of "Hold tickets again" until the new order is in: then Place order takes the focus (the button it was on goes). */
  const focusPlaceOrder = useRef(false);
  useEffect(() => {
    if (!focusPlaceOrder.current || holdExpired || !orderId) return;
    focusPlaceOrder.current = false;
    placeOrderRef.current?.focus();
  }, [orderId, holdExpired]);

  function chooseLanguage(chosen: string) {
    setLocale(chosen);
    // The widget takes it with handle.update (no reload); a refusal comes to onUpdateError.
    if (started) log('update', `locale ${chosen}`);
  }

  function chooseLook(chosen: DemoLookName) {
    setLook(chosen);
    if (chosen !== 'default') setStyled(true);
    // The widget takes it with handle.update (no reload, what the buyer typed stays); a refusal comes to onUpdateError.
    if (started) log('update', `look ${chosen}`);
  }

  return (
    <section className="panel" aria-labelledby="payment-title">
      <h2 id="payment-title" tabIndex={-1} ref={props.titleRef}>
        3. Payment
      </h2>
      <p id="payment-hint">{started ? 'Pay securely below.' : 'Choose your tickets and continue to pay.'}</p>
      <LanguagePicker value={matchLocale(locale ?? document.documentElement.lang)} onChange={chooseLanguage} />
      <LookPicker value={look} onChange={chooseLook} />
      <div id="cashier">
        {started && (
          <CashierWidget
            host={config.host}
            frameUrl={config.frameUrl}
            configuration={{ appInstance: config.appInstance }}
            orderId={orderId}
            buyer={buyer && { email: buyer.email, name: buyer.fullName }}
            theme="inline"
            locale={locale}
            appearance={styling.appearance}
            fonts={styling.fonts}
            onApiInit={(received, timings) => {
              setApi(received);
              props.onReady(timings);
              log('onApiInit', `api methods: ${Object.keys(received).join(', ')}`);
            }}
            onCrash={(crash) => {
              log('onCrash', `${crash.code}: ${crash.message}`);
              setCrashed(true);
            }}
            onSlow={(ms) => log('onSlow', `not ready after ${Math.round(ms)} ms, still waiting`)}
            onHoldExpired={props.onHoldExpired}
            onPaymentResult={payment.paidInWidget}
            onUpdateError={(error) => log('update refused', `${error.code}: ${error.message}`)}
            revalidateAppInstance={async () => {
              log('revalidateAppInstance', 'handing the frame a fresh app instance');
              return config.appInstance;
            }}
          />
        )}
      </div>
      <button
        id="place-order"
        ref={placeOrderRef}
        type="button"
        hidden={!started || payment.settled}
        disabled={!api || !orderId || crashed || holdExpired}
        onClick={() => void payment.place()}
      >
        Place order
      </button>
      <button
        id="hold-again"
        type="button"
        hidden={!holdExpired || confirmation !== undefined}
        aria-disabled={holdingAgain || undefined}
        onClick={() => {
          if (holdingAgain) return;
          focusPlaceOrder.current = true;
          props.onHoldAgain();
        }}
      >
        Hold tickets again
      </button>
      {holdExpired && props.holdAgainError && (
        <p className="error" role="alert">
          {props.holdAgainError}
        </p>
      )}
      <button
        id="check-order"
        type="button"
        hidden={!payment.canCheckAgain}
        ref={refs.again}
        onClick={() => void payment.checkAgain()}
      >
        Check the order again
      </button>
      <p id="order-result" role="status" tabIndex={-1} ref={refs.result}>
        {payment.result}
      </p>
      {/* Not a live region: what the widget already announces (a decline) is shown here once more, not read twice. */}
      <p id="order-note">{payment.note}</p>
      <section
        id="confirmation"
        hidden={!confirmation}
        tabIndex={-1}
        ref={refs.confirmation}
        aria-labelledby="confirmation-title"
        aria-describedby="confirmation-text"
        data-order-status={confirmation?.status}
        data-charge-id={confirmation?.chargeId}
        data-source={confirmation?.source}
      >
        <h2 id="confirmation-title">Order confirmed</h2>
        <p id="confirmation-text">{confirmation?.text}</p>
      </section>
      <TestCards />
    </section>
  );
}
