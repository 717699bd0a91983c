// Stripe for the processor-call tests: the validating mock serving Stripe's OpenAPI document with
// its stateful fake, behind a gate on POSTs to `gatedPath` (held calls wait before Stripe sees them).
import { StripeFake } from '../../src/modules/payments/processors/processor-b/stripe-fake.ts';
import { SPEC_PATH } from '../../src/modules/payments/processors/processor-b/test-setup.ts';
import { Gate } from './gate.ts';
import { startValidatingMock, type ValidatingMock } from './validating-mock.ts';

export async function startGatedStripe(gatedPath: string): Promise<{ stripe: StripeFake; gate: Gate; mock: ValidatingMock }> {
  const stripe = new StripeFake();
  const gate = new Gate(gatedPath);
  const mock = await startValidatingMock({
    specPath: SPEC_PATH,
    serverUrl: 'https://api.stripe.com/',
    fake: async (request) => {
      await gate.pass(request);
      return stripe.handle(request);
    },
  });
  return { stripe, gate, mock };
}
