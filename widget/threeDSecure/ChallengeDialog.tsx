import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type RefObject, useEffect, useRef } from 'react';
import { APPEARANCE_CLASSES as C, fontSize, LINE_HEIGHT, space, token } from '../appearance';

/** The dialog's accessible name (issue 22: in English it begins "Confirm your payment"), translated when shown. */
export const CHALLENGE_TITLE = msg`Confirm your payment`;

/** The nested iframe's title: what it holds, translated when shown. */
export const CHALLENGE_FRAME_TITLE = msg`Your bank's payment confirmation`;

/**
 * The nested iframe's sandbox, exactly (docs/deploy.md): the bank's page runs its scripts
 * (`allow-scripts`) as its own origin, the vault's (`allow-same-origin`: it posts the buyer's answer
 * to the vault and its message carries that origin), and submits its form (`allow-forms`). Nothing
 * else: no popups, no top navigation, no `allow` features.
 */
export const CHALLENGE_SANDBOX = 'allow-scripts allow-same-origin allow-forms';

/**
 * Phones get the whole frame viewport (the bank's page as wide as the screen, no sideways scroll);
 * a viewport of at least 480 × 560 CSS px (CHALLENGE_BOX_PX) a centred 440 px box whose bank page
 * is at least 406 × 400. The bank's page shrinks in height, never in width, when less fits.
 */
const RADIUS = token('borderRadius');
const CHALLENGE_CSS = [
  '.cw-3ds-backdrop{position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:rgba(15,23,42,.55)}',
  // The dialog is a surface like a field's: the appearance's field background (white by default).
  `.cw-3ds-dialog{box-sizing:border-box;display:flex;flex-direction:column;gap:${space(2)};width:100%;height:100%;max-height:100%;padding:${space(2)};overflow:hidden auto;background:${token('colorInputBackground')};color:${token('colorText')};font-family:${token('fontFamily')};line-height:${LINE_HEIGHT}}`,
  '.cw-3ds-dialog:focus{outline:none}',
  `.cw-3ds-title{margin:0;font-size:${fontSize(17)}}`,
  `.cw-3ds-text{margin:0;font-size:${fontSize(14)}}`,
  // The bank page's frame keeps its light grey edge (no token is that colour); its radius is 2/3 of the theme's (4 px).
  `.cw-3ds-frame{display:block;box-sizing:border-box;width:100%;flex:1 1 400px;min-height:240px;border:1px solid #c5ccd3;border-radius:calc(${RADIUS} * 2 / 3)}`,
  `.cw-3ds-cancel{align-self:flex-end;font:inherit;font-size:${token('fontSizeBase')};padding:${space(2)} ${space(4)};min-height:44px;border:1px solid ${token('colorBorder')};border-radius:${RADIUS};background:${token('colorInputBackground')};color:${token('colorText')};cursor:pointer}`,
  `.cw-3ds-cancel:focus-visible{outline:3px solid ${token('focusRing')};outline-offset:2px}`,
  `@media (min-width:480px) and (min-height:560px){.cw-3ds-dialog{width:440px;height:auto;max-height:calc(100% - 32px);padding:${space(4)};border-radius:calc(${RADIUS} * 4 / 3)}.cw-3ds-frame{flex:0 0 400px;height:400px}}`,
].join('');

/** Props of {@link ChallengeDialog}. */
export interface ChallengeDialogProps {
  /** The bank's challenge page (on the vault origin: checked by the provider client before it gets here). */
  url: string;
  /** The mount's translator, in the buyer's language (issue 23). */
  i18n: I18n;
  /** Unique prefix for element ids. */
  idPrefix: string;
  /** The buyer closed the dialog: Cancel, or Escape. */
  onCancel: () => void;
  /** Receives the nested iframe, whose window alone may trigger a read of the outcome. */
  frameRef: RefObject<HTMLIFrameElement | null>;
}

/**
 * The 3-D Secure challenge (issue 22): a modal dialog named "Confirm your payment" holding the
 * bank's page in a sandboxed iframe, and a Cancel button. Focus moves into the dialog when it
 * opens and stays there (Tab and Shift+Tab wrap; the form behind it is inert); Escape cancels
 * while focus is in the dialog's own elements (a key pressed inside the bank's page stays there).
 */
export function ChallengeDialog({ url, i18n, idPrefix, onCancel, frameRef }: ChallengeDialogProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    dialog.current?.focus();
  }, []);
  const titleId = `${idPrefix}-3ds-title`;
  const textId = `${idPrefix}-3ds-text`;
  return (
    <div className="cw-3ds-backdrop">
      <style>{CHALLENGE_CSS}</style>
      {/* Focus guards (as react-focus-lock's): Shift+Tab from the first stop wraps to the last. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/noNoninteractiveTabindex: a focus guard, never focused for long */}
      <span tabIndex={0} onFocus={() => cancel.current?.focus()} />
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        tabIndex={-1}
        className={`cw-3ds-dialog ${C.dialog}`}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.preventDefault();
          onCancel();
        }}
      >
        <h2 id={titleId} className="cw-3ds-title">
          {i18n._(CHALLENGE_TITLE)}
        </h2>
        <p id={textId} className="cw-3ds-text">
          {i18n._(
            msg`Your bank asks you to confirm this payment. Follow the steps below, or cancel to choose another way to pay.`,
          )}
        </p>
        <iframe
          ref={frameRef}
          src={url}
          title={i18n._(CHALLENGE_FRAME_TITLE)}
          sandbox={CHALLENGE_SANDBOX}
          className="cw-3ds-frame"
        />
        <button ref={cancel} type="button" className={`cw-3ds-cancel ${C.button}`} onClick={onCancel}>
          {i18n._(msg`Cancel`)}
        </button>
      </div>
      {/* Tab from the last stop wraps to the dialog, whose next stop is the bank's page. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/noNoninteractiveTabindex: a focus guard, never focused for long */}
      <span tabIndex={0} onFocus={() => dialog.current?.focus()} />
    </div>
  );
}
