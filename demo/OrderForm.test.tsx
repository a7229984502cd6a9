// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CatalogEvent, findReferenceEvent } from '../shared';
import { EVENT_IDS } from './checkoutQuery';
import { moneyFormat } from './demoConfig';
import { OrderForm, type OrderFormProps } from './OrderForm';

afterEach(cleanup);

const event = findReferenceEvent(EVENT_IDS.venue) as CatalogEvent;

function form(props: Partial<OrderFormProps> = {}) {
  const onContinue = vi.fn();
  render(
    <OrderForm
      event={event}
      money={moneyFormat(event.currency)}
      creating={false}
      closed={false}
      setupError=""
      onContinue={onContinue}
      {...props}
    />,
  );
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
  return { onContinue, submit };
}

describe('OrderForm', () => {
  it("the card's brand shows beside the total when given, and nothing when not", () => {
    form({ brand: 'Visa' });
    const total = document.querySelector('.total');
    expect(total?.textContent).toMatch(/^Total .+Visa$/);
    expect(document.getElementById('card-brand')?.textContent).toBe('Visa');
    cleanup();
    form({ brand: '' });
    expect(document.getElementById('card-brand')).toBeNull();
  });

  it('an empty name: the problem in the alert, the field focused, marked invalid and described by it; no order', () => {
    const { onContinue, submit } = form();
    submit();
    const name = screen.getByLabelText('Full name');
    expect(screen.getByRole('alert').textContent).toBe('Enter your full name.');
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe('order-error');
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('false');
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('a complete form continues with the chosen lines (two of the first type) and the trimmed buyer details', () => {
    const { onContinue, submit } = form();
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: ' Ada Lovelace ' } });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'ada@example.com' } });
    submit();
    expect(onContinue).toHaveBeenCalledWith([{ ticketTypeId: event.ticketTypes[0]?.id, quantity: 2 }], {
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBe('false');
  });

  it('while the order is created Continue is aria-disabled (keeps its focus) and a second press makes no second order', () => {
    const { onContinue, submit } = form({ creating: true });
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'ada@example.com' } });
    const button = screen.getByRole('button', { name: 'Continue to payment' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    submit();
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('no tickets: "Choose at least one ticket."; a failed order setup is shown in the same alert', () => {
    const { onContinue, submit } = form({ setupError: 'The order could not be created: down' });
    expect(screen.getByRole('alert').textContent).toBe('The order could not be created: down');
    fireEvent.change(screen.getByLabelText(new RegExp(`^${event.ticketTypes[0]?.name}`)), { target: { value: '0' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one ticket.');
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('closed once the order is made: every control disabled', () => {
    form({ closed: true });
    const controls = [
      ...document.querySelectorAll<HTMLInputElement>('#order-form input, #order-form select, #order-form button'),
    ];
    expect(controls.length).toBeGreaterThan(3);
    expect(controls.every((c) => c.disabled)).toBe(true);
  });
});
