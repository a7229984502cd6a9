import { CallOptions } from 'penpal';
import { createRoot } from 'react-dom/client';
import { BOOTSTRAP_CALL_TIMEOUT_MS, CashierError, ErrorCode, parseStaticsAllowlist } from '../../shared';
import { App } from './App';
import { connectToHost } from './connectToHost';
import { createApiRelay } from './createApiRelay';
import { createHostPort } from './createHostPort';
import { createLoader, type LoaderState } from './createLoader';
import { loadBundle } from './loadBundle';
import { observeHeight } from './observeHeight';
import { parseBootstrap } from './parseBootstrap';
import { resolveParentOrigin } from './resolveParentOrigin';

// The frame app's entry: confirm who embeds us, connect, ask for the widget inputs, load.
// The loader starts before React renders anything, so the critical path never waits on React.

const rootElement = document.getElementById('root') as HTMLElement;
const container = document.getElementById('cashier-widget') as HTMLElement;
const showState = (state: LoaderState) => {
  document.documentElement.dataset.loaderState = state.status;
};

/** Shows the alert when we cannot even reach the host (no one to tell through onCrash). */
function failAlone(error: CashierError, theme = 'inline') {
  const failed: LoaderState = { status: 'failed', error };
  showState(failed);
  createRoot(rootElement).render(<App loader={{ getSnapshot: () => failed, subscribe: () => () => undefined }} theme={theme} />);
}

async function run() {
  let parentOrigin: string;
  try {
    parentOrigin = resolveParentOrigin({
      search: location.search,
      ancestorOrigins: location.ancestorOrigins,
      referrer: document.referrer,
      framed: window.parent !== window,
    });
  } catch (error) {
    failAlone(error instanceof CashierError ? error : new CashierError(ErrorCode.ParentOriginMismatch, String(error)));
    return;
  }

  const relay = createApiRelay();
  const connection = connectToHost(parentOrigin, { callApi: relay.callApi });
  let host: Awaited<typeof connection.promise>;
  let bootstrap: ReturnType<typeof parseBootstrap>;
  try {
    host = await connection.promise;
    bootstrap = parseBootstrap(await host.getBootstrap(new CallOptions({ timeout: BOOTSTRAP_CALL_TIMEOUT_MS })));
  } catch (error) {
    // Malformed widget inputs keep their own code (INVALID_RESPONSE); anything else means the
    // host did not answer.
    const cause = error instanceof Error ? error.message : String(error);
    const failure =
      error instanceof CashierError
        ? error
        : new CashierError(ErrorCode.ConnectionFailed, `The frame could not reach the host page: ${cause}`);
    failAlone(failure);
    connection.promise.then((h) => h.onCrash(failure.toJSON())).catch(() => undefined);
    return;
  }

  const loader = createLoader({
    bootstrap,
    host: createHostPort(host),
    container,
    allowlist: parseStaticsAllowlist(import.meta.env.VITE_CASHIER_STATICS_ORIGINS),
    loadBundle,
    relay,
  });
  const stopObserving = observeHeight(document, (height) => {
    host.onResize(height).catch(() => undefined);
  });
  showState(loader.getSnapshot());
  loader.subscribe(() => showState(loader.getSnapshot()));
  // The host removes the iframe on destroy; `pagehide` covers navigations of our own.
  window.addEventListener(
    'pagehide',
    () => {
      stopObserving();
      loader.stop();
    },
    { once: true },
  );
  const started = loader.start();
  createRoot(rootElement).render(<App loader={loader} theme={bootstrap.theme} />);
  await started;
}

void run();
