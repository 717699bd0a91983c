// A buyer's page after the seller advanced the sandbox test clock (issue 31, item 1): what the
// buyer does without a key (pay on the hosted page, confirm on the sandbox page, pay with a test
// card or the test wallet, order in a shop) is recorded on the account's billing time, so a receipt
// is never paid before its invoice was issued; the Pix countdown stays the real time the payer has.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { ManualClock } from '../../core/clock.ts';
import { createCustomer } from '../../modules/invoices/test-fixtures.ts';
import { openInvoice } from '../../modules/payments/test-fixtures.ts';

const real = new ManualClock('2026-03-02T12:00:00.000Z');
const CLOCK = '2026-06-01T00:00:00.000Z';
let t: TestContext;
let acme: SeededAccount;
let globex: SeededAccount;
let customer: string;

beforeAll(async () => {
  t = await startTestApp({ clock: real });
  acme = await seedAccount(t.client, 'Acme');
  globex = await seedAccount(t.client, 'Globex');
  customer = await createCustomer(t, acme.key);
  const advanced = await t.client.post('/test/clock/advance', acme.key, { to: CLOCK });
  expect(advanced.status, advanced.raw).toBe(200);
  real.advance(60_000); // real time goes on while the sandbox's clock stands still
});
afterAll(() => t.close());

/** An invoice issued on the clock, and its hosted page's link. */
async function issued() {
  const invoice = await openInvoice(t, acme.key, customer);
  expect(invoice.finalizedAt).toBe(CLOCK);
  const url = new URL(invoice.invoiceUrl);
  return { id: invoice.id as string, path: url.pathname, token: url.searchParams.get('token')! };
}

const payOnPage = async (link: { path: string; token: string }, method: string) => {
  const res = await t.client.post(`${link.path}/payments`, null, { token: link.token, method });
  expect(res.status, res.raw).toBe(201);
  return res.body;
};

/** The sandbox confirmation page's button, as the browser presses it. */
const pressConfirm = (sandboxConfirmUrl: string) => {
  const url = new URL(sandboxConfirmUrl);
  return t.app.inject({ method: 'POST', url: url.pathname + url.search, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
};

async function paidDates(invoiceId: string, paymentId: string) {
  const invoice = (await t.client.get(`/billing/invoices/${invoiceId}`, acme.key)).body;
  const payment = (await t.client.get(`/billing/payments/${paymentId}`, acme.key)).body;
  return { status: invoice.status, finalizedAt: invoice.finalizedAt, paidAt: invoice.paidAt, confirmedAt: payment.confirmedAt };
}

describe('keyless page actions on an advanced sandbox clock', () => {
  it("Pix: the countdown is the code's real life, and the sandbox page's confirmation is dated on the clock, not before the issue date", async () => {
    const link = await issued();
    const pix = await payOnPage(link, 'pix');
    // The default life of a Pix code is 3,600 s, counted from the real time the buyer asked for it
    // (12:01 on March 2), not from the frozen clock (June 1): the page counts down 60:00, not 2,200 hours.
    expect(pix.pixExpiresAt).toBe('2026-03-02T13:01:00.000Z');
    const polled = (await t.client.get(`${link.path}/status?token=${link.token}`, null)).body;
    expect(polled.payment.pixExpiresAt).toBe('2026-03-02T13:01:00.000Z');

    real.advance(30 * 60_000); // the payer scans it half an hour later: still payable
    const confirmed = await pressConfirm(pix.sandboxConfirmUrl);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await paidDates(link.id, pix.paymentId)).toEqual({ status: 'paid', finalizedAt: CLOCK, paidAt: CLOCK, confirmedAt: CLOCK });
  });

  it('Pix: a code past its real life is refused on the sandbox page, whatever the clock says', async () => {
    const link = await issued();
    const pix = await payOnPage(link, 'pix');
    real.advance(3_601_000); // 3,601 s later, real time: the code lapsed
    const refused = await pressConfirm(pix.sandboxConfirmUrl);
    expect(refused.statusCode).toBe(409);
    expect((await paidDates(link.id, pix.paymentId)).status).toBe('open');
  });

  it('a test card and the test wallet confirm on the clock too', async () => {
    const card = await issued();
    const cardCharge = await payOnPage(card, 'card');
    const paidByCard = await t.client.post(`/pay/sandbox/cards/${cardCharge.paymentId}`, null, { clientSecret: cardCharge.clientSecret, number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
    expect(paidByCard.status, paidByCard.raw).toBe(200);
    expect(await paidDates(card.id, cardCharge.paymentId)).toEqual({ status: 'paid', finalizedAt: CLOCK, paidAt: CLOCK, confirmedAt: CLOCK });

    const wallet = await issued();
    const cryptoCharge = await payOnPage(wallet, 'crypto');
    const paidByWallet = await t.client.post(`/pay/sandbox/crypto/${cryptoCharge.paymentId}`, null, { chargeToken: cryptoCharge.chargeToken });
    expect(paidByWallet.status, paidByWallet.raw).toBe(200);
    expect(await paidDates(wallet.id, cryptoCharge.paymentId)).toEqual({ status: 'paid', finalizedAt: CLOCK, paidAt: CLOCK, confirmedAt: CLOCK });
  });

  it("another account's sandbox stays on the real clock", async () => {
    const other = await createCustomer(t, globex.key);
    const invoice = await openInvoice(t, globex.key, other);
    expect(invoice.finalizedAt).toBe(real.now().toISOString());
    const url = new URL(invoice.invoiceUrl);
    const pix = await payOnPage({ path: url.pathname, token: url.searchParams.get('token')! }, 'pix');
    expect((await pressConfirm(pix.sandboxConfirmUrl)).statusCode).toBe(200);
    expect((await t.client.get(`/billing/payments/${pix.paymentId}`, globex.key)).body.confirmedAt).toBe(real.now().toISOString());
  });
});
