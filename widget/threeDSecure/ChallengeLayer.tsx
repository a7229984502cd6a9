import type { I18n } from '@lingui/core';
import { type RefObject, useSyncExternalStore } from 'react';
import type { FormStore } from '../createFormStore';
import { ChallengeDialog } from './ChallengeDialog';

/** Props of {@link ChallengeLayer}. */
export interface ChallengeLayerProps {
  store: FormStore;
  /** The mount's translator, in the buyer's language (issue 23). */
  i18n: I18n;
  /** Prefix for element ids, unique per mount. */
  idPrefix: string;
  /** Receives the challenge's iframe while it is on screen. */
  frameRef: RefObject<HTMLIFrameElement | null>;
}

/** Renders the store's open 3-D Secure challenge ({@link ChallengeDialog}), or nothing. */
export function ChallengeLayer({ store, i18n, idPrefix, frameRef }: ChallengeLayerProps) {
  const { challenge } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  if (!challenge) return null;
  return <ChallengeDialog url={challenge.url} i18n={i18n} idPrefix={idPrefix} onCancel={challenge.cancel} frameRef={frameRef} />;
}
