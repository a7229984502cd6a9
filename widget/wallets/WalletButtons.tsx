import { msg } from '@lingui/core/macro';
import { type CSSProperties, type ReactElement, useEffect, useReducer, useState, useSyncExternalStore } from 'react';
import type { WalletType } from '../../shared/wallets';
import { APPEARANCE_CLASSES as C, fontSize, space } from '../appearance';
import type { Translator } from '../i18n/createTranslator';
import {
  type ApplePaySessionClass,
  createWalletCalls,
  type PaymentRequestClass,
  runApplePay,
  runGooglePay,
  settleWithToken,
  type WalletEnd,
  type WalletSheet,
} from './walletFlow';
import { createWalletI18n } from './walletI18n';
import type { WalletDeps, WalletKit, WalletOffer } from './walletKit';

/** The buttons' words (issue 25 item 4): their own catalog (`wallets/locales/`), translated when shown. */
const WORDS = {
  APPLE_PAY: msg({ message: 'Pay with Apple Pay', comment: 'Button: opens the Apple Pay sheet (Apple Pay is a brand name)' }),
  GOOGLE_PAY: msg({ message: 'Pay with Google Pay', comment: 'Button: opens the Google Pay sheet (Google Pay is a brand name)' }),
  open: msg`Finish the payment in your wallet. Nothing is charged until you confirm it there.`,
  cancelled: msg`You closed your wallet before paying, so nothing was charged. Choose how you want to pay.`,
  declined: msg`Your wallet's card was declined, so nothing was charged. Try another card or another way to pay.`,
  paidElsewhere: msg`This order is already paid, so your wallet was not charged.`,
  failed: msg`The wallet payment could not be completed, so nothing was charged. Try again, or choose another way to pay.`,
  unknown: msg`We could not confirm your payment. Try again to check it: you will not be charged twice.`,
  approved: msg`Your wallet payment was approved.`,
};

/** A refund because the hold ended shows no words of its own: the hold's notice says the time ran out. */
type Phase = 'idle' | 'open' | Exclude<WalletEnd['outcome'], 'refunded'>;

/** Props of {@link WalletButtons}. */
export interface WalletButtonsProps extends WalletDeps {
  /** The order and the wallets to show (offered by the order and available in the browser). */
  offer: WalletOffer;
  /** The bundle's paths and guards (`WALLET_KIT`). */
  kit: WalletKit;
  /** The buttons' translator ({@link loadWalletButtons}), switched to the store's language as it changes. */
  words: Translator;
}

/**
 * The wallets chunk's entry for `React.lazy`: the buttons with their own translator, whose words in
 * `locale` (BCP 47) are loaded before they show. A catalog that cannot be fetched leaves them in English.
 */
export async function loadWalletButtons(
  locale: string,
): Promise<{ default: (props: Omit<WalletButtonsProps, 'words'>) => ReactElement }> {
  const words = createWalletI18n();
  await words.use(locale).catch(() => undefined);
  return { default: (props) => <WalletButtons {...props} words={words} /> };
}

/**
 * The wallet buttons (issue 25 item 4). On show they read what the sheets need (the express checkout
 * settings, the order's total, Google Pay start); a button is enabled once that is in. Its click
 * creates the ApplePaySession or calls `PaymentRequest.show()` synchronously (the user gesture),
 * then the flow (walletFlow.ts) runs while the form is locked, its charge through `captureInWidget`
 * (a later `pay` for the order resolves with its result). Approved: the seat hold and the host's
 * `onPaymentResult`; declined: `onPaymentResult` too; cancelled, failed or paid elsewhere: nothing
 * charged, a message; unknown: a message that says so (the next `pay` reads the order's charges).
 * Refunded because the hold ended (issue 37): `onPaymentResult` REFUNDED_HOLD_EXPIRED with the
 * message `pay` gives it. The seat hold waits while the sheet shows (`hold.paying`).
 */
