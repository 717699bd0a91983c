// The facilitator: real verification under x402's strict rules (exact amount, validAfter <= now,
// at least 6 s left, no clock-skew widening), simulated settlement, usage + receipt in one
// transaction, a nonce settled exactly once (also under 50 concurrent settles), no Idempotency-Key
// needed, and /rail/supported per caller (or keyless).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { agent, configureRail, NETWORK, OTHER_AGENT_KEY, railProduct, SELLER_WALLET, signPayment, USDC, type RailProduct } from '../../../test/rail/fixtures.ts';

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

const nowSeconds = () => BigInt(Math.floor(Date.now() / 1000));

describe('GET /rail/supported', () => {
  it("lists with a key only the kind its account and environment settle, with the settings' asset and wallet", async () => {
    const res = await t.client.get('/rail/supported', seller.key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ kinds: [{ x402Version: 2, scheme: 'exact', network: NETWORK, extra: { asset: USDC, payTo: SELLER_WALLET } }], extensions: [], signers: {} });
  });

  it('lists nothing for a production key or an account without settings', async () => {
    const bare = await seedAccount(t.client, 'No Rail');
    expect((await t.client.get('/rail/supported', bare.key)).body.kinds).toEqual([]);
    expect((await t.client.get('/rail/supported', bare.liveKey)).body.kinds).toEqual([]);
    await configureRail(t.client, bare.liveKey, { network: 'eip155:8453', asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' });
    expect((await t.client.get('/rail/supported', bare.liveKey)).body.kinds).toEqual([]);
  });

  it('answers without a key what the service settles (the EVM test networks), and refuses a wrong key', async () => {
    const res = await t.client.get('/rail/supported', null);
    expect(res.status).toBe(200);
    expect(res.body.kinds).toContainEqual({ x402Version: 2, scheme: 'exact', network: NETWORK });
    expect(res.body.kinds.every((k: { network: string }) => k.network.startsWith('eip155:') && k.network !== 'eip155:8453')).toBe(true);
    expect((await t.client.get('/rail/supported', 'sk_test_not_a_key')).status).toBe(401);
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
    ['a value below the price', async () => signPayment(agent(), requirements, { value: '999' }), 'invalid_exact_evm_payload_authorization_value_mismatch'],
    ['an overpayment (0.002 signed for 0.001)', async () => signPayment(agent(), requirements, { value: '2000' }), 'invalid_exact_evm_payload_authorization_value_mismatch'],
    ['another recipient', async () => signPayment(agent(), requirements, { to: agent(OTHER_AGENT_KEY).address }), 'invalid_exact_evm_recipient_mismatch'],
    ['an authorization expired 10 s ago (within the settings\' clockSkewSeconds)', async () => signPayment(agent(), requirements, { validBefore: nowSeconds() - 10n }), 'invalid_exact_evm_payload_authorization_valid_before'],
    ['an authorization expiring in 3 s (under the 6 s left required)', async () => signPayment(agent(), requirements, { validBefore: nowSeconds() + 3n }), 'invalid_exact_evm_payload_authorization_valid_before'],
    ['an authorization valid only in 20 s (within the settings\' clockSkewSeconds)', async () => signPayment(agent(), requirements, { validAfter: nowSeconds() + 20n }), 'invalid_exact_evm_payload_authorization_valid_after'],
    ['a wrong EIP-712 domain', async () => signPayment(agent(), requirements, { domainName: 'USD Coin' }), 'invalid_exact_evm_signature'],
  ])('refuses %s', async (_what, make, reason) => {
    const payload = await make();
    const res = await t.client.post('/rail/verify', seller.key, body(payload));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isValid: false, invalidReason: reason });
  });

  it('accepts the edges of the window: valid from now, 10 s left', async () => {
    const payload = await signPayment(agent(), requirements, { validAfter: nowSeconds(), validBefore: nowSeconds() + 10n });
    expect((await t.client.post('/rail/verify', seller.key, body(payload))).body).toMatchObject({ isValid: true });
  });

  it('needs no Idempotency-Key and no extra.product/meter (as the official HTTPFacilitatorClient sends it)', async () => {
    const { product: _p, meter: _m, ...officialExtra } = requirements.extra;
    const official = { ...requirements, extra: officialExtra };
    const res = await t.client.post('/rail/verify', seller.key, body(await signPayment(agent(), official), official), { idempotencyKey: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isValid: true, payer: agent().address });
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
    expect(again.body).toEqual({
      success: false,
      errorReason: 'invalid_exact_evm_nonce_already_used',
      errorMessage: expect.any(String),
      payer: payer.address,
      transaction: '',
      network: NETWORK,
      extra: { alreadySettled: true, paymentId: res.body.extra.paymentId, usageEventId: res.body.extra.usageEventId },
    });
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

  it.each([
    ['an overpayment', { value: '2000' }, 'invalid_exact_evm_payload_authorization_value_mismatch'],
    ['an authorization expired 10 s ago', { validBefore: -10n }, 'invalid_exact_evm_payload_authorization_valid_before'],
    ['an authorization expiring in 3 s', { validBefore: 3n }, 'invalid_exact_evm_payload_authorization_valid_before'],
    ['an authorization valid only in 20 s', { validAfter: 20n }, 'invalid_exact_evm_payload_authorization_valid_after'],
  ] as const)('refuses to settle %s: transaction "", and nothing recorded', async (_what, option, reason) => {
    const payer = agent('0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba');
    const options = 'value' in option ? { value: option.value } : 'validBefore' in option ? { validBefore: nowSeconds() + option.validBefore } : { validAfter: nowSeconds() + option.validAfter };
    const payload = (await signPayment(payer, requirements, options)) as any;
    const res = await t.client.post('/rail/settle', seller.key, body(payload), { idempotencyKey: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: false, errorReason: reason, errorMessage: expect.any(String), payer: payer.address, transaction: '', network: NETWORK });
    const rows = await t.database.db.selectFrom('rail_settlements').select('id').where('nonce', '=', payload.payload.authorization.nonce).execute();
    expect(rows).toEqual([]);
    expect((await t.client.get(`/customers?externalId=${NETWORK}:${payer.address}`, seller.key)).body.customers).toEqual([]);
  });

  it('settles without an Idempotency-Key, once per nonce', async () => {
    const payload = await signPayment(agent(), requirements);
    const first = await t.client.post('/rail/settle', seller.key, body(payload), { idempotencyKey: null });
    expect(first.body).toMatchObject({ success: true, amount: '1000' });
    const second = await t.client.post('/rail/settle', seller.key, body(payload), { idempotencyKey: null });
    expect(second.body).toMatchObject({ success: false, transaction: '', extra: { alreadySettled: true, paymentId: first.body.extra.paymentId } });
    const rows = await t.database.db.selectFrom('rail_settlements').select('id').where('nonce', '=', (payload as any).payload.authorization.nonce).execute();
    expect(rows).toHaveLength(1);
  });

  it('replays a retry with the same Idempotency-Key unchanged', async () => {
    const payload = await signPayment(agent(), requirements);
    const first = await t.client.post('/rail/settle', seller.key, body(payload), { idempotencyKey: 'settle-retry-1' });
    const retry = await t.client.post('/rail/settle', seller.key, body(payload), { idempotencyKey: 'settle-retry-1' });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
  });
});
