// @vitest-environment jsdom
import { type Connection, connect, type Methods, WindowMessenger } from 'penpal';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiCallResult,
  CONNECTION_TIMEOUT_MS,
  type FrameBootstrap,
  type FrameMethods,
  type HostMethods,
} from '../../shared';
import { connectToHost } from './connectToHost';
import { linkWindows, type WindowLink } from './testing/linkWindows';

// The frame side of the bridge against a real penpal host in its parent window (testing/linkWindows.ts
// carries the messages with their origin and source, as a browser does). The frame is the test's
// own window, at location.origin; it was told its parent is HOST_ORIGIN.

const HOST_ORIGIN = 'https://tickets.example.com';
const ATTACKER_ORIGIN = 'https://attacker.example';
const BOOTSTRAP: FrameBootstrap = {
  host: 'https://api.example.com',
  configuration: { appInstance: 'token-1' },
  theme: 'inline',
  debug: false,
  canRevalidate: false,
};

const links: WindowLink[] = [];
const connections: Connection<Methods>[] = [];
afterEach(() => {
  for (const connection of connections.splice(0)) connection.destroy();
  for (const link of links.splice(0)) link.close();
  vi.useRealTimers();
});

/** A window around the frame, at `origin`. */
function windowAt(origin: string): WindowLink {
  const link = linkWindows({ frameOrigin: location.origin, parentOrigin: origin });
  links.push(link);
  return link;
}

/** The code under test, with `parent` as its window.parent. */
function frameSide(parent: WindowLink, given: Partial<Omit<FrameMethods, 'ping'>> = {}) {
  const methods: Omit<FrameMethods, 'ping'> = {
    callApi: vi.fn((): Promise<ApiCallResult> => new Promise(() => {})),
    update: vi.fn(async (): Promise<ApiCallResult> => ({ ok: true, value: undefined })),
    ...given,
  };
  vi.stubGlobal('parent', parent.parent);
  const connection = connectToHost(HOST_ORIGIN, methods);
  connection.promise.catch(() => undefined); // the tests that expect a rejection await it themselves
  connections.push(connection);
  return connection;
}

/** penpal in the window `at`, talking to the frame: a host accepts the frame's origin; an attacker accepts anyone (`*`). */
function penpalIn(at: WindowLink, methods: Partial<HostMethods>, allowedOrigins: string[] = [location.origin]) {
  const connection = connect<FrameMethods>({
    messenger: new WindowMessenger({ remoteWindow: at.frame as Window, allowedOrigins }),
    methods,
  });
  const state = { connected: false };
  connection.promise.then(() => {
    state.connected = true;
  });
  connections.push(connection);
  return { connection, state };
}

/** A getBootstrap that never answers (penpal waits for a promise a method returns). */
const neverAnswers = (() => new Promise(() => {})) as unknown as HostMethods['getBootstrap'];

/** The types of the penpal messages in `posted` (SYN, ACK1, ACK2, …). */
const types = (posted: WindowLink['sentByFrame']) => posted.map((m) => (m.data as { type?: string }).type);

