// Pix charge creation workloads: POST /billing/invoices/{invoiceID}/payments {method: "pix"}, round
// robin over a pool of open invoices (so concurrent requests rarely meet on one invoice, and each
// invoice is charged a few times over a run: every charge after the first supersedes the last,
// as a buyer switching method does). An answer counts when it is a 201 pending Pix charge of that
// invoice with a BR Code whose CRC an independent library (pix-utils) accepts and a PNG QR.
// CardCharges (scenario 14) is the same workload for card charges through a processor connection.
import { hasError, parsePix } from 'pix-utils';
import { Pool } from 'undici';
import { JsonClient } from './http.ts';
import { sleep } from './processes.ts';
import type { Tenant } from './setup.ts';
import type { Workload } from './workloads.ts';

const PNG_BASE64 = 'iVBORw0KGgo';

/**
 * Charges of one method, round robin over open invoices: what an answer must be is the subclass's
 * `check` (null when right, else what is wrong).
 */
abstract class InvoiceCharges implements Workload {
  readonly path = '/billing/invoices/{invoiceID}/payments';
  readonly pending = new Map<number, string>();
  readonly problems: string[] = [];
  problemCount = 0;
  /** Request id -> invoice id, and the charges acknowledged per invoice. */
  protected readonly invoiceOf: string[] = [];
  readonly acknowledgedByInvoice = new Map<string, number>();
  private requests = 0;
  private readonly body: string;

  constructor(
    readonly keyPrefix: string,
    private readonly invoices: string[],
    method: 'pix' | 'card',
  ) {
    this.body = JSON.stringify({ method });
  }

  get expected() {
    return { count: this.requests, tenths: 0 };
  }

  get sent(): number {
    return this.requests;
  }

  next(): { id: number; body: string } {
    const id = this.requests++;
    this.invoiceOf[id] = this.invoices[id % this.invoices.length]!;
    this.pending.set(id, this.body);
    return { id, body: this.body };
  }

  pathOf(id: number): string {
    return `/billing/invoices/${this.invoiceOf[id]}/payments`;
  }

  authorizationOf(): string | undefined {
    return undefined;
  }

  answer(id: number, status: number, body: string): void {
    const problem = status === 201 ? this.parsed(body, (charge) => this.check(id, charge)) : `status ${status}`;
    if (problem === null) {
      this.pending.delete(id);
      const invoice = this.invoiceOf[id]!;
      this.acknowledgedByInvoice.set(invoice, (this.acknowledgedByInvoice.get(invoice) ?? 0) + 1);
      return;
    }
    this.problemCount += 1;
    if (this.problems.length < 5) this.problems.push(`${problem}: ${body.slice(0, 300)}`);
  }

  private parsed(body: string, check: (charge: Charge) => string | null): string | null {
    let charge: Charge;
    try {
      charge = JSON.parse(body);
    } catch {
      return 'not JSON';
    }
    return check(charge);
  }

  protected abstract check(id: number, charge: Charge): string | null;

  assertHealthy(stage: string): void {
    if (this.problemCount > 0) throw new Error(`${stage}: ${this.problemCount} wrong answers, first: ${this.problems[0]}`);
  }
}

/** The fields of a created charge the checks read. */
interface Charge {
  invoiceId?: string;
  status?: string;
  method?: string;
  provider?: string;
  providerId?: string;
  amount?: string;
  pixPayload?: string;
  pixQrImage?: string;
  nextAction?: { type?: string; clientSecret?: string; publishableKey?: string };
}

export class PixCharges extends InvoiceCharges {
  constructor(keyPrefix: string, invoices: string[]) {
    super(keyPrefix, invoices, 'pix');
  }

  protected check(id: number, charge: Charge): string | null {
    if (charge.invoiceId !== this.invoiceOf[id] || charge.status !== 'pending') return 'not a pending charge of the invoice';
    if (typeof charge.pixPayload !== 'string' || hasError(parsePix(charge.pixPayload))) return 'BR Code refused by pix-utils';
    if (typeof charge.pixQrImage !== 'string' || !charge.pixQrImage.startsWith(PNG_BASE64)) return 'no PNG QR';
    return null;
  }
}

