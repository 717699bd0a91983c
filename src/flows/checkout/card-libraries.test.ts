// The live card form of the hosted invoice page: the processor's library is loaded (with the
// answer's nonce) instead of the sandbox form, and the page's CSP gains exactly that library's
// origins. Through the page's route once a processor is connected: test/processors/.
import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { allowPageSources } from '../../http/pages.ts';
import type { CardForm } from '../../modules/payments/index.ts';
import { cardLibraryOf } from './card-libraries.ts';
import type { HostedInvoice } from './hosted-invoice.ts';
import { renderInvoicePage } from './invoice-page.ts';

function openInvoice(cardForm: CardForm | null): HostedInvoice {
  return {
    accountName: 'Acme Ltda',
    accountCnpj: null,
    supportEmail: null,
    environment: 'production',
    invoiceNumber: 'INV-000001',
    status: 'open',
    currency: 'BRL',
    issuedAt: new Date('2026-11-01T00:00:00Z'),
    dueDate: null,
    paidAt: null,
    lines: [{ description: 'Plan', quantity: '1', unitPrice: '49.90', amount: '49.90' }],
    subtotal: '49.90',
    tax: '0.00',
    total: '49.90',
    amountDue: '49.90',
    methods: cardForm ? ['card'] : ['pix'],
    cardForm,
    cancelUrl: null,
    receipt: null,
  };
}

/** A reply holding the policy helmet gives the hosted pages (routes.ts), for allowPageSources. */
function replyWithPolicy(policy: string) {
  const headers = new Map<string, string>([['content-security-policy', policy]]);
  const reply = { getHeader: (name: string) => headers.get(name), header: (name: string, value: string) => (headers.set(name, value), reply) };
  return { reply: reply as unknown as FastifyReply, policy: () => headers.get('content-security-policy')! };
}

const PAGE_POLICY = "default-src 'none';style-src 'sha256-abc';img-src data:;script-src 'nonce-n1';connect-src 'self';base-uri 'none';form-action 'none';frame-ancestors 'none'";

describe('the live card form', () => {
  it('processor_b: Stripe.js from js.stripe.com with the nonce, a card Element and the page\'s pay button; no sandbox form', () => {
    const html = renderInvoicePage(openInvoice({ kind: 'processor_b' }), 'pt-BR', 'n1');
    expect(html).toContain('<script src="https://js.stripe.com/v3/" nonce="n1"></script>');
    expect(html).toContain('id="card-live" data-processor="processor_b"');
    expect(html).toContain('id="card-live-pay"');
    expect(html).not.toContain('id="card-form"');
    expect(html).not.toContain('id="card-number"');
  });

  it("processor_a: Adyen Web's script and stylesheet from the region's checkoutshopper host; its component draws the pay button", () => {
    const html = renderInvoicePage(openInvoice({ kind: 'processor_a', environment: 'live-us' }), 'en', 'n1');
    expect(html).toContain('<script src="https://checkoutshopper-live-us.adyen.com/checkoutshopper/sdk/5.72.0/adyen.js" nonce="n1"></script>');
    expect(html).toContain('<link rel="stylesheet" href="https://checkoutshopper-live-us.adyen.com/checkoutshopper/sdk/5.72.0/adyen.css">');
    expect(html).toContain('data-environment="live-us"');
    expect(html).not.toContain('id="card-live-pay"');
  });

  it('the sandbox form stays when the sandbox processor serves card, and no outside script is loaded', () => {
    const html = renderInvoicePage({ ...openInvoice({ kind: 'sandbox' }), environment: 'sandbox' }, 'en', 'n1');
    expect(html).toContain('id="card-form"');
    expect(html).not.toMatch(/<script src=/);
    expect(cardLibraryOf({ kind: 'sandbox' })).toBeNull();
  });

  it("the CSP gains exactly the library's origins, keeping the page's own sources", () => {
    const stripe = replyWithPolicy(PAGE_POLICY);
    allowPageSources(stripe.reply, cardLibraryOf({ kind: 'processor_b' })!.csp);
    expect(stripe.policy()).toBe(
      "default-src 'none';style-src 'sha256-abc';img-src data: https://*.stripe.com;script-src 'nonce-n1' https://js.stripe.com;connect-src 'self' https://api.stripe.com;" +
        "base-uri 'none';form-action 'none';frame-ancestors 'none';frame-src https://js.stripe.com https://hooks.stripe.com",
    );
    const adyen = replyWithPolicy(PAGE_POLICY);
    allowPageSources(adyen.reply, cardLibraryOf({ kind: 'processor_a', environment: 'live' })!.csp);
    const origin = 'https://checkoutshopper-live.adyen.com';
    expect(adyen.policy()).toBe(
      `default-src 'none';style-src 'sha256-abc' ${origin};img-src data: ${origin};script-src 'nonce-n1' ${origin};connect-src 'self' ${origin};` +
        `base-uri 'none';form-action 'none';frame-ancestors 'none';frame-src ${origin}`,
    );
  });
});
