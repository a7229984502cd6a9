import { msg } from '@lingui/core/macro';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { APPEARANCE_CLASSES as C, fontSize } from '../../appearance';
import { fieldStyles } from '../../FormField';
import type { BlikConfirmProps } from './blikTypes';

/** The words the issue pins (issue 38): what the buyer does now. */
export const CONFIRM_IN_APP = msg({
  message: 'Confirm the payment in your banking app',
  comment: 'Shown after the BLIK code was sent: the buyer now approves the payment in their bank’s mobile app',
});

/** The time left to confirm, "{seconds} s left". */
const left = (seconds: number) =>
  msg({
    message: `${seconds} s left`,
    comment: 'Time left to confirm the BLIK payment in the banking app, counting down; "s" is the symbol for seconds',
  });

/** What is said when the countdown shows: the words and the time, as one sentence per language. */
const started = (seconds: number) =>
  msg({
    message: `Confirm the payment in your banking app. ${seconds} s left.`,
    comment: 'Read by screen readers once when the BLIK countdown appears: the two lines shown, as sentences',
  });

/** The seconds left at which the time is said again (after the start), largest first. */
const BLIK_MILESTONES = [60, 30, 10];

/**
 * "Confirm the payment in your banking app" with the seconds left (issue 38), counted each second on
 * the provider's clock (local clock + `skewMs`) down to `expiresAt`, and stopped at 0 s. The visible
 * time is no live region; a polite one (`role="status"`, visually hidden) says the words and the time
 * once just after it shows, then only the time as it passes 60, 30 and 10 s left (unless it said
 * something less than 5 s before), so a screen reader is not read a number every second. What happens at 0 is the payment's answer (`code_expired`).
 */
export function BlikConfirm({ expiresAt, skewMs, i18n, now = Date.now }: BlikConfirmProps) {
  const clock = useRef(now);
  clock.current = now;
  const [seconds, setSeconds] = useState(() => toSeconds(Date.parse(expiresAt) - skewMs - now()));
  /** What the live region says: the seconds it said last, and whether with the words (the start). */
  const [said, setSaid] = useState<[number, boolean]>();
  useEffect(() => {
    /** The end on the local clock. */
    const end = Date.parse(expiresAt) - skewMs;
    let timer: ReturnType<typeof setTimeout>;
    /** The seconds shown, and said, last. */
    let last: number | undefined;
    let saidAt = Number.POSITIVE_INFINITY;
    const tick = () => {
      const ms = end - clock.current();
      const next = toSeconds(ms);
      setSeconds(next);
      // Filled after the region is in the page (one inserted with its text is not read everywhere);
      // a milestone only 5 s after the last thing said is not said (started at 62 s: 30 s is next).
      const milestone = BLIK_MILESTONES.some((at) => (last as number) > at && next <= at && saidAt - next >= 5);
      if (last === undefined || milestone) {
        setSaid([next, last === undefined]);
        saidAt = next;
      }
      last = next;
      // The next tick when the count changes: on the second's edge, whenever this one ran.
      if (ms > 0) timer = setTimeout(tick, ms % 1000 || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [expiresAt, skewMs]);
  return (
    <div style={styles.box}>
      <p className={C.notice} style={fieldStyles.note}>
        {i18n._(CONFIRM_IN_APP)}
      </p>
      <p style={styles.left}>{i18n._(left(seconds))}</p>
      <p role="status" style={fieldStyles.visuallyHidden}>
        {said && i18n._((said[1] ? started : left)(said[0]))}
      </p>
    </div>
  );
}

/** Whole seconds left of `ms`, rounded up (1 s shows until the end), never below 0 (nor NaN). */
const toSeconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000)) || 0;

const styles: Record<string, CSSProperties> = {
  box: { display: 'flex', flexDirection: 'column', gap: 4 },
  left: { margin: 0, fontSize: fontSize(14), fontVariantNumeric: 'tabular-nums' },
};
