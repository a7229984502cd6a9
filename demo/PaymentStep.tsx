import { type CashierApi, type CashierChange, type CashierTimings, CashierWidget } from 'cashier-widget/react';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { matchLocale } from '../shared';
import type { DemoConfig } from './demoConfig';
import { LanguagePicker } from './LanguagePicker';
import { LookPicker } from './LookPicker';
import { localeFromQuery } from './languagePicker';
import { widgetLook } from './lookPicker';
import type { DemoLookName } from './looks';
import { canPlaceOrder, escapeDetail, escapeLeaves } from './paymentEvents';
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
  /** The buyer's market (`?country=`): the test data lists BLIK's codes for PL. */
  country?: string | undefined;
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
  /** The widget's last `onChange`; undefined before its first (and after the buyer left the step). Place order waits for `complete`. */
  change?: CashierChange;
  /** The widget's `onChange`: the page keeps the last one. */
  onChange: (change: CashierChange) => void;
  /** Escape in the widget with no payment running or settled: leave the payment step, back to the buyer's details. */
  onLeave: () => void;
  /** The step's heading, which takes the focus when the order is made. */
  titleRef: RefObject<HTMLHeadingElement | null>;
}

/**
 * Step 3: the language and look pickers, `<CashierWidget>` (`#cashier`), Place order, the hold, and
 * the confirmation. Place order is enabled once the widget's last `onChange` says `complete`
 * (issue 36); Escape in the widget leaves the step (`onLeave`) unless a payment runs, has an
 * unknown outcome or settled. Every event of the widget goes to the log.
 */
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
  /**
   * True from a press of "Hold tickets again" until the new order is in: then Place order takes the
   * focus (the button it was on goes), or the step's heading while the form is not complete.
   */
  const focusPlaceOrder = useRef(false);
  const placeable = canPlaceOrder({ ready: api !== undefined, orderId, crashed, holdExpired, change: props.change });
  useEffect(() => {
    if (!focusPlaceOrder.current || holdExpired || !orderId) return;
    focusPlaceOrder.current = false;
    const button = placeOrderRef.current;
    if (button && !button.disabled) button.focus();
    else props.titleRef.current?.focus();
  }, [orderId, holdExpired, props.titleRef]);

  /** `onEscape`: leaves the step when no payment runs, has an unknown outcome or settled; the widget goes with it. */
  function leaveOnEscape() {
    log('onEscape', escapeDetail(payment.phase));
    if (!escapeLeaves(payment.phase)) return;
    setApi(undefined);
    setCrashed(false);
    payment.reset();
    props.onLeave();
  }

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
            onChange={(change) => {
              log('onChange', JSON.stringify(change));
              props.onChange(change);
            }}
            onFocus={({ field }) => log('onFocus', field)}
            onBlur={({ field }) => log('onBlur', field)}
            onEscape={leaveOnEscape}
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
        disabled={!placeable}
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
      <TestCards country={props.country} />
    </section>
  );
}