describe('connectToHost', () => {
  it('connects to a penpal host in its parent window, and each side calls the other', async () => {
    const parent = windowAt(HOST_ORIGIN);
    const callApi = vi.fn(async (method: string, args: unknown[]) => ({ ok: true as const, value: { method, args } }));
    const frame = frameSide(parent, { callApi });
    const host = penpalIn(parent, { getBootstrap: () => BOOTSTRAP });

    const [toHost, toFrame] = await Promise.all([frame.promise, host.connection.promise]);
    expect(await toHost.getBootstrap()).toEqual(BOOTSTRAP);
    expect(await toFrame.callApi('validate', [1])).toEqual({ ok: true, value: { method: 'validate', args: [1] } });
    expect(callApi).toHaveBeenCalledTimes(1);
  });

  it("answers the host's heartbeat ping (issue 12)", async () => {
    const parent = windowAt(HOST_ORIGIN);
    const frame = frameSide(parent);
    const host = penpalIn(parent, { getBootstrap: () => BOOTSTRAP });
    const [, toFrame] = await Promise.all([frame.promise, host.connection.promise]);
    await expect(toFrame.ping()).resolves.toBeUndefined();
  });

  it('ignores a parent that is not at parentOrigin, never answers it, and gives up after CONNECTION_TIMEOUT_MS', async () => {
    vi.useFakeTimers();
    const parent = windowAt(ATTACKER_ORIGIN);
    const frame = frameSide(parent);
    let failed: unknown;
    frame.promise.catch((error) => {
      failed = error;
    });
    const getBootstrap = vi.fn(() => BOOTSTRAP);
    const attacker = penpalIn(parent, { getBootstrap }, ['*']);
    await parent.idle(); // the attacker's SYN reached the frame, and anything the frame answered reached the attacker

    expect(types(parent.sentByFrame)).toEqual(['SYN']); // its own, never an answer
    expect(types(parent.sentByParent)).toContain('SYN');
    await vi.advanceTimersByTimeAsync(CONNECTION_TIMEOUT_MS - 1);
    expect(failed).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(failed).toMatchObject({ code: 'CONNECTION_TIMEOUT' });
    expect(attacker.state.connected).toBe(false);
    expect(getBootstrap).not.toHaveBeenCalled();
  });

  it("ignores a window other than its parent, even one at the parent's origin", async () => {
    vi.useFakeTimers();
    const parent = windowAt(HOST_ORIGIN);
    const stranger = windowAt(HOST_ORIGIN);
    const frame = frameSide(parent);
    const getBootstrap = vi.fn(() => BOOTSTRAP);
    const intruder = penpalIn(stranger, { getBootstrap }, ['*']);
    await Promise.all([parent.idle(), stranger.idle()]);

    expect(types(stranger.sentByParent)).toContain('SYN');
    expect(stranger.sentByFrame).toEqual([]);
    expect(types(parent.sentByFrame)).toEqual(['SYN']);
    await vi.advanceTimersByTimeAsync(CONNECTION_TIMEOUT_MS);
    await expect(frame.promise).rejects.toMatchObject({ code: 'CONNECTION_TIMEOUT' });
    expect(intruder.state.connected).toBe(false);
    expect(getBootstrap).not.toHaveBeenCalled();
  });

  it("once the host destroys the connection, the frame's pending and later calls fail with CONNECTION_DESTROYED", async () => {
    const parent = windowAt(HOST_ORIGIN);
    const frame = frameSide(parent);
    const onResize = vi.fn();
    const host = penpalIn(parent, { getBootstrap: neverAnswers, onResize });
    const [toHost] = await Promise.all([frame.promise, host.connection.promise]);

    const pending = toHost.getBootstrap();
    host.connection.destroy();
    await expect(pending).rejects.toMatchObject({ code: 'CONNECTION_DESTROYED' });
    expect(() => toHost.onResize(10)).toThrow(expect.objectContaining({ code: 'CONNECTION_DESTROYED' }));
    expect(onResize).not.toHaveBeenCalled();
  });

  it("once the frame destroys the connection, the host's pending and later calls fail, and the frame's methods are not called again", async () => {
    const parent = windowAt(HOST_ORIGIN);
    let called!: () => void;
    const reached = new Promise<void>((resolve) => {
      called = resolve;
    });
    const callApi = vi.fn(() => {
      called();
      return new Promise<never>(() => {});
    });
    const frame = frameSide(parent, { callApi });
    const host = penpalIn(parent, { getBootstrap: () => BOOTSTRAP });
    const [, toFrame] = await Promise.all([frame.promise, host.connection.promise]);

    const pending = toFrame.callApi('pay', []);
    await reached;
    frame.destroy();
    await expect(pending).rejects.toMatchObject({ code: 'CONNECTION_DESTROYED' });
    expect(() => toFrame.callApi('pay', [])).toThrow(expect.objectContaining({ code: 'CONNECTION_DESTROYED' }));
    expect(callApi).toHaveBeenCalledTimes(1);
  });
});