export function WalletButtons(props: WalletButtonsProps) {
  const { store, current, kit, words, offer } = props;
  const { i18n } = words;
  const { locked, locale } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [, rendered] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    words.use(locale).then(rendered, () => undefined);
  }, [words, locale]);
  const [phase, setPhase] = useState<Phase>('idle');
  const [sheet, setSheet] = useState<WalletSheet>();
  const calls = createWalletCalls(current().providerClient, kit);
  const { orderId, wallets } = offer;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per order (the slot keys the buttons by order).
  useEffect(() => {
    const google = wallets.includes('GOOGLE_PAY') ? calls.startGooglePay(orderId).catch(() => undefined) : undefined;
    Promise.all([calls.settings(), calls.total(orderId), google]).then(
      ([settings, total, googlePay]) => setSheet({ settings, total, ...(googlePay ? { googlePay } : {}) }),
      () => setPhase('failed'),
    );
  }, [orderId]);

  const lock = (on: boolean) => store.setLocked(on || props.payment().openOrder() !== undefined);
  const win = (props.win ?? window) as { ApplePaySession?: ApplePaySessionClass; PaymentRequest?: PaymentRequestClass };

  const start = (wallet: WalletType) => {
    if (!sheet || phase === 'open' || locked || props.payment().openOrder() !== undefined) return;
    // The vault checks the token against the order: Google Pay's carries the signed amount its sheet showed.
    const amount = wallet === 'GOOGLE_PAY' && sheet.googlePay ? { amount: sheet.googlePay } : {};
    const settle = (token: unknown) =>
      settleWithToken(calls, { wallet, orderId, token, ...amount }, props.payment().captureInWidget);
    let run: Promise<WalletEnd>;
    try {
      // No await before this: the sheet opens in the click (Safari's and Chrome's user gesture).
      run =
        wallet === 'APPLE_PAY' && win.ApplePaySession
          ? runApplePay(win.ApplePaySession, sheet, (url) => calls.validateApplePay(url, orderId), settle)
          : wallet === 'GOOGLE_PAY' && win.PaymentRequest && sheet.googlePay
            ? runGooglePay(win.PaymentRequest, { ...sheet, googlePay: sheet.googlePay }, settle)
            : Promise.resolve({ outcome: 'failed', error: new Error(`${wallet} is not available.`) });
    } catch (error) {
      run = Promise.resolve({ outcome: 'failed', error });
    }
    setPhase('open');
    lock(true);
    props.hold.paying(orderId);
    void run.then((end) => {
      lock(false);
      setPhase(end.outcome === 'refunded' ? 'idle' : end.outcome);
      props.hold.settled(orderId, end.outcome === 'approved');
      if (!('result' in end)) return;
      const { result } = end;
      current().onPaymentResult?.(
        result.status === 'DECLINED' ? { ...result, message: i18n._(WORDS.declined) } : props.told(result),
      );
    });
  };

  const notice = phase === 'idle' ? undefined : WORDS[phase];
  return (
    <div style={styles.panel}>
      {phase !== 'approved' &&
        wallets.map((wallet) => (
          <button
            key={wallet}
            type="button"
            // Their colours are the form's CSS (CardForm.tsx): black, or white on a dark scheme.
            className={wallet === 'GOOGLE_PAY' ? 'cw-wallet cw-wallet-google' : 'cw-wallet'}
            style={styles.button}
            disabled={locked || !sheet || phase === 'open'}
            onClick={() => start(wallet)}
          >
            {i18n._(WORDS[wallet])}
          </button>
        ))}
      {notice && (
        <p role={phase === 'open' || phase === 'approved' ? 'status' : 'alert'} className={C.notice} style={styles.text}>
          {i18n._(notice)}
        </p>
      )}
    </div>
  );
}

const styles: Record<string, CSSProperties> = {
  panel: { display: 'flex', flexDirection: 'column', gap: space(2) },
  // The brands' shape, whatever the appearance; only the spacing follows it.
  button: {
    minHeight: 44,
    paddingBlock: space(2),
    paddingInline: space(4),
    border: 0,
    borderRadius: 8,
    font: 'inherit',
    fontWeight: 600,
    cursor: 'pointer',
  },
  text: { margin: 0, fontSize: fontSize(14) },
};
