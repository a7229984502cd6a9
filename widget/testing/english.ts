import type { MessageDescriptor } from '@lingui/core';
import { createTranslator } from '../i18n/createTranslator';

const { i18n } = createTranslator();

/** A message as the English widget shows it (tests compare the words a buyer reads). */
export const english = (message: MessageDescriptor): string => i18n._(message);
