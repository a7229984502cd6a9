import { type FormEvent, type RefObject, useRef, useState } from 'react';
import type { CatalogEvent, OrderSetupLine } from '../shared';
import { BuyerFields } from './BuyerFields';
import { BUYER_FIELDS, checkBuyer } from './buyerForm';

/** Props of {@link OrderForm}. */
export interface OrderFormProps {
  /** The event whose ticket types are offered. */
  event: CatalogEvent;
  /** Formats minor units of the event's currency. */
  money: (minor: number) => string;
  /** True while the order is being created: Continue is `aria-disabled` (not `disabled`, which would drop its focus, WCAG 2.4.3). */
  creating: boolean;
  /** True once the order is made: every control is disabled. */
  closed: boolean;
  /** Why the last order setup failed, in words; empty when it did not. */
  setupError: string;
  /** Called on "Continue to payment" with the chosen lines (at least one) and the checked buyer details. */
  onContinue: (lines: OrderSetupLine[], buyer: Record<string, string>) => void;
  /** The card's brand as the page shows it beside the total (e.g. "Visa"); '' or undefined for none. */
  brand?: string;
  /** The heading of step 2, which takes the focus when the buyer leaves the payment step. */
  detailsTitleRef?: RefObject<HTMLHeadingElement | null>;
}

/** Steps 1 and 2: the tickets (two of the first type chosen), the total (with the card's brand once known), the buyer's details and "Continue to payment". */
export function OrderForm({ event, money, creating, closed, setupError, onContinue, brand, detailsTitleRef }: OrderFormProps) {
  const tickets = event.ticketTypes;
  const [quantities, setQuantities] = useState<number[]>(() => tickets.map((_, index) => (index === 0 ? 2 : 0)));
  const [problem, setProblem] = useState<string>();
  /** The field the last buyer check found wanting: '' none; undefined before the first check (no `aria-invalid` yet). */
  const [invalidField, setInvalidField] = useState<string>();
  const form = useRef<HTMLFormElement>(null);
  // The total as the catalog prices it, for the page; the order's total is the provider's.
  const total = tickets.reduce((sum, ticket, index) => sum + ticket.unitPrice * (quantities[index] ?? 0), 0);

  /** Reads the form as submitted: its controls are uncontrolled but for the quantities' total. */
  function submit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    const data = new FormData(submitEvent.currentTarget);
    const lines = tickets
      .map((ticket, index) => ({ ticketTypeId: ticket.id, quantity: Number(data.get(`ticket-${index}`) ?? 0) }))
      .filter((line) => line.quantity > 0);
    const values = Object.fromEntries(BUYER_FIELDS.map((field) => [field.name, String(data.get(field.name) ?? '')]));
    if (lines.length === 0) {
      setProblem('Choose at least one ticket.');
      return;
    }
    const read = checkBuyer(values);
    setInvalidField('problem' in read ? read.fieldId : '');
    if ('problem' in read) {
      setProblem(read.problem);
      form.current?.querySelector<HTMLElement>(`#${read.fieldId}`)?.focus();
      return;
    }
    setProblem(undefined);
    if (!creating) onContinue(lines, read.buyer);
  }

  return (
    <form className="panel" id="order-form" ref={form} noValidate aria-labelledby="tickets-title" onSubmit={submit}>
      <h2 id="tickets-title">1. Tickets</h2>
      <div id="tickets">
        {tickets.map((ticket, index) => (
          <div className="tickets-row" key={ticket.id}>
            <label htmlFor={`ticket-${index}`}>{`${ticket.name} (${money(ticket.unitPrice)})`}</label>
            <select
              id={`ticket-${index}`}
              name={`ticket-${index}`}
              value={String(quantities[index] ?? 0)}
              disabled={closed}
              onChange={(e) => setQuantities((before) => before.map((q, i) => (i === index ? Number(e.target.value) : q)))}
            >
              {Array.from({ length: ticket.maxQuantity + 1 }, (_, n) => String(n)).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <p className="total">
        Total <strong id="total">{money(total)}</strong>
        {brand && <span id="card-brand">{brand}</span>}
      </p>
      <h2 id="details-title" tabIndex={-1} ref={detailsTitleRef}>
        2. Your details
      </h2>
      <BuyerFields invalidField={invalidField} disabled={closed} />
      <p id="order-error" className="error" role="alert">
        {problem ?? setupError}
      </p>
      <button id="continue" type="submit" disabled={closed} aria-disabled={creating ? true : undefined}>
        Continue to payment
      </button>
    </form>
  );
}
