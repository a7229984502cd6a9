/**
 * `cashier-widget/server`: what a site's own server uses (Node 22.18 or later). Verify each
 * webhook the provider sends before acting on it; docs/going-live.md shows the whole flow.
 */

export {
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  type ServerOrder,
  type VerifyWebhookOptions,
  verifyWebhook,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookVerificationCode,
  WebhookVerificationError,
} from './webhooks';
