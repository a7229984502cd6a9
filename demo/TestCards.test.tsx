// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TestCards } from './TestCards';

afterEach(cleanup);

describe('TestCards', () => {
  it.each([
    { country: 'PL', codes: ['777123', '777000', '777999'] },
    { country: 'NL', codes: [] },
    { country: undefined, codes: [] },
  ])('country $country lists the BLIK codes $codes', ({ country, codes }) => {
    render(<TestCards country={country} />);
    expect(screen.getByText('4242 4242 4242 4242')).toBeDefined();
    const shown = screen.queryAllByText(/^777\d{3}$/).map((cell) => cell.textContent);
    expect(shown).toEqual(codes);
  });
});
