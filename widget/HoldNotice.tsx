import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type CSSProperties, useEffect, useRef } from 'react';
import { APPEARANCE_CLASSES as C, fontSize, space } from './appearance';
import type { FormSnapshot } from './createFormStore';
import { fieldStyles } from './FormField';
import type { Message } from './i18n/createTranslator';

/** What the widget says once the order's seat hold has run out (issue 24); it also describes the locked fields. */
export const HOLD_EXPIRED = msg`The time to pay has run out: your tickets are no longer held.`;

/** Shown in place of the time while a payment is under way (issue 37): the provider keeps the seats until it settles. */
export const FINISHING = msg({
  message: 'Finishing your payment…',
  comment: 'Shown in place of the time left to pay while the payment is being completed (the tickets stay held meanwhile)',
});

/** The seconds left from which the buyer is offered more time (issue 37): the 1-minute milestone. */
export const EXTEND_AT = 60;

/** The action that asks for more time (issue 37). */
export const KEEP_LONGER = msg({
  message: 'Keep my tickets longer',
  comment: 'A button under the time left to pay: asks for more time before the held tickets are released',
});
/** Said with the 1-minute milestone when more time may be asked for (issue 37). */
export const MORE_TIME_OFFERED = msg({
  message: 'Need more time? Use the button “Keep my tickets longer”.',
  comment: 'Read by screen readers right after "Your tickets are held for 1 more minute."; quote the button’s own words',
});
/** Said plainly when no more time can be given (issue 37). */
export const NO_MORE_TIME = msg`No more time can be added: your tickets stay held until the time shown runs out.`;
/** Said when an ask for more time got no answer (issue 37); the action stays. */
export const EXTEND_FAILED = msg`Your tickets could not be held longer just now. Please try again.`;

/** The announcements at 5 minutes left and at 1 minute left (seconds), largest first. */
const MILESTONES = [
  [300, msg`Your tickets are held for 5 more minutes.`],
  [EXTEND_AT, msg`Your tickets are held for 1 more minute.`],
] as const;

/**
 * `seconds` as "m:ss" (e.g. "9:05"), in Latin digits in every language: the catalogs write their
 * numbers so ("5 دقائق"), and so do the card number and the expiry beside it. `numberingSystem` is
 * pinned because a locale's default differs between ICU versions (plain `ar` gave "٩:٠٥" in older
 * ones; `ar-EG` and `ar-SA` still do).
 */
export function formatHoldTime(seconds: number, locale: string): string {
  const digits = (min: number, n: number) =>
    new Intl.NumberFormat(locale, { minimumIntegerDigits: min, numberingSystem: 'latn' }).format(n);
  return `${digits(1, Math.floor(seconds / 60))}:${digits(2, seconds % 60)}`;
}

/** Props of {@link HoldNotice}. */
export interface HoldNoticeProps {
  /** The seat hold (FormSnapshot.hold): nothing is shown without one. */
  hold: NonNullable<FormSnapshot['hold']>;
  /** The mount's translator, active in `locale`. */
  i18n: I18n;
  /** The shipped locale the digits are written in. */
  locale: string;
  /** The buyer pressed "Keep my tickets longer" (issue 37: createHold's `extend`). */
  onExtend?: () => void;
}

/**
 * The seat hold's time left (issue 24), calm: the visible "Your tickets are held for m:ss" is no
 * live region, so it is read only when the buyer reaches it; a polite live region, visually
 * hidden, changes only when the count passes 5 minutes left, 1 minute left, and at expiry, so a
 * screen reader announces just those. Once expired, the expiry message shows instead of the time.
 * From 1 minute left (issue 37), while the order allows more time, the "Keep my tickets longer"
 * button follows the time (the next stop in focus order), and the 1-minute announcement names it;
 * when the provider grants it, the new time is announced and the focus the button had goes to the
 * time; when no more time can be given, or an ask failed, that is said (shown and announced).
 * While a payment is under way (`hold.finishing`, issue 37) "Finishing your payment…" shows in place
 * of the time, with no offer and no milestone said: the provider keeps the seats until it settles.
 */
export function HoldNotice({ hold, i18n, locale, onExtend }: HoldNoticeProps) {
  const { secondsLeft, expired, extension, finishing } = hold;
  const time = formatHoldTime(secondsLeft, locale);
  const offer = !expired && !finishing && secondsLeft <= EXTEND_AT ? extension : undefined;
  // What the live region says: set when the count passes a milestone (a hold that starts under 5
  // minutes never claims 5), or when an ask for more time settles.
  const said = useRef<Message[]>([]);
  const last = useRef({ secondsLeft, status: extension?.status, granted: extension?.granted });
  const timeRef = useRef<HTMLParagraphElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  for (const [at, message] of MILESTONES) {
    // While a payment is finishing the time is not the buyer's to watch: its milestones are not said.
    if (!finishing && last.current.secondsLeft > at && secondsLeft <= at) {
      const next = at === EXTEND_AT ? offer?.status : undefined;
      said.current = next === 'offer' ? [message, MORE_TIME_OFFERED] : next === 'none' ? [message, NO_MORE_TIME] : [message];
    }
  }
  const granted = extension !== undefined && extension.granted !== last.current.granted;
  if (granted) said.current = [msg`Your tickets are held for ${time}`];
  else if (offer && offer.status !== last.current.status && (offer.status === 'none' || offer.status === 'failed'))
    said.current = [offer.status === 'none' ? NO_MORE_TIME : EXTEND_FAILED];
  last.current = { secondsLeft, status: extension?.status, granted: extension?.granted };
  const announced = expired ? [HOLD_EXPIRED] : said.current;
  // The button goes once the time is granted (or none is left): the focus it had goes to the time, not the page.
  useEffect(() => {
    if (hadFocus.current && !button.current) {
      hadFocus.current = false;
      timeRef.current?.focus();
    }
  });
  const asking = offer?.status === 'asking';
  return (
    <>
      <p ref={timeRef} tabIndex={-1} className={C.notice} style={expired ? fieldStyles.notice : styles.left}>
        {i18n._(expired ? HOLD_EXPIRED : finishing ? FINISHING : msg`Your tickets are held for ${time}`)}
      </p>
      {(offer?.status === 'none' || offer?.status === 'failed') && (
        <p className={C.notice} style={fieldStyles.note}>
          {i18n._(offer.status === 'none' ? NO_MORE_TIME : EXTEND_FAILED)}
        </p>
      )}
      {offer && offer.status !== 'none' && (
        <button
          ref={button}
          type="button"
          className={`cw-hold ${C.button}`}
          style={styles.button}
          aria-disabled={asking}
          onClick={() => {
            hadFocus.current = true;
            if (!asking) onExtend?.();
          }}
        >
          {i18n._(KEEP_LONGER)}
        </button>
      )}
      <p role="status" style={fieldStyles.visuallyHidden}>
        {announced.length > 0 && announced.map((m) => i18n._(m)).join(' ')}
      </p>
    </>
  );
}

const styles: Record<string, CSSProperties> = {
  left: { margin: 0, fontSize: fontSize(14), fontVariantNumeric: 'tabular-nums', outline: 'none' },
  button: {
    alignSelf: 'flex-start',
    minHeight: 44,
    padding: `${space(2)} ${space(4)}`,
    font: 'inherit',
    fontSize: fontSize(14),
    cursor: 'pointer',
  },
};
