// @vitest-environment jsdom
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ProviderPaths as P } from '../../shared';
import { HOST, json, setupHttpServer, WAIT } from '../testing/httpWidget';
import { APPLE_PAY_VALIDATION_URL, applePay, clickWallet, TEST_TIMEOUT } from '../testing/walletDrivers';
import { charge, charges } from '../testing/walletMount';

// Apple Pay in the widget (issue 25 item 4), with ApplePaySession a TEST DOUBLE (no real sheet):
// what only Apple Pay does, the session's request and the merchant validation through the
// provider. What both wallets do (the session created and begun in the click with no request
// before, the authorized payment's token → the vault → one charge, its lost reply settled from
// the order's charges, declined, cancelled, already paid) is in wallets.test.tsx, run for each.

// These flows run over HTTP (msw): the tests call the double's callbacks directly and wait on the
// DOM with vi.waitFor, outside React's act environment, so React warns of no update.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const server = setupHttpServer();
beforeEach(() => applePay.install());

/** Mounts for an approved charge and clicks "Pay with Apple Pay". */
const click = () => clickWallet(server, applePay, { charge: [charge()], charges: [[]] });

describe('Apple Pay', { timeout: TEST_TIMEOUT }, () => {
  it("the session asks for the merchant's name and the order's total; the merchant is validated through the provider with the sheet's URL and the order, its session handed to the sheet", async () => {
    const { log } = await click();
    expect(applePay.session().request.total).toEqual({ label: 'Tickets', amount: '25.00', type: 'final' });
    await applePay.validateMerchant();
    expect(applePay.events).toContain('validated {"merchantSession":"ms_1"}');
    const validation = log.find((l) => l.line === `POST ${P.applePayMerchantValidation}`);
    expect(validation?.body).toEqual({ validationURL: APPLE_PAY_VALIDATION_URL, orderId: 'ord_1' });
  });

  it('merchant validation fails: the sheet is aborted, nothing charged', async () => {
    const { onPaymentResult, log } = await click();
    server.use(http.post(`${HOST}${P.applePayMerchantValidation}`, ({ request }) => json(request, {}, 400)));
    applePay.session().onvalidatemerchant?.({ validationURL: APPLE_PAY_VALIDATION_URL });
    await vi.waitFor(() => expect(applePay.events).toContain('abort'), WAIT);
    expect(charges(log)).toEqual([]);
    expect(onPaymentResult).not.toHaveBeenCalled();
  });
});
