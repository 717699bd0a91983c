// The facilitator: real verification, simulated settlement, usage + receipt in one transaction,
// and a nonce settled exactly once (also under 50 concurrent settles).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { agent, configureRail, OTHER_AGENT_KEY, railProduct, signPayment, type RailProduct } from '../../../test/rail/fixtures.ts';

let t: TestContext;
let seller: SeededAccount;
let product: RailProduct;
let requirements: Record<string, any>;

beforeAll(async () => {
  t = await startTestApp();
  seller = await seedAccount(t.client, 'Seller');
  product = await railProduct(t.client, seller.key, '0.001');
  await configureRail(t.client, seller.key);
  requirements = (await t.client.get(`/rail/config?product=${product.productKey}`, seller.key)).body.outputSchema.routes[0].accepts[0];
});
afterAll(() => t.close());

const body = (paymentPayload: unknown, paymentRequirements: unknown = requirements) => ({ x402Version: 2, paymentPayload, paymentRequirements });

describe('GET /rail/supported', () => {
  it('lists the exact scheme on the EVM test networks', async () => {
    const res = await t.client.get('/rail/supported', seller.key);
    expect(res.status).toBe(200);
    expect(res.body.kinds).toContainEqual({ x402Version: 2, scheme: 'exact', network: 'eip155:84532' });
  });
});

describe('POST /rail/verify', () => {
  it('accepts a well-signed authorization and names the payer', async () => {
    const payer = agent();
    const res = await t.client.post('/rail/verify', seller.key, body(await signPayment(payer, requirements)));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isValid: true, payer: payer.address });
  });

  it.each([
    [
      'a signature by another key',
      async () => {
        const mine = (await signPayment(agent(), requirements)) as Record<string, any>;
        const theirs = (await signPayment(agent(OTHER_AGENT_KEY), requirements)) as Record<string, any>;
        return { ...mine, payload: { authorization: mine.payload.authorization, signature: theirs.payload.signature } };
      },
      'invalid_exact_evm_signature',
    ],
    ['a value below the price', async () => signPayment(agent(), requirements, { value: '999' }), 'invalid_exact_evm_authorization_value'],
    ['another recipient', async () => signPayment(agent(), requirements, { to: agent(OTHER_AGENT_KEY).address }), 'invalid_exact_evm_recipient_mismatch'],
    ['an expired authorization', async () => signPayment(agent(), requirements, { validBefore: BigInt(Math.floor(Date.now() / 1000) - 60) }), 'invalid_exact_evm_payload_authorization_valid_before'],
    ['an authorization valid only later', async () => signPayment(agent(), requirements, { validAfter: BigInt(Math.floor(Date.now() / 1000) + 120) }), 'invalid_exact_evm_payload_authorization_valid_after'],
    ['a wrong EIP-712 domain', async () => signPayment(agent(), requirements, { domainName: 'USD Coin' }), 'invalid_exact_evm_signature'],
  ])('refuses %s', async (_what, make, reason) => {
    const payload = await make();
    const res = await t.client.post('/rail/verify', seller.key, body(payload));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isValid: false, invalidReason: reason });
  });

  it('takes the clock skew into account', async () => {
    const soon = BigInt(Math.floor(Date.now() / 1000) + 20);
    expect((await t.client.post('/rail/verify', seller.key, body(await signPayment(agent(), requirements, { validAfter: soon })))).body.isValid).toBe(true);
  });

  it('refuses a price the catalog does not say, and malformed payloads, with isValid false', async () => {
    const cheap = { ...requirements, amount: '1' };
    const res = await t.client.post('/rail/verify', seller.key, body(await signPayment(agent(), cheap), cheap));
    expect(res.body).toMatchObject({ isValid: false, invalidReason: 'invalid_rail_route_price' });
    const junk = await t.client.post('/rail/verify', seller.key, body({ hello: 'world' }));
    expect(junk.body).toMatchObject({ isValid: false, invalidReason: 'invalid_payload' });
  });

  it('answers 409 provider_not_configured in production and rail_not_configured without settings', async () => {
    const payload = await signPayment(agent(), requirements);
    const live = await t.client.post('/rail/verify', seller.liveKey, body(payload));
    expect(live.status).toBe(409);
    expect(live.body.error_code).toBe('rail_not_configured');
    await configureRail(t.client, seller.liveKey, { network: 'eip155:8453', asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' });
    const prod = await t.client.post('/rail/verify', seller.liveKey, body(payload));
    expect(prod.status).toBe(409);
    expect(prod.body.error_code).toBe('provider_not_configured');
  });
});

