import { TECHNICAL_DIFFICULTIES_MESSAGE } from '../shared';
import { expect, openAndMount, SETTINGS_PATH, test, widgetFrame } from './support/test';

// Spec 2: with theme modal the alert text is red; with any other theme the alert has a grey background.
const themes = [
  { theme: 'modal', color: 'rgb(214, 48, 49)', background: 'rgb(255, 255, 255)' },
  { theme: 'inline', color: 'rgb(51, 51, 51)', background: 'rgb(240, 240, 240)' },
  { theme: 'anything-else', color: 'rgb(51, 51, 51)', background: 'rgb(240, 240, 240)' },
];

for (const t of themes) {
  test(`theme ${t.theme}: alert colour ${t.color} on ${t.background}`, async ({ page, provider }) => {
    await provider.fault({ path: SETTINGS_PATH, status: 503, times: 3 });
    await openAndMount(page, { theme: t.theme });
    const alert = widgetFrame(page).getByRole('alert');
    await expect(alert).toHaveText(TECHNICAL_DIFFICULTIES_MESSAGE);
    await expect(alert).toHaveCSS('color', t.color);
    await expect(alert).toHaveCSS('background-color', t.background);
  });
}
