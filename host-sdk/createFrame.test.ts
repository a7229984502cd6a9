// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { FRAME_TITLE_MESSAGE } from '../shared';
import { createFrame, FRAME_SANDBOX, frameSrc } from './createFrame';

describe('frameSrc', () => {
  it('adds only the parent origin to the frame URL, keeping what was there', () => {
    const src = new URL(frameSrc('https://frame.example/app/?v=2', 'https://shop.example'));
    expect(src.origin + src.pathname).toBe('https://frame.example/app/');
    expect([...src.searchParams]).toEqual([
      ['v', '2'],
      ['parentOrigin', 'https://shop.example'],
    ]);
  });
});

describe('createFrame', () => {
  it('is sandboxed exactly, titled, sends its parent origin as referrer, allowed to pay, full width, 0 px tall, and not yet attached', () => {
    const iframe = createFrame(document, 'https://frame.example/?parentOrigin=x');
    expect(iframe.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms allow-popups');
    expect(FRAME_SANDBOX).not.toContain('allow-top-navigation');
    expect(iframe.title).toBe('Secure payment form');
    expect(iframe.title).toBe(FRAME_TITLE_MESSAGE); // the English of the shared catalog (widget/i18n/catalogs.test.ts)
    expect(iframe.getAttribute('referrerpolicy')).toBe('origin');
    expect(iframe.getAttribute('allow')).toBe('payment');
    expect(iframe.src).toBe('https://frame.example/?parentOrigin=x');
    expect(iframe.style.width).toBe('100%');
    expect(iframe.style.display).toBe('block');
    expect(iframe.style.height).toBe('0px');
    expect(['0', '0px']).toContain(iframe.style.borderWidth || iframe.style.border);
    expect(iframe.isConnected).toBe(false);
  });

  it('has rounded corners: for that irregular clip Chromium asks the page where a click goes (e2e/clicks.spec.ts)', () => {
    expect(createFrame(document, 'https://frame.example/').style.borderRadius).toBe('1px');
  });
});
