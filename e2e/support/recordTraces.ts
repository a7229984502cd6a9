import type { Cookie, Page } from '@playwright/test';
import { type FrameStorage, type InPageLine, installConsoleRecorder, readConsoleLines, readFrameStorage } from './inPageTraces';

/** A console line: from the browser (Playwright's `console` and `pageerror` events) or from a frame's own console wrapper. */
export interface ConsoleTrace {
  /** `browser`: what the engine reported to Playwright; `in-frame`: what the frame's wrapped `console` kept. */
  channel: 'browser' | 'in-frame';
  /** The frame's URL (in-frame), or the location the engine gave (browser; may be empty). */
  url: string;
  type: string;
  text: string;
}

/** One frame of the page as it was read at the end. */
export interface FrameTraces {
  url: string;
  /** The frame's own console lines; null when the recorder did not run there or the frame could not be read. */
  consoleLines: InPageLine[] | null;
  /** Its storage, or why the frame could not be read at all. */
  storage: FrameStorage | { unreadable: string };
}

/** Everything the page left behind where a secret must not be: logs, URLs, storage, cookies. */
export interface Traces {
  console: ConsoleTrace[];
  /** Every request URL the browser context made (frames, modules, fetches), in order. */
  requests: string[];
  frames: FrameTraces[];
  /** Every cookie of the browser context, of any domain. */
  cookies: Cookie[];
}

/**
 * Started before the page loads; `collect()` reads the frames and returns what was seen. A
 * frame's own console lines and storage are read from the documents still there at that moment
 * (a removed iframe or a navigated-away document is not); the browser's events cover the rest.
 */
export interface TraceRecorder {
  collect(): Promise<Traces>;
}

/**
 * Records, from now on, every console line and every request URL of `page`'s context; call it
 * before `page.goto`. Console lines come twice: as the engine reports them to Playwright (Chromium
 * and Firefox both report the cross-site frame's too, but an object argument only as a preview
 * such as `{nested: Object}`), and as a wrapper of `console` in every frame (an init script) keeps
 * them, arguments turned into text deeply. `collect()` then reads every frame's storage.
 */
export async function recordTraces(page: Page): Promise<TraceRecorder> {
  const browserConsole: ConsoleTrace[] = [];
  const requests: string[] = [];
  page.on('console', (m) => browserConsole.push({ channel: 'browser', url: m.location().url, type: m.type(), text: m.text() }));
  page.on('pageerror', (e) =>
    browserConsole.push({ channel: 'browser', url: '', type: 'pageerror', text: `${e.name}: ${e.message}\n${e.stack ?? ''}` }),
  );
  page.context().on('request', (r) => requests.push(r.url()));
  await page.addInitScript(installConsoleRecorder);
  return {
    async collect() {
      const frames = await Promise.all(
        page.frames().map(async (frame): Promise<FrameTraces> => {
          try {
            const consoleLines = await frame.evaluate(readConsoleLines);
            return { url: frame.url(), consoleLines, storage: await frame.evaluate(readFrameStorage) };
          } catch (error) {
            return { url: frame.url(), consoleLines: null, storage: { unreadable: String(error) } };
          }
        }),
      );
      const inFrame = frames.flatMap((f) =>
        (f.consoleLines ?? []).map((line): ConsoleTrace => ({ channel: 'in-frame', url: f.url, ...line })),
      );
      return {
        console: [...browserConsole, ...inFrame],
        requests: [...requests],
        frames,
        cookies: await page.context().cookies(),
      };
    },
  };
}

/** Each place in `traces` as `{ where, text }`: the text searched and a name for it in a failure message. */
export function traceTexts(traces: Traces): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [];
  for (const c of traces.console) out.push({ where: `console (${c.channel}, ${c.type}, ${c.url})`, text: c.text });
  for (const url of traces.requests) out.push({ where: 'request URL', text: url });
  for (const f of traces.frames) {
    out.push({ where: 'frame URL', text: f.url });
    if ('unreadable' in f.storage) continue;
    for (const [store, readout] of Object.entries(f.storage)) {
      if ('value' in readout) out.push({ where: `${store} of ${f.url}`, text: JSON.stringify(readout.value) });
    }
  }
  for (const c of traces.cookies) out.push({ where: `cookie ${c.name} of ${c.domain}`, text: JSON.stringify(c) });
  return out;
}

/**
 * The places in `traces` whose text holds `secret` (as is or URL-decoded), each with the text
 * around it: `[]` when it left no trace.
 */
export function tracesHolding(traces: Traces, secret: string): string[] {
  const decoded = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  const found: string[] = [];
  for (const { where, text } of traceTexts(traces)) {
    const searched = text.includes(secret) ? text : decoded(text);
    const at = searched.indexOf(secret);
    if (at >= 0) found.push(`${where}: …${searched.slice(Math.max(0, at - 160), at + secret.length + 40)}…`);
  }
  return found;
}
