import { msg } from '@lingui/core/macro';

/**
 * The failed state's alert (spec 2, 8), as a translatable message (issue 23): in English it is the
 * spec's text word for word (`TECHNICAL_DIFFICULTIES_MESSAGE`, checked by shared/i18n tests); its
 * translations are in `shared/locales/*.po`.
 */
export const TECHNICAL_DIFFICULTIES = msg`We are experiencing some technical difficulties, and can't accept your payment right now. Please try again in a little while.`;
