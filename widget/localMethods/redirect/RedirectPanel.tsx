import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type CSSProperties, useEffect, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import type { LocalMethodType } from '../../../shared';
import { LOCAL_METHOD_LABELS } from '../../../shared/localMethods';
import { APPEARANCE_CLASSES as C, fontSize, space } from '../../appearance';
import type { Translator } from '../../i18n/createTranslator';
import type { PayResult } from '../../toPayResult';
import type { LocalChunk, LocalSession, RedirectMethodType } from '../localKit';
import { runRedirect } from './redirectFlow';
import { createRedirectI18n } from './redirectI18n';

/** The panel's words (issue 38): their own catalog (`localMethods/redirect/locales/`), `{method}` the brand name. */
const WORDS = {
  pay: msg({
    message: 'Pay with {method}',
    comment: 'Button: opens the window of {method} (iDEAL, Bancontact or Klarna, brand names) to pay',
  }),
  open: msg({ message: 'Open {method}', comment: 'Button: opens the window of {method} again after the browser blocked it' }),
  waiting: msg({ message: 'Finish the payment in the {method} window. Nothing is charged until you approve it there.' }),
  blocked: msg({ message: 'Your browser blocked the {method} window. Select Open {method} to try again.' }),
  cancelled: msg({ message: 'You cancelled the payment, so nothing was charged. Choose how you want to pay.' }),
  closed: msg({ message: 'The {method} window was closed before you approved the payment, so nothing was charged.' }),
  declined: msg({ message: '{method} declined the payment, so nothing was charged. Choose another way to pay.' }),
  pending: msg({ message: 'Your bank is confirming the payment. This can take a minute; you can stay on this page.' }),
  approved: msg({ message: 'Your payment is confirmed.' }),
  failed: msg({ message: 'The payment could not be completed. Try again, or choose another way to pay.' }),
  unknown: msg({ message: 'We could not confirm your payment. Try again to check it: you will not be charged twice.' }),
};

/** The choices' short lines of what happens next (issue 38), shown under each method's name. */
const LINES: Record<RedirectMethodType, MessageDescriptor> = {
  IDEAL: msg({
    message: "Pay in your bank's app or website. You come back here after.",
    comment: 'Under the payment method iDEAL: what happens when the buyer chooses it',
  }),
  BANCONTACT: msg({
    message: 'Pay with the Bancontact app or card. You come back here after.',
    comment: 'Under the payment method Bancontact (a brand name): what happens when the buyer chooses it',
  }),
  KLARNA: msg({
    message: 'Pay later in 30 days, or in 3 parts. You choose at Klarna.',
    comment: 'Under the payment method Klarna (a brand name): what happens when the buyer chooses it',
  }),
};

type Phase = 'idle' | 'waiting' | 'blocked' | 'cancelled' | 'closed' | 'failed' | 'unknown';

/**
 * Target and features of the method's window: a popup beside the page, `_blank` and never a name
 * (security review 2026-11-28 M3, as PayPal's): a named window could be looked up by any page the
 * frame is embedded in. Without `noopener`: the page posts the buyer's answer to its opener.
 */
export const REDIRECT_WINDOW = { target: '_blank', features: 'popup,width=480,height=640' };

/** Props of {@link RedirectPanel}. */
export interface RedirectPanelProps {
  method: LocalMethodType;
  session: LocalSession;
  /** The chunk's translator, switched to the store's language as it changes. */
  words: Translator;
}

/**
 * What iDEAL, Bancontact and Klarna show (issue 38): "Pay with {method}". Its click opens the
 * method's window AT ONCE (`window.open` in the click handler, before any request), then makes the
 * charge exactly once (createPayment's `chargeInWidget`) and sends the window to its page, only on
 * the frame build's payments origin (redirectFlow.ts), while the form is locked and the seat hold
 * waits (`hold.paying`). Approved or declined: the result to `pay` and, once, to `onPaymentResult`;
 * PENDING: "Your bank is confirming the payment…" while the charge is watched, then its outcome.
 * Cancelled or the window closed: nothing charged, the choices again with a message. A blocked
 * window (`window.open` gave null): a message and "Open {method}", which opens it on the next click.
 */
