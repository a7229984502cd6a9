import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from '@playwright/test';
import { FRAME_ORIGIN } from './origins';

/** The WCAG 2.1 A and AA rules (issue 14). */
export const WCAG21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core (npm) in one document, the host page or the widget's frame, and returns its WCAG
 * 2.1 A/AA violations as `rule: targets` lines (empty when there are none). axe is evaluated
 * through Playwright, which the frame's CSP (scripts from itself and hashes only) does not block.
 * Frames are not followed from the host page: the widget's frame is cross-site and runs its own check.
 */
export async function axeViolations(target: Page | Frame): Promise<string[]> {
  await target.evaluate(axeSource);
  return target.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(c: Document, o: object): Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, iframes: false });
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, WCAG21_AA_TAGS);
}

interface AxeResults {
  violations: { id: string; nodes: { target: string[] }[] }[];
}

/** The widget's frame (the one document on the frame origin) of `page`. */
export function frameOf(page: Page): Frame {
  const frame = page.frames().find((f) => f !== page.mainFrame() && f.url().startsWith(FRAME_ORIGIN));
  if (!frame) throw new Error(`no frame on ${FRAME_ORIGIN}`);
  return frame;
}
