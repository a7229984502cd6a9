import { CashierError, ErrorCode } from './CashierError';

/**
 * The widget settings response (spec section 3, DESIGN "Widget settings call"). Only
 * `widgetStaticsBaseUrl` is read by the loader; the rest is passed to the bundle as it came.
 */
export interface WidgetSettings {
  /** Base URL of the widget's static files; the bundle is loaded from under it. */
  widgetStaticsBaseUrl: string;
  /** The development marker: a response with `devMode: true` is never reused (spec 4). */
  devMode?: boolean;
  /** Fields the spec does not show, kept as they came. */
  [key: string]: unknown;
}

/**
 * Narrows an HTTP body to {@link WidgetSettings}. Throws CashierError `INVALID_RESPONSE` when the
 * body is not an object or `widgetStaticsBaseUrl` is not an absolute http(s) URL.
 */
export function parseWidgetSettings(body: unknown): WidgetSettings {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new CashierError(ErrorCode.InvalidResponse, 'Widget settings: expected a JSON object body.');
  }
  const record = body as Record<string, unknown>;
  const base = record.widgetStaticsBaseUrl;
  if (typeof base !== 'string' || !isHttpUrl(base)) {
    throw new CashierError(
      ErrorCode.InvalidResponse,
      `Widget settings: widgetStaticsBaseUrl must be an absolute http(s) URL, got ${describeValue(base)}.`,
    );
  }
  if (record.devMode !== undefined && typeof record.devMode !== 'boolean') {
    throw new CashierError(
      ErrorCode.InvalidResponse,
      `Widget settings: devMode must be a boolean, got ${describeValue(record.devMode)}.`,
    );
  }
  return { ...record, widgetStaticsBaseUrl: base } as WidgetSettings;
}

function isHttpUrl(s: string): boolean {
  try {
    const { protocol } = new URL(s);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

function describeValue(v: unknown): string {
  return typeof v === 'string' ? JSON.stringify(v.slice(0, 100)) : typeof v;
}
