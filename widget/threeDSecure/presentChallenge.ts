import type { RefObject } from 'react';
import { CHALLENGE_BOX_PX, type ChallengePresentation } from '../../shared';
import type { FormStore } from '../createFormStore';
import type { ChallengeDeps } from './awaitChallenge';

/** What {@link presentChallenge} shows the challenge with. */
export interface PresentChallengeDeps {
  store: FormStore;
  /** The challenge's iframe once rendered (ChallengeLayer). */
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** The frame document. */
  doc: Document;
  /** Tells the frame, and through it the host (pay timeout, overlay); the bundle prop `onChallenge`. */
  onChallenge: (state: ChallengePresentation) => void;
  /** Where focus goes once the dialog closed, when it was in the dialog: the card form. */
  focusForm: () => void;
}

/**
 * The `show` of awaitChallenge for the widget (issue 22): puts the challenge in the store (the
 * dialog renders it) and tells the host it is open, asking for the whole viewport when the frame's
 * is smaller than CHALLENGE_BOX_PX; `close()` removes it, gives the room back, and returns focus
 * to the card form if the buyer's focus was in the dialog.
 */
export function presentChallenge(deps: PresentChallengeDeps): ChallengeDeps['show'] {
  return (url, cancel) => {
    const win = deps.doc.defaultView;
    const overlay = !win || win.innerWidth < CHALLENGE_BOX_PX.width || win.innerHeight < CHALLENGE_BOX_PX.height;
    deps.onChallenge({ open: true, overlay });
    deps.store.setChallenge({ url, cancel });
    return {
      source: () => deps.frameRef.current?.contentWindow,
      close() {
        const focused = deps.doc.activeElement;
        const inDialog = focused instanceof Element && focused.closest('.cw-3ds-backdrop') !== null;
        deps.store.setChallenge(undefined);
        deps.onChallenge({ open: false });
        // After React removed the dialog and the form is no longer inert.
        if (inDialog) setTimeout(deps.focusForm, 0);
      },
    };
  };
}
