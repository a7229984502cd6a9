// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { markInvalid, readBuyer, renderBuyerFields } from './buyerForm';

describe('markInvalid (issue 14: the demo form errors for assistive technology)', () => {
  it('marks the field readBuyer found wanting, described by the error line, and clears it once fixed', () => {
    document.body.innerHTML = '<div id="buyer-fields"></div><p id="order-error" role="alert"></p>';
    renderBuyerFields(document.getElementById('buyer-fields') as HTMLElement);
    const read = readBuyer(document);
    if (!('problem' in read)) throw new Error('an empty form must have a problem');
    markInvalid(document, read.fieldId);
    const fields = [...document.querySelectorAll<HTMLElement>('#buyer-fields input, #buyer-fields textarea')];
    const invalid = fields.filter((f) => f.getAttribute('aria-invalid') === 'true');
    expect(invalid.map((f) => f.id)).toEqual([read.fieldId]);
    expect(invalid[0]?.getAttribute('aria-describedby')).toBe('order-error');
    expect(fields.every((f) => f.hasAttribute('aria-invalid'))).toBe(true);

    markInvalid(document, undefined);
    expect(fields.some((f) => f.getAttribute('aria-invalid') === 'true')).toBe(false);
    expect(fields.some((f) => f.hasAttribute('aria-describedby'))).toBe(false);
  });
});
