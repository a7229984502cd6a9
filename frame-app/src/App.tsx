import { useSyncExternalStore } from 'react';
import type { LoaderState } from './createLoader';
import { ErrorAlert } from './ErrorAlert';

/** A read-only view of the loader: its state store. */
export interface LoaderView {
  getSnapshot(): LoaderState;
  subscribe(listener: () => void): () => void;
}

/**
 * The frame's React shell (spec 2, 4): renders nothing while waiting or once the bundle is
 * mounted (the bundle renders itself, outside React), and the alert when failed.
 */
export function App({ loader, theme }: { loader: LoaderView; theme: string }) {
  const state = useSyncExternalStore(loader.subscribe, loader.getSnapshot);
  return state.status === 'failed' ? <ErrorAlert theme={theme} /> : null;
}