/** What the processor mock holds for a PaymentIntent id (scenario 14 reads its in-process fake). */
export type IntentLookup = (providerId: string) => { amount: number; client_secret?: unknown; metadata?: unknown } | undefined;

/**
 * Card charges through a live processor connection (scenario 14), the same round robin over open
 * invoices as PixCharges. An answer counts when it is a 201 pending card payment of that invoice
 * through processor_b whose `nextAction` is Stripe's (a PaymentIntent's client secret and the
 * connection's publishable key), and the processor mock holds that PaymentIntent, for the
 * invoice's amount in centavos, with that client secret.
 */
export class CardCharges extends InvoiceCharges {
  constructor(
    keyPrefix: string,
    invoices: string[],
    private readonly want: { amount: string; publishableKey: string; intentOf: IntentLookup },
  ) {
    super(keyPrefix, invoices, 'card');
  }

  protected check(id: number, payment: Charge): string | null {
    if (payment.invoiceId !== this.invoiceOf[id] || payment.status !== 'pending' || payment.method !== 'card') return 'not a pending card payment of the invoice';
    if (payment.provider !== 'processor_b' || typeof payment.providerId !== 'string' || payment.amount !== this.want.amount) return 'not a processor_b charge of the amount due';
    const action = payment.nextAction;
    if (action?.type !== 'processor_b_payment_intent' || action.publishableKey !== this.want.publishableKey) return "no nextAction of Stripe's type with the publishable key";
    if (typeof action.clientSecret !== 'string' || !action.clientSecret.startsWith(`${payment.providerId}_secret_`)) return "the client secret is not the PaymentIntent's";
    const intent = this.want.intentOf(payment.providerId);
    if (!intent) return 'the processor holds no such PaymentIntent';
    if (intent.client_secret !== action.clientSecret || String(intent.amount) !== this.want.amount.replace('.', '')) return 'the PaymentIntent differs (client secret or amount)';
    if ((intent.metadata as { invoice_id?: string } | undefined)?.invoice_id !== this.invoiceOf[id]) return "the PaymentIntent's metadata names another invoice";
    return null;
  }
}

/** Resends the requests cut off by the end of a run with their own Idempotency-Key: each ends executed exactly once. */
export async function resendCharges(url: string, workload: PixCharges | CardCharges, headers: Record<string, string>): Promise<void> {
  if (workload.pending.size === 0) return;
  await sleep(100);
  const pool = new Pool(url, { connections: 4, headersTimeout: 60_000, bodyTimeout: 60_000 });
  try {
    for (let pass = 0; pass < 3 && workload.pending.size > 0; pass += 1) {
      for (const [id, body] of [...workload.pending]) {
        try {
          const response = await pool.request({
            method: 'POST',
            path: workload.pathOf(id),
            headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': `${workload.keyPrefix}-${id}` },
            body,
          });
          const text = await response.body.text();
          // 409 idempotency_key_in_use: the cut-off request is still running; the next pass sees its answer.
          if (response.statusCode !== 409) workload.answer(id, response.statusCode, text);
        } catch {
          // Still pending: the next pass retries it.
        }
      }
      if (workload.pending.size > 0) await sleep(500);
    }
  } finally {
    await pool.close();
  }
}

/** `count` open invoices of 49.90 BRL for one customer, through the API (create, then finalize). */
export async function openInvoices(baseUrl: string, tenant: Pick<Tenant, 'secretKey'>, count: number, label: string): Promise<string[]> {
  const api = new JsonClient(baseUrl, `Bearer ${tenant.secretKey}`, 8);
  try {
    const customer = await api.expect<{ id: string }>('POST', '/customers', { name: `Bench ${label}`, email: `${label}@example.com` }, [201]);
    const ids: string[] = [];
    for (let i = 0; i < count; i += 8) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(8, count - i) }, async () => {
          const draft = await api.expect<{ id: string }>('POST', '/billing/invoices', {
            customerId: customer.id,
            currency: 'BRL',
            lineItems: [{ description: 'Plano mensal', quantity: '1', unitPrice: '49.90' }],
          }, [201]);
          await api.expect('POST', `/billing/invoices/${draft.id}/finalize`, {}, [200]);
          return draft.id;
        }),
      );
      ids.push(...batch);
    }
    return ids;
  } finally {
    await api.close();
  }
}
