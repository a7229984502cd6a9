// The parts of recordTraces that run inside the browser, in every frame: each is serialized by
// Playwright and must use nothing from this module's scope.

/** A console call or uncaught error as a frame's own `console` wrapper recorded it. */
export interface InPageLine {
  type: string;
  text: string;
}

/** A store of one frame that could be read, or why it could not (e.g. a cross-site frame's blocked storage). */
export type Readout<T> = { value: T } | { blocked: string };

/** What one frame holds in the places its origin (or its partition) keeps data. */
export interface FrameStorage {
  localStorage: Readout<Record<string, string>>;
  sessionStorage: Readout<Record<string, string>>;
  /** Every IndexedDB database: its name and, per object store, its keys and values as text. */
  indexedDB: Readout<{ name: string; stores: Record<string, string> }[]>;
  /** `document.cookie` as this frame sees it (a partitioned cookie of a cross-site frame too). */
  documentCookie: Readout<string>;
}

interface TraceGlobal {
  lines: InPageLine[];
  show: (value: unknown) => string;
}

/**
 * Init script: wraps every `console` method so each call is also kept, its arguments turned
 * into text deeply (objects as JSON, errors with message, stack and properties), with uncaught
 * errors and unhandled rejections beside them. `recordTraces` reads the lines back from each frame.
 */
export function installConsoleRecorder(): void {
  const w = window as unknown as { __cashierTraces?: TraceGlobal };
  if (w.__cashierTraces) return;
  const plain = (value: unknown) => {
    try {
      return String(value);
    } catch {
      return Object.prototype.toString.call(value); // e.g. Object.create(null)
    }
  };
  // Never throws: a console call of the page must behave as before. An error becomes its name,
  // message, stack, cause and own properties (an AxiosError's toJSON comes first, with its config).
  const show = (value: unknown): string => {
    if (typeof value === 'string') return value;
    const seen = new WeakSet<object>();
    try {
      const json = JSON.stringify(value, (_key, v: unknown) => {
        if (typeof v === 'function') return `[function ${v.name}]`;
        if (typeof v === 'bigint' || typeof v === 'symbol') return plain(v);
        if (!v || typeof v !== 'object') return v;
        if (seen.has(v)) return '[seen]';
        seen.add(v);
        if (v instanceof Error) return { ...v, name: v.name, message: v.message, stack: v.stack, cause: v.cause };
        if (v instanceof Map || v instanceof Set) return [...v];
        return v;
      });
      return json === undefined ? plain(value) : json;
    } catch {
      return plain(value);
    }
  };
  const lines: InPageLine[] = [];
  Object.defineProperty(w, '__cashierTraces', { value: { lines, show } satisfies TraceGlobal, enumerable: false });
  const target = console as unknown as Record<string, (...args: unknown[]) => void>;
  for (const type of 'log info warn error debug trace dir dirxml table assert group groupCollapsed'.split(' ')) {
    const original = target[type];
    if (typeof original !== 'function') continue;
    target[type] = function (this: unknown, ...args: unknown[]) {
      lines.push({ type, text: args.map(show).join(' ') });
      return original.apply(this, args);
    };
  }
  addEventListener('error', (e) => lines.push({ type: 'uncaught', text: show(e.error ?? e.message) }));
  addEventListener('unhandledrejection', (e) => lines.push({ type: 'unhandledrejection', text: show(e.reason) }));
}

/** `frame.evaluate` body: the lines `installConsoleRecorder` kept in this frame, or null when it did not run here. */
export function readConsoleLines(): InPageLine[] | null {
  return (window as unknown as { __cashierTraces?: TraceGlobal }).__cashierTraces?.lines ?? null;
}

/** `frame.evaluate` body: everything this frame can read of its storage; a throw is recorded as `blocked`. */
export async function readFrameStorage(): Promise<FrameStorage> {
  const read = async <T>(get: () => T | Promise<T>): Promise<Readout<T>> => {
    try {
      return { value: await get() };
    } catch (error) {
      return { blocked: String(error) };
    }
  };
  const entries = (storage: Storage) => {
    const out: Record<string, string> = {};
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i) as string;
      out[key] = storage.getItem(key) ?? '';
    }
    return out;
  };
  const text = (value: unknown) => {
    try {
      return JSON.stringify(value) ?? String(value);
    } catch {
      return String(value);
    }
  };
  const request = <T>(r: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
  const database = async (name: string) => {
    const db = await request(indexedDB.open(name));
    try {
      const stores: Record<string, string> = {};
      for (const store of Array.from(db.objectStoreNames)) {
        const objects = db.transaction(store, 'readonly').objectStore(store);
        stores[store] = text({ keys: await request(objects.getAllKeys()), values: await request(objects.getAll()) });
      }
      return { name, stores };
    } finally {
      db.close();
    }
  };
  return {
    localStorage: await read(() => entries(window.localStorage)),
    sessionStorage: await read(() => entries(window.sessionStorage)),
    indexedDB: await read(async () => Promise.all((await indexedDB.databases()).map((info) => database(info.name ?? '')))),
    documentCookie: await read(() => document.cookie),
  };
}
