// @vitest-environment jsdom
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ProviderPaths as P } from '../../shared';
import {
  approvedCharge,
  fieldOf,
  HOST,
  json,
  serveProvider,
  setupHttpServer,
  typeInto,
  VAULT,
  WAIT,
} from '../testing/httpWidget';
import { mountWidget } from '../testing/mountWidget';
import { MASTERCARD, VISA } from '../testing/savedCards';

// A saved card's security code belongs to the card it was typed for (issue 25): when the buyer
// picks another saved card, the code empties, so it is never sent to the vault with the other card.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const APPROVED = approvedCharge();

const server = setupHttpServer();

/** The provider: a member with two saved cards (both 3-digit codes); the vault gives a token for any. */
function provider() {
  return serveProvider(server, [
    http.get(`${HOST}${P.paymentMethodsByOrder('ord_1')}`, ({ request }) => json(request, [{ type: 'CARD', label: 'Card' }])),
    http.get(`${HOST}${P.buyerInfo}`, ({ request }) => json(request, { type: 'MEMBER', memberId: 'member-1' })),
    http.get(`${HOST}${P.creditCards}`, ({ request }) => json(request, [VISA, MASTERCARD])),
    http.get(`${HOST}${P.chargesByOrder('ord_1')}`, ({ request }) => json(request, [])),
    http.post(`${HOST}${P.chargesByOrder('ord_1')}`, ({ request }) => json(request, APPROVED)),
    http.post(`${VAULT}${P.savedCardTokens}`, ({ request }) => json(request, { token: 'tok_saved' })),
  ]);
}

describe('a saved card’s security code when the buyer picks another card (issue 25)', () => {
  it('empties: pay() then asks for the other card’s code, and the vault only ever gets each card with its own', async () => {
    const log = provider();
    const { api, container } = await mountWidget();
    const radio = (id: string) => container.querySelector<HTMLInputElement>(`input[type=radio][value="${id}"]`);
    const cvc = () => fieldOf(container, 'cc-csc');
    await expect.poll(() => radio(VISA.id)?.checked, WAIT).toBe(true);
    typeInto(cvc(), '123');
    await expect.poll(() => cvc()?.value, WAIT).toBe('123');
    // The code is in the field's live value only, in no attribute a selector could match.
    await expect.poll(() => container.querySelector('input[value="123"]'), WAIT).toBeNull();
    expect(cvc()?.hasAttribute('value')).toBe(false);

    radio(MASTERCARD.id)?.click();
    await expect.poll(() => radio(MASTERCARD.id)?.checked, WAIT).toBe(true);
    // The code empties as the other card is chosen, before the buyer can pay. Waited for, not read
    // at once: under Preact (the frame's React) the choice subscribes to its state in an effect,
    // which runs after the next frame (a 35 ms timer in jsdom, later on a busy machine), and the
    // settled first form mounts the choice in its one commit with nothing re-rendering it after.
    // A click in that same frame (a test's, never a buyer's, who sees the form first) changes the
    // state at once; the field shows it when the effect subscribes and finds the snapshot changed.
    await expect.poll(() => cvc()?.value, WAIT).toBe('');
    const tokens = () => log.filter((sent) => sent.line === `POST vault ${P.savedCardTokens}`).map((sent) => sent.body);
    const result = await api.pay({ orderId: 'ord_1' });
    expect(tokens(), "the Visa's code never goes with the Mastercard").toEqual([]);
    expect(result).toMatchObject({ status: 'INVALID' });
    expect(cvc()?.value).toBe('');

    typeInto(cvc(), '456');
    await expect(api.pay({ orderId: 'ord_1' })).resolves.toMatchObject({ status: 'APPROVED' });
    expect(tokens()).toEqual([{ cardId: MASTERCARD.id, cvc: '456' }]);
  }, 20_000);
});
