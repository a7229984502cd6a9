import { isRtlLocale, matchLocale } from '../../shared';
import { frameTitle } from '../../shared/catalogText';

/**
 * Says the widget's language on the frame document's root (issue 23 items 3, 4): `lang` is the
 * shipped locale the tag falls back to (`matchLocale`: `de-AT` → `de`, `zz` → `en`), `dir` is
 * `rtl` for `he` and `ar`, else `ltr`. Screen readers, hyphenation and the layout's direction
 * follow them, the alert's too. The document's `<title>` becomes the frame's title in that
 * language (`frameTitle`, the words the host SDK gives the iframe). `tag` undefined (a host SDK
 * before issue 23) changes nothing.
 */
export function applyLocale(root: HTMLElement, tag: string | undefined): void {
  if (tag === undefined) return;
  const locale = matchLocale(tag);
  root.lang = locale;
  root.dir = isRtlLocale(locale) ? 'rtl' : 'ltr';
  root.ownerDocument.title = frameTitle(locale);
}
