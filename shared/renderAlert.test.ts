// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TECHNICAL_DIFFICULTIES_MESSAGE } from './constants';
import { createAlert, renderAlert } from './renderAlert';

let container: HTMLElement;
afterEach(() => container?.remove());

function render(theme: string) {
  container = document.body.appendChild(document.createElement('div'));
  return renderAlert(container, theme);
}

describe('renderAlert (spec 2, 8)', () => {
  it('renders one alert with the exact message, replacing what the element held', () => {
    container = document.body.appendChild(document.createElement('div'));
    container.append(document.createElement('span'), 'left over');
    renderAlert(container, 'inline');
    const alerts = container.querySelectorAll('[role="alert"]');
    expect(container.childNodes).toHaveLength(1);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.textContent).toBe(TECHNICAL_DIFFICULTIES_MESSAGE);
  });

  it.each([
    { theme: 'modal', color: 'rgb(214, 48, 49)', background: 'rgb(255, 255, 255)' },
    { theme: 'inline', color: 'rgb(51, 51, 51)', background: 'rgb(240, 240, 240)' },
    { theme: 'dark', color: 'rgb(51, 51, 51)', background: 'rgb(240, 240, 240)' },
  ])('theme $theme: color $color, background "$background"', ({ theme, color, background }) => {
    const alert = render(theme);
    expect(alert.style.color).toBe(color);
    expect(alert.style.backgroundColor).toBe(background);
  });

  it('a second failure leaves one alert, not two', () => {
    const first = render('modal');
    renderAlert(container, 'modal');
    expect(container.querySelectorAll('[role="alert"]')).toHaveLength(1);
    expect(first.isConnected).toBe(false);
  });
});

describe('createAlert (issue 12: the host SDK shows the alert when the frame cannot)', () => {
  it('creates the same alert, unattached, in the document it is given', () => {
    const alert = createAlert(document, 'modal');
    expect(alert.isConnected).toBe(false);
    expect(alert.ownerDocument).toBe(document);
    expect(alert.outerHTML).toBe(render('modal').outerHTML);
  });

  it("carries the frame document's font, so that outside the frame it looks the same", () => {
    const frameCss = readFileSync(resolve(import.meta.dirname, '../frame-app/index.html'), 'utf8');
    // The families, compared without their quotes: a CSSOM may serialize 'Segoe UI' with quotes or
    // without (jsdom 31 drops them), and both name the same font.
    const families = (list: string | undefined) => list?.split(',').map((family) => family.trim().replace(/^['"]|['"]$/g, ''));
    const frameFont = families(/font-family:\s*([^;]+);/.exec(frameCss)?.[1]);
    expect(frameFont).toContain('Segoe UI');
    for (const theme of ['modal', 'inline']) {
      expect(families(createAlert(document, theme).style.fontFamily)).toEqual(frameFont);
    }
  });
});
