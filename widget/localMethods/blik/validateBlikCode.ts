import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isBlikCodeFormat } from '../../../shared/localMethods';

/** What the BLIK field says when the code is not 6 digits. */
export const ENTER_BLIK_CODE = msg({
  message: 'Enter the 6-digit BLIK code.',
  comment: 'Error under the BLIK code field when it is empty or not 6 digits (BLIK is a brand name: keep it)',
});

/**
 * The BLIK code's error (issue 38): {@link ENTER_BLIK_CODE} unless `code` is exactly 6 digits;
 * undefined when it is. Whether the bank knows the code is the provider's answer
 * (`BLIK_MESSAGES.invalidCode`).
 */
export const validateBlikCode = (code: string): MessageDescriptor | undefined =>
  isBlikCodeFormat(code) ? undefined : ENTER_BLIK_CODE;
