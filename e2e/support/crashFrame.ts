import type { CDPSession, Frame, Page } from '@playwright/test';

/** Evaluates `expression` (an expression of the page's own JavaScript, as text) in the host page; resolves to its JSON value. */
export type HostEvaluate = <T>(expression: string) => Promise<T>;

/** A frame renderer crash, ready to go, and the host page's evaluate for after it. */
export interface FrameCrash {
  /** Crashes the frame's renderer; resolves once the command is sent (it never answers). */
  crash: () => Promise<void>;
  /** Evaluates in the host page, crash or not (Playwright's own `page.evaluate` fails after it). */
  evaluate: HostEvaluate;
}

/**
 * Chromium only: gets ready to crash the renderer process of the cross-site `frame` (an
 * out-of-process iframe, site isolation being on) with CDP's `Page.crash` on the frame's own
 * target, the way a renderer dies of a bug or of memory. The host page lives on in its own process.
 *
 * Playwright then marks the whole page as crashed and closes its sessions (it does not tell a
 * frame's target from the page's), so `page.evaluate` no longer works: `evaluate` runs in the host
 * page over a browser-level CDP session attached to the page's target. Everything is set up here,
 * so that `crash()` is one command: a test times the loss from just before it.
 */
export async function prepareFrameCrash(page: Page, frame: Frame): Promise<FrameCrash> {
  const browser = page.context().browser();
  if (!browser) throw new Error('prepareFrameCrash: the page has no browser');
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send('Target.getTargets');
  const pageTarget = targetInfos.find((target) => target.type === 'page' && target.url === page.url());
  if (!pageTarget) throw new Error(`prepareFrameCrash: no page target at ${page.url()}`);
  const { sessionId } = await session.send('Target.attachToTarget', { targetId: pageTarget.targetId, flatten: false });
  const frameSession = await page.context().newCDPSession(frame);
  return {
    crash: async () => {
      // Page.crash never answers (its target is gone): sent, not awaited.
      void frameSession.send('Page.crash').catch(() => undefined);
    },
    evaluate: (expression) => evaluateOver(session, sessionId, expression),
  };
}

let messageId = 0;

/** `Runtime.evaluate` in the target of `sessionId`, through the browser session (Target.sendMessageToTarget). */
async function evaluateOver<T>(session: CDPSession, sessionId: string, expression: string): Promise<T> {
  const id = ++messageId;
  const reply = new Promise<{ result?: { result: { value: T } }; error?: unknown }>((resolve) => {
    const onMessage = (event: { sessionId?: string; message: string }) => {
      const message = JSON.parse(event.message) as { id?: number };
      if (event.sessionId !== sessionId || message.id !== id) return;
      session.off('Target.receivedMessageFromTarget', onMessage);
      resolve(message as never);
    };
    session.on('Target.receivedMessageFromTarget', onMessage);
  });
  await session.send('Target.sendMessageToTarget', {
    sessionId,
    message: JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression, returnByValue: true, awaitPromise: true } }),
  });
  const { result, error } = await reply;
  if (!result) throw new Error(`host page evaluate failed: ${JSON.stringify(error)}`);
  return result.result.value;
}
