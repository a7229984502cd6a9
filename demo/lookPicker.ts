import type { Appearance, CashierFont } from 'cashier-widget';
import { DEMO_LOOKS, type DemoLook, type DemoLookName } from './looks';

// The widget's look on the demo page (issue 35): `?look=`, then the picker (LookPicker.tsx).

/** The looks' names, in the picker's order. */
export const LOOK_NAMES = Object.keys(DEMO_LOOKS) as DemoLookName[];

/** Every look's font files on `origin`, each once: the frame's policy allows the mount's files only. */
export function allLookFonts(origin: string): CashierFont[] {
  const seen = new Set<string>();
  return LOOK_NAMES.flatMap((name) => (DEMO_LOOKS[name] as DemoLook).fonts?.(origin) ?? []).filter((font) => {
    const key = JSON.stringify([font.src, font.family, font.weight, font.style]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * What `<CashierWidget>` is given for look `name`: its `appearance`, and `fonts`. The frame
 * allows the font files of its first styling only, and `update` may not add others; so once the
 * widget is styled at all (`styled`: a look other than the default was shown), every look's fonts
 * are given, and the picker may switch to any look live. Before that, none: the widget's own look.
 */
export function widgetLook(
  name: DemoLookName,
  origin: string,
  styled: boolean,
): { appearance: Appearance | undefined; fonts: CashierFont[] | undefined } {
  const look: DemoLook = DEMO_LOOKS[name];
  return { appearance: look.appearance, fonts: styled || name !== 'default' ? allLookFonts(origin) : undefined };
}
