import { Type } from '@sinclair/typebox';
import { contextOf } from '../../http/context.ts';
import { DateTime, errorResponses, Nullable, Uuid } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { listInvoiceGrants, openDownload } from './service.ts';

const Grant = Type.Object(
  {
    paymentId: Uuid(),
    productId: Uuid({ description: 'The product whose deliverable the grant opens.' }),
    token: Type.String({ description: 'The credential of downloadUrl.' }),
    downloadUrl: Type.String({ description: '{base_url}/public/downloads/{token}: no key needed.' }),
    emailSentAt: Nullable(DateTime({ description: 'When the email with the link was queued; null when the payer has no email address.' })),
    revokedAt: Nullable(DateTime({ description: 'Set by a full refund or a chargeback: the link no longer works.' })),
    createdAt: DateTime(),
  },
  { title: 'InvoiceDownloadGrant' },
);

export function registerDeliveryRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/billing/invoices/:invoiceID/deliverable',
    {
      config: { scope: 'billing:read', resource: 'invoice' },
      schema: {
        tags: ['payments'],
        summary: "The download grants of a paid invoice's deliverables",
        description:
          'Empty while the invoice is unpaid, when what it sells has no deliverable, or until delivery is processed: check again shortly. ' +
          'A secret key with billing:read only: a publishable key gets 403, because the links grant access to the paid product.',
        params: Type.Object({ invoiceID: Uuid() }),
        response: { 200: Type.Object({ grants: Type.Array(Grant) }), ...errorResponses(404) },
      },
    },
    async (request) => ({ grants: await listInvoiceGrants(deps.db, contextOf(request, deps), request.params.invoiceID) }),
  );

  app.get(
    '/public/downloads/:token',
    {
      config: { auth: 'none', resource: 'download', keylessCost: { cost: 'page' } },
      schema: {
        tags: ['public'],
        summary: 'Download what was paid for',
        description:
          "A grant's downloadUrl. No key: the token is the credential. Redirects (302) to the deliverable: a link as the seller set it, a file " +
          'through a signed URL valid for a short time (open the grant link again for a fresh one). A revoked or unknown token answers 404.',
        params: Type.Object({ token: Type.String({ maxLength: 100 }) }),
        response: { 302: { description: 'To the file or link.', type: 'null' }, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const download = await openDownload(deps.db, request.params.token, deps.clock.now(), deps.objectStore);
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(download.url, 302);
    },
  );
}
