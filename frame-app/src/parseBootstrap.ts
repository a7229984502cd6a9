import {
  BUYER_FIELD_MAX_LENGTH,
  type CashierBuyer,
  CashierError,
  type CashierUpdate,
  ErrorCode,
  type FrameBootstrap,
  isHttpsOrLoopback,
} from '../../shared';

/**
 * Narrows the host's `getBootstrap()` reply (untrusted: it crossed postMessage) to
 * {@link FrameBootstrap}. Throws CashierError `INVALID_RESPONSE` naming the bad field; `host`
 * must be https, or http on loopback (DESIGN "Security model"), so the token never goes out in the clear.
 */
export function parseBootstrap(value: unknown): FrameBootstrap {
  const bad = (field: string) => new CashierError(ErrorCode.InvalidResponse, `The host's widget inputs are malformed: ${field}.`);
  if (!isRecord(value)) throw bad('not an object');
  const {
    host,
    configuration,
    theme,
    debug,
    canRevalidate,
    orderId,
    buyer,
    locale,
    preload,
    appearance,
    fonts,
    holdExtensionOffer,
  } = value;
  if (!isHttpsOrLoopback(host)) throw bad('host');
  if (!isRecord(configuration)) throw bad('configuration');
  const { appInstance, msid } = configuration;
  if (typeof appInstance !== 'string' || appInstance === '') throw bad('configuration.appInstance');
  if (msid !== undefined && typeof msid !== 'string') throw bad('configuration.msid');
  if (typeof theme !== 'string') throw bad('theme');
  if (typeof debug !== 'boolean') throw bad('debug');
  if (orderId !== undefined && (typeof orderId !== 'string' || orderId === '')) throw bad('orderId');
  const buyerFields = buyer === undefined ? undefined : parseBuyer(buyer);
  if (buyerFields === null) throw bad('buyer');
  if (locale !== undefined && typeof locale !== 'string') throw bad('locale');
  return {
    host,
    configuration: msid === undefined ? { appInstance } : { appInstance, msid },
    theme,
    debug,
    canRevalidate: canRevalidate === true,
    ...(orderId === undefined ? {} : { orderId }),
    ...(buyerFields === undefined ? {} : { buyer: buyerFields }),
    ...(locale === undefined ? {} : { locale }),
    // issue 37: only a site's `false` turns the offer off (the SDK checked it is a boolean).
    ...(holdExtensionOffer === false ? { holdExtensionOffer } : {}),
    ...(preload === true ? { preload } : {}),
    ...styling(appearance, fonts),
  };
}

/**
 * Narrows the host's `update(changes)` (issue 13; untrusted: it crossed postMessage) to
 * {@link CashierUpdate}: `theme` a string, `orderId` a non-empty string, `buyer` as in the widget
 * inputs, `locale` a string (issue 23; a tag the widget does not ship falls back), `appearance` and
 * `fonts` passed on for the frame's appearance to parse (issue 35); other keys are dropped. Throws CashierError `INVALID_ARGUMENT` naming the bad change.
 */
export function parseUpdate(value: unknown): CashierUpdate {
  const bad = (field: string) => new CashierError(ErrorCode.InvalidArgument, `update: the change of ${field} is malformed.`);
  if (!isRecord(value)) throw bad('the widget inputs');
  const { theme, orderId, buyer, locale, appearance, fonts } = value;
  if (theme !== undefined && typeof theme !== 'string') throw bad('theme');
  if (locale !== undefined && typeof locale !== 'string') throw bad('locale');
  if (orderId !== undefined && (typeof orderId !== 'string' || orderId === '')) throw bad('orderId');
  const buyerFields = buyer === undefined ? undefined : parseBuyer(buyer);
  if (buyerFields === null) throw bad('buyer');
  return {
    ...(theme === undefined ? {} : { theme }),
    ...(orderId === undefined ? {} : { orderId }),
    ...(buyerFields === undefined ? {} : { buyer: buyerFields }),
    ...(locale === undefined ? {} : { locale }),
    ...styling(appearance, fonts),
  };
}

/**
 * `appearance` and `fonts` as the page sent them, when it sent them (issue 35): passed on unread,
 * for the frame's appearance (./appearance) to check and parse before any of it is applied.
 */
function styling(appearance: unknown, fonts: unknown): Pick<FrameBootstrap, 'appearance' | 'fonts'> {
  return {
    ...(appearance === undefined ? {} : { appearance: appearance as FrameBootstrap['appearance'] }),
    ...(fonts === undefined ? {} : { fonts: fonts as FrameBootstrap['fonts'] }),
  };
}

/** The buyer's `email` and `name`, each a string within BUYER_FIELD_MAX_LENGTH when given; null when malformed. */
function parseBuyer(value: unknown): CashierBuyer | null {
  if (!isRecord(value)) return null;
  const buyer: CashierBuyer = {};
  for (const key of ['email', 'name'] as const) {
    const field = value[key];
    if (field === undefined) continue;
    if (typeof field !== 'string' || field.length > BUYER_FIELD_MAX_LENGTH[key]) return null;
    buyer[key] = field;
  }
  return buyer;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