export function RedirectPanel(props: RedirectPanelProps) {
  const { session, words, method } = props;
  const { store } = session;
  const { i18n } = words;
  const label = LOCAL_METHOD_LABELS[method];
  const say = (words: MessageDescriptor) => i18n._({ ...words, values: { method: label } });
  const { locked, locale } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const local = useSyncExternalStore(session.subscribe, session.state);
  const [, rendered] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    words.use(locale).then(rendered, () => undefined);
  }, [words, locale]);
  const [phase, setPhase] = useState<Phase>('idle');
  /** The window the panel opened last: only the panel holds it (no name to look it up by). */
  const opened = useRef<Window | null>(null);
  const lock = (on: boolean) => store.setLocked(on || session.payment().openOrder() !== undefined);

  const start = () => {
    const { orderId, paymentsOrigin } = session.current();
    if (orderId === undefined || phase === 'waiting' || locked) return;
    const win = window;
    const previous = opened.current;
    const popup = previous && !previous.closed ? previous : win.open('', REDIRECT_WINDOW.target, REDIRECT_WINDOW.features);
    if (!popup) {
      setPhase('blocked');
      return;
    }
    opened.current = popup;
    if (popup === previous) popup.focus();
    setPhase('waiting');
    lock(true);
    session.hold.paying(orderId);
    const result = runRedirect({
      popup,
      charge: () => session.payment().chargeInWidget(orderId, { paymentMethod: method }),
      api: session.api,
      paymentsOrigin,
      win,
      invalidResponse: session.kit.invalidResponse,
    }).then(
      (end): PayResult => {
        lock(false);
        if (end.outcome !== 'settled') {
          session.payment().keep(orderId, { status: 'INVALID', errors: {} });
          session.hold.settled(orderId, false);
          setPhase(end.outcome);
          return { status: 'INVALID', errors: {} };
        }
        setPhase('idle');
        return session.finish(orderId, end.charge);
      },
      (error: unknown) => {
        lock(false);
        session.hold.settled(orderId, false);
        const failure = session.kit.asCashierError(error);
        // The charge's reply was lost and the order's charges could not tell: not "nothing charged".
        setPhase(failure.code === 'PAYMENT_OUTCOME_UNKNOWN' ? 'unknown' : 'failed');
        throw failure;
      },
    );
    result.catch(() => undefined); // `pay` reports it; the panel shows it
    session.onStart({ orderId, result });
  };

  const mine = local?.method === method ? local.phase : undefined;
  const notice = mine ?? (phase === 'idle' || phase === 'waiting' ? undefined : phase);
  return (
    <div style={styles.panel}>
      {phase === 'waiting' ? (
        <p role="status" className={C.notice} style={styles.text}>
          {say(WORDS.waiting)}
        </p>
      ) : (
        mine !== 'approved' &&
        mine !== 'pending' && (
          <button type="button" className={C.button} style={styles.button} disabled={locked} onClick={start}>
            {say(phase === 'blocked' ? WORDS.open : WORDS.pay)}
          </button>
        )
      )}
      {notice && (
        <p role={notice === 'approved' || notice === 'pending' ? 'status' : 'alert'} className={C.notice} style={styles.text}>
          {say(WORDS[notice])}
        </p>
      )}
    </div>
  );
}

/**
 * The `local-redirect` chunk's entry for createLocalMethods: the panel with its own translator,
 * the choices' short lines and the decline's words, in the language `use(locale)` fetched (English
 * when it cannot be: the panel never flashes English first once `use` settled).
 */
function createRedirectChunk(): LocalChunk {
  const words = createRedirectI18n();
  const say = (descriptor: MessageDescriptor, method: LocalMethodType) =>
    words.i18n._({ ...descriptor, values: { method: LOCAL_METHOD_LABELS[method] } });
  return {
    Panel: (props) => <RedirectPanel {...props} words={words} />,
    describe: (type) => (type === 'BLIK' ? undefined : words.i18n._(LINES[type])),
    declined: (method) => say(WORDS.declined, method),
    use: (locale) => words.use(locale).catch(() => undefined),
  };
}

/** The chunk's one instance (the module is fetched once per frame). */
export const redirectChunk: LocalChunk = createRedirectChunk();

const styles: Record<string, CSSProperties> = {
  panel: { display: 'flex', flexDirection: 'column', gap: space(2) },
  button: { minHeight: 44, paddingBlock: space(2), paddingInline: space(4), font: 'inherit', fontWeight: 600, cursor: 'pointer' },
  text: { margin: 0, fontSize: fontSize(14) },
};
