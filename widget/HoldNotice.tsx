import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type CSSProperties, useRef } from 'react';
import { APPEARANCE_CLASSES as C, fontSize } from './appearance';
import type { FormSnapshot } from './createFormStore';
import { fieldStyles } from './FormField';

/** What the widget says once the order's seat hold has run out (issue 24); it also describes the locked fields. */
export const HOLD_EXPIRED = msg`The time to pay has run out: your tickets are no longer held.`;

/** The announcements at 5 minutes left and at 1 minute left (seconds), largest first. */
const MILESTONES = [
  [300, msg`Your tickets are held for 5 more minutes.`],
  [60, msg`Your tickets are held for 1 more minute.`],
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
}

/**
 * The seat hold's time left (issue 24), calm: the visible "Your tickets are held for m:ss" is no
 * live region, so it is read only when the buyer reaches it; a polite live region, visually
 * hidden, changes only when the count passes 5 minutes left, 1 minute left, and at expiry, so a
 * screen reader announces just those. Once expired, the expiry message shows instead of the time.
 */
export function HoldNotice({ hold, i18n, locale }: HoldNoticeProps) {
  const { secondsLeft, expired } = hold;
  // A milestone is said when the count passes it (a hold that starts under 5 minutes never claims 5).
  const milestone = useRef<(typeof MILESTONES)[number][1]>(undefined);
  const last = useRef(secondsLeft);
  for (const [at, message] of MILESTONES) if (last.current > at && secondsLeft <= at) milestone.current = message;
  last.current = secondsLeft;
  const announced = expired ? HOLD_EXPIRED : milestone.current;
  const time = formatHoldTime(secondsLeft, locale);
  return (
    <>
      <p className={C.notice} style={expired ? fieldStyles.notice : styles.left}>
        {expired ? i18n._(HOLD_EXPIRED) : i18n._(msg`Your tickets are held for ${time}`)}
      </p>
      <p role="status" style={fieldStyles.visuallyHidden}>
        {announced && i18n._(announced)}
      </p>
    </>
  );
}

const styles: Record<string, CSSProperties> = {
  left: { margin: 0, fontSize: fontSize(14), fontVariantNumeric: 'tabular-nums' },
};
