import type { Locator } from '@playwright/test';

/**
 * Replaces the value of a text field as a buyer does: click it, select all, type `text` key by
 * key. Use it for the widget's controlled (React) inputs instead of `fill()`: in Firefox over
 * WebDriver BiDi, `fill()` sets the value without the input events React's `onChange` listens
 * to, so the form state stays empty (TOOLCHAIN.md). Typing is the same path in every engine.
 */
export async function typeInto(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+A');
  if (text === '') await field.press('Delete');
  else await field.page().keyboard.type(text);
}