describe('POST /rail/settle', () => {
  it('settles once: usage on the meter for the agent customer, and a confirmed crypto payment', async () => {
    const payer = agent();
    const payload = await signPayment(payer, requirements);
    const res = await t.client.post('/rail/settle', seller.key, body(payload));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, payer: payer.address, network: 'eip155:84532', amount: '1000', extra: { alreadySettled: false } });
    expect(res.body.transaction).toMatch(/^0x[0-9a-f]{64}$/);

    const externalId = `eip155:84532:${payer.address}`;
    const customers = await t.client.get(`/customers?externalId=${externalId}`, seller.key);
    expect(customers.body.customers).toHaveLength(1);
    const customer = customers.body.customers[0];
    const enrollments = await t.client.get(`/customers/${customer.id}/enrollments`, seller.key);
    const enrollmentId = enrollments.body.enrollments[0].id;
    const usage = await t.client.get(`/metering/usage?enrollmentId=${enrollmentId}&meter=${product.meterKey}&from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z&granularity=none`, seller.key);
    expect(usage.status).toBe(200);
    expect(JSON.stringify(usage.body)).toContain('"1"');

    const payment = await t.client.get(`/billing/payments/${res.body.extra.paymentId}`, seller.key);
    expect(payment.body).toMatchObject({ method: 'crypto', status: 'confirmed', amount: '0.001000', currency: 'USDC', settlementAsset: 'USDC', payer: { id: customer.id } });
    const listed = await t.client.get('/billing/payments?method=crypto', seller.key);
    expect(listed.body.payments.map((p: { id: string }) => p.id)).toContain(res.body.extra.paymentId);

    // Usage paid request by request is never invoiced again.
    const invoiced = await t.client.post('/billing/invoices/from-usage', seller.key, { customerId: enrollmentId, from: new Date(Date.now() - 3600_000).toISOString(), to: new Date().toISOString() });
    expect(invoiced.status).toBe(409);
    expect(invoiced.body.error_code).toBe('usage_already_invoiced');

    // Verify now refuses it; a second settle is not charged and names the first settlement.
    expect((await t.client.post('/rail/verify', seller.key, body(payload))).body).toMatchObject({ isValid: false, invalidReason: 'invalid_exact_evm_nonce_already_used' });
    const again = await t.client.post('/rail/settle', seller.key, body(payload));
    expect(again.body).toMatchObject({ success: false, errorReason: 'invalid_exact_evm_nonce_already_used', transaction: res.body.transaction, extra: { alreadySettled: true, paymentId: res.body.extra.paymentId } });
    // Another seller replaying it learns nothing of the first settlement.
    const thief = await seedAccount(t.client, 'Thief');
    await configureRail(t.client, thief.key);
    const thiefProduct = await railProduct(t.client, thief.key, '0.001');
    const thiefRequirements = { ...requirements, extra: { ...requirements.extra, product: thiefProduct.productKey, meter: thiefProduct.meterKey } };
    const replay = await t.client.post('/rail/settle', thief.key, body({ ...payload, accepted: thiefRequirements }, thiefRequirements));
    expect(replay.body).toEqual({ success: false, errorReason: 'invalid_exact_evm_nonce_already_used', errorMessage: expect.any(String), payer: payer.address, transaction: '', network: 'eip155:84532' });
  });

  it('settles exactly one of 50 concurrent settles of the same authorization', async () => {
    const payload = await signPayment(agent(OTHER_AGENT_KEY), requirements);
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.client.post('/rail/settle', seller.key, body(payload))));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const settled = answers.filter((a) => a.body.success === true);
    expect(settled).toHaveLength(1);
    expect(answers.filter((a) => a.body.errorReason === 'invalid_exact_evm_nonce_already_used')).toHaveLength(49);
    const rows = await t.database.db.selectFrom('rail_settlements').selectAll().where('nonce', '=', (payload as any).payload.authorization.nonce).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payment_id).toBe(settled[0]!.body.extra.paymentId);
  });

  it('replays a retry with the same Idempotency-Key unchanged', async () => {
    const payload = await signPayment(agent(), requirements);
    const first = await t.client.post('/rail/settle', seller.key, body(payload), { idempotencyKey: 'settle-retry-1' });
    const retry = await t.client.post('/rail/settle', seller.key, body(payload), { idempotencyKey: 'settle-retry-1' });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
  });
});
