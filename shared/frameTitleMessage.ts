import { msg } from '@lingui/core/macro';

/**
 * The payment frame's accessible name, as a translatable message: the iframe's `title` (host SDK)
 * and the frame document's `<title>`. In English it is `FRAME_TITLE_MESSAGE`, word for word; its
 * translations are in `shared/locales/*.po`, beside the alert's.
 */
export const FRAME_TITLE = msg`Secure payment form`;
