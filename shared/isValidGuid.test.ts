import { describe, expect, it } from 'vitest';
import { isValidGuid } from './isValidGuid';

describe('isValidGuid (spec section 5: GUID versions 1 to 5)', () => {
  it.each([
    { name: 'version 1', input: 'a8098c1a-f86e-11da-bd1a-00112444be1e', expected: true },
    { name: 'version 2', input: '000003e8-2363-21ef-b200-325096b39f47', expected: true },
    { name: 'version 3', input: 'a3bb189e-8bf9-3888-9912-ace4e6543002', expected: true },
    { name: 'version 4', input: 'f47ac10b-58cc-4372-a567-0e02b2c3d479', expected: true },
    { name: 'version 5', input: '886313e1-3b8a-5372-9b90-0c9aee199e5d', expected: true },
    { name: 'upper case version 4', input: 'F47AC10B-58CC-4372-A567-0E02B2C3D479', expected: true },
    { name: 'version 6', input: '1ef21d2f-1207-6660-8c4f-419efbd44d48', expected: false },
    { name: 'version 7', input: '01890a5d-ac96-774b-bcce-b302099a8057', expected: false },
    { name: 'nil GUID', input: '00000000-0000-0000-0000-000000000000', expected: false },
    { name: 'no dashes', input: 'f47ac10b58cc4372a5670e02b2c3d479', expected: false },
    { name: 'braces', input: '{f47ac10b-58cc-4372-a567-0e02b2c3d479}', expected: false },
    { name: 'empty', input: '', expected: false },
    { name: 'text', input: 'my-site', expected: false },
  ])('$name → $expected', ({ input, expected }) => {
    expect(isValidGuid(input)).toBe(expected);
  });
});
