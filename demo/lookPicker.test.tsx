// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LookPicker } from './LookPicker';
import { allLookFonts, LOOK_NAMES, widgetLook } from './lookPicker';
import { DEMO_LOOKS } from './looks';

afterEach(cleanup);

const origin = 'http://localhost:4173';

describe('allLookFonts', () => {
  it("is every look's font files on the origin, each once", () => {
    expect(allLookFonts(origin).map((font) => font.src)).toEqual([
      `${origin}/fonts/fredoka-400.woff2`,
      `${origin}/fonts/fredoka-600.woff2`,
    ]);
  });
});

describe('widgetLook', () => {
  it('the default look before any other was shown: no appearance, no fonts (the widget as it always was)', () => {
    expect(widgetLook('default', origin, false)).toEqual({ appearance: undefined, fonts: undefined });
  });

  it("any other look, or the default after one: its appearance, and every look's fonts, so a switch adds no font file", () => {
    expect(widgetLook('night', origin, false)).toEqual({ appearance: { theme: 'night' }, fonts: allLookFonts(origin) });
    expect(widgetLook('festival', origin, false)).toEqual({
      appearance: DEMO_LOOKS.festival.appearance,
      fonts: allLookFonts(origin),
    });
    expect(widgetLook('default', origin, true)).toEqual({ appearance: undefined, fonts: allLookFonts(origin) });
  });
});

describe('LookPicker', () => {
  it('offers the four looks under its label and shows the value it is given', () => {
    render(<LookPicker value="flat" onChange={() => {}} />);
    const select = screen.getByLabelText('Payment form look') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['default', 'Default'],
      ['night', 'Night'],
      ['flat', 'Flat'],
      ['festival', 'Festival'],
    ]);
    expect(LOOK_NAMES).toEqual(['default', 'night', 'flat', 'festival']);
    expect(select.value).toBe('flat');
  });

  it('a choice calls onChange with the look, once', () => {
    const onChange = vi.fn();
    render(<LookPicker value="default" onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Payment form look'), { target: { value: 'festival' } });
    expect(onChange).toHaveBeenCalledWith('festival');
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
