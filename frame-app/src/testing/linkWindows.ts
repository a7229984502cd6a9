/**
 * A test's jsdom `window` as a frame inside a parent window of another origin, so that real
 * penpal can run on both sides of the bridge in a unit test (the browser tests in e2e/ do it
 * with real origins). jsdom's own `postMessage` gives its events no `origin`, `source` or
 * `ports`, and penpal needs all three; so a {@link WindowLink} carries messages the way a browser
 * does: as a task through a MessageChannel (structured clone, transferred ports), dropped when
 * `targetOrigin` is neither `*` nor the receiving window's origin, and dispatched as a `message`
 * event with the sender's origin and the sender as the receiver sees it (`source`).
 *
 * Both sides listen on the one jsdom window: penpal tells the frame's messages from the
 * parent's by `source`, as it does in a browser.
 */

/** A window as seen from another one: what penpal's WindowMessenger posts to. */
export type WindowHandle = Pick<Window, 'postMessage'>;

/** A message one side posted, as the link saw it. */
export interface PostedMessage {
  /** What was posted (before cloning). */
  data: unknown;
  /** The `targetOrigin` it was posted with. */
  targetOrigin: string;
  /** False when the receiving window's origin did not match `targetOrigin`: the browser drops it. */
  delivered: boolean;
}

/** The two windows of {@link linkWindows}. */
export interface WindowLink {
  /** The parent as the frame sees it: put it in place of the frame's `window.parent` (vi.stubGlobal). */
  parent: WindowHandle;
  /** The frame as the parent sees it: the `remoteWindow` of the parent side's WindowMessenger. */
  frame: WindowHandle;
  /** Everything the frame posted to the parent, in order. */
  sentByFrame: PostedMessage[];
  /** Everything the parent posted to the frame, in order. */
  sentByParent: PostedMessage[];
  /** Resolves once every message posted so far, and any posted while handling them, has been dispatched. */
  idle(): Promise<void>;
  /** Stops carrying messages (closes the channel). */
  close(): void;
}

interface Envelope {
  toFrame: boolean;
  data: unknown;
  ports: MessagePort[];
}

/**
 * Links the test's `window` (the frame, at `frameOrigin`) with a parent window at `parentOrigin`.
 * Call it again for another window around the same frame (a stranger): its messages carry its
 * own `source`, which is not the frame's `window.parent`.
 */
export function linkWindows({ frameOrigin, parentOrigin }: { frameOrigin: string; parentOrigin: string }): WindowLink {
  const channel = new MessageChannel();
  const sentByFrame: PostedMessage[] = [];
  const sentByParent: PostedMessage[] = [];
  let inFlight = 0;
  let idleWaiters: (() => void)[] = [];

  const parent: WindowHandle = { postMessage: (data: unknown, options?: unknown) => post(false, data, options) };
  const frame: WindowHandle = { postMessage: (data: unknown, options?: unknown) => post(true, data, options) };

  function post(toFrame: boolean, data: unknown, options: unknown) {
    const { targetOrigin, transfer } = postOptions(options, toFrame ? parentOrigin : frameOrigin);
    const delivered = targetOrigin === '*' || targetOrigin === (toFrame ? frameOrigin : parentOrigin);
    (toFrame ? sentByParent : sentByFrame).push({ data, targetOrigin, delivered });
    if (!delivered) return;
    inFlight += 1;
    const ports = transfer.filter((t): t is MessagePort => t instanceof MessagePort);
    channel.port1.postMessage({ toFrame, data, ports } satisfies Envelope, transfer);
  }

  channel.port2.addEventListener('message', ({ data: envelope }: MessageEvent<Envelope>) => {
    const event = new Event('message');
    Object.defineProperties(event, {
      data: { value: envelope.data },
      origin: { value: envelope.toFrame ? parentOrigin : frameOrigin },
      source: { value: envelope.toFrame ? parent : frame },
      ports: { value: envelope.ports },
    });
    try {
      window.dispatchEvent(event);
    } finally {
      inFlight -= 1;
      if (inFlight === 0) {
        for (const resolve of idleWaiters) resolve();
        idleWaiters = [];
      }
    }
  });
  channel.port2.start();

  return {
    parent,
    frame,
    sentByFrame,
    sentByParent,
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve))),
    close: () => channel.port1.close(),
  };
}

/** The second argument of `postMessage`, a target origin or `{ targetOrigin, transfer }`; `/` means the sender's origin. */
function postOptions(options: unknown, senderOrigin: string): { targetOrigin: string; transfer: Transferable[] } {
  const { targetOrigin = '/', transfer = [] } =
    typeof options === 'string' ? { targetOrigin: options } : ((options ?? {}) as WindowPostMessageOptions);
  return { targetOrigin: targetOrigin === '/' ? senderOrigin : targetOrigin, transfer };
}
