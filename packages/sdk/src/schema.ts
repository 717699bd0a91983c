// Generated from the service's OpenAPI document by `npm run sdk:types`: do not edit.
export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The front page (HTML), or an index of links (JSON)
         * @description A browser (Accept: text/html) gets a page linking the API reference and a quick start, in Portuguese (pt-BR) by default or English when Accept-Language prefers it. A client preferring JSON (Accept: application/json, or *\/*) gets the links as JSON.
         */
        get: operations["getHome"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who did what: the successful writes of keys and dashboard members, newest first */
        get: operations["listAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The event log behind webhooks, newest first */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/events/{eventID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One event */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the keys of this environment */
        get: operations["listKeys"];
        put?: never;
        /**
         * Create a restricted secret key
         * @description The key belongs to the environment of the calling key. The full key is returned only here. Its scopes must be scopes the calling key holds: 403 forbidden names the missing ones.
         */
        post: operations["createKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/keys/{keyID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a key
         * @description The key answers 401 from then on. A key may revoke itself, and any key whose scopes it holds; a publishable key only a key with every scope. Otherwise 403 forbidden names the missing scopes.
         */
        delete: operations["revokeKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The processors connected in this environment */
        get: operations["listProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/providers/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One processor connection */
        get: operations["getProvider"];
        /**
         * Connect a payment processor (or replace its connection)
         * @description Stores the credentials encrypted and answers the connection with each secret as its last four characters, and the `webhookUrl` to register at the processor. 409 `provider_method_taken` when another connection of this environment serves one of `methods`.
         */
        put: operations["putProvider"];
        post?: never;
        /**
         * Disconnect a processor
         * @description Its payments keep their provider and providerId.
         */
        delete: operations["deleteProvider"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/providers/{provider}/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Prove the credentials with a real, harmless call
         * @description Records `status` `active`, or `failing` with the processor’s reason in `statusReason`.
         */
        post: operations["checkProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/tenant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The calling account */
        get: operations["getTenant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update the account
         * @description Only the fields sent change. `dunning` sets the retries of charge_automatically subscriptions after a failed charge (`retryDays`: 1 to 8 days after the first failure, each 1 to 60, strictly increasing) and what the last failed retry does (`finalAction`: cancel, or leave_past_due); each applies from the next retry computed.
         */
        patch: operations["updateTenant"];
        trace?: never;
    };
    "/account/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook endpoints, newest first */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Register a webhook endpoint
         * @description Events of the calling key’s environment recorded from now on are POSTed to `url`, signed by the Standard Webhooks scheme. The answer holds the signing `secret`, shown only here. An unknown event kind is refused (422) with the known ones listed.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/webhooks/{endpointID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One webhook endpoint */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /** Delete a webhook endpoint and its deliveries */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description `isActive` false stops deliveries (pending ones fail); true turns a disabled endpoint back on.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/account/webhooks/{endpointID}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Deliveries to this endpoint, newest first, with every attempt */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/webhooks/{endpointID}/deliveries/{deliveryID}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again now
         * @description Whatever its state; the attempts so far are kept. 409 when the endpoint is disabled.
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/webhooks/{endpointID}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret
         * @description Answers the new secret (shown only here). For 24 hours deliveries carry a signature by each secret in webhook-signature.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/webhooks/{endpointID}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook.test event to this endpoint only
         * @description Records a `webhook.test` event and answers its delivery, sent at once. 409 when the endpoint is disabled.
         */
        post: operations["sendTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account (operator)
         * @description Returns the account and one secret and one publishable key per environment, and with `owner` its first dashboard member (role owner; without a password, a one-time sign-in link valid 24 hours). Idempotent when Idempotency-Key is sent.
         */
        post: operations["createAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/coupons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List coupons, newest first */
        get: operations["listCoupons"];
        put?: never;
        /**
         * Create a coupon
         * @description A percentage off, redeemed by its code on one-off invoices (couponCode). 409 when the code exists whatever its case.
         */
        post: operations["createCoupon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/coupons/{couponID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One coupon */
        get: operations["getCoupon"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/coupons/{couponID}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a coupon
         * @description It can no longer be redeemed (422 coupon_archived); what it discounted stays. Archiving it again changes nothing.
         */
        post: operations["archiveCoupon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/credit-notes/{creditNoteID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One credit note */
        get: operations["getCreditNote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List invoices, newest first */
        get: operations["listInvoices"];
        put?: never;
        /**
         * Create a one-off invoice (draft)
         * @description A draft invoice for a customer (payerId), with one_off lines. Finalize it to issue it.
         */
        post: operations["createInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/invoices/{invoiceID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One invoice */
        get: operations["getInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/invoices/{invoiceID}/credit-notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An invoice's credit notes, newest first */
        get: operations["listInvoiceCreditNotes"];
        put?: never;
        /**
         * Credit an open or paid invoice (a credit note)
         * @description Takes `amount` (or the sum of `lines`) off the invoice: creditedAmount grows by it and a paid invoice stays paid. Outcome refund refunds the invoice's confirmed payments (paid invoices only; 409 on an open one); outcome credit adds to the customer's balance (paid) or lowers amountDue (open; credited to zero, the invoice is paid). More than total - creditedAmount (or amountDue on an open invoice, or what is left of a line): 422 credit_note_exceeds_invoice. A draft, void or uncollectible invoice: 409 conflict.
         */
        post: operations["createCreditNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/invoices/{invoiceID}/deliverable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The download grants of a paid invoice's deliverables
         * @description Empty while the invoice is unpaid, when what it sells has no deliverable, or until delivery is processed: check again shortly. A secret key with billing:read only: a publishable key gets 403, because the links grant access to the paid product.
         */
        get: operations["getInvoiceDeliverable"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/invoices/{invoiceID}/finalize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a draft invoice
         * @description draft -> open: assigns the next invoice number of the account and environment, finalizedAt, and dueDate when unset (7 days later). An invoice with nothing due is paid at once. Another status answers 409 conflict.
         */
        post: operations["finalizeInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/invoices/{invoiceID}/mark-uncollectible": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Write an invoice off
         * @description open -> uncollectible. Another status answers 409 conflict.
         */
        post: operations["markInvoiceUncollectible"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/invoices/{invoiceID}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Charge an open invoice by Pix, boleto, card or crypto
         * @description A charge for the invoice's whole amountDue, in its currency. Answers the payment with its charge-creation-only fields (invoiceUrl, switchable; card: clientSecret, publishableKey, nextAction; crypto: chargeToken). A pending charge of the invoice fails as `superseded`. Only an open invoice: otherwise 409 invoice_not_payable. Pix and boleto charge BRL only. Live keys charge through the processor connected for the method (PUT /account/providers/{provider}); without one, 409 provider_not_configured. A processor down answers 502 provider_unavailable (or provider_error), slow 504 provider_timeout, with nothing recorded: a retry with the same Idempotency-Key sends the processor the same idempotency key, so it never charges twice. While the processor is being called, a retry with the same key answers 409 idempotency_key_in_use.
         */
        post: operations["createCharge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/invoices/{invoiceID}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Email an open invoice to its customer
         * @description Emails the total, the due date and the hosted invoice page link to the customer's email address. A draft answers 409 (finalize it first). Sandbox emails are not delivered: read them with GET /test/emails. Another status answers 409 conflict.
         */
        post: operations["sendInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/invoices/{invoiceID}/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an invoice
         * @description draft or open -> void; amountDue becomes 0. Another status answers 409 conflict.
         */
        post: operations["voidInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/invoices/from-usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invoice an enrollment's usage over [from, to)
         * @description `to` may not be later than now (422). Each part of the range is priced by what was in effect then: the rate card whose [effectiveFrom, effectiveTo) covers it, else the version's prices; a range crossing a card boundary gets lines per part, each naming its sub-period. An overlapping earlier invoice that is not void answers 409 usage_already_invoiced; a range reaching into what a live subscription of the enrollment invoices at its period ends, 409 conflict. With send true the invoice is finalized and emailed.
         */
        post: operations["createInvoiceFromUsage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/ledger/balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Balances of the ledger accounts
         * @description Every ledger account of the account and environment with its balance (the sum of its entries), or only those of ?customerId=.
         */
        get: operations["listLedgerBalances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/ledger/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List ledger transactions with their entries, newest first
         * @description Each transaction names the resource and the event that made it; its entries (a debit positive, a credit negative) sum to zero per currency. Filters: resourceType with resourceId, account (a ledger account code), customerId, createdFrom/createdTo.
         */
        get: operations["listLedgerTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payments, newest first
         * @description Each payment as GET /billing/payments/{paymentID} shows it, with its payer, less the Pix QR image (`pixQrImage`): render the QR from `pixPayload`, or read the payment.
         */
        get: operations["listPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/payments/{paymentID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One payment, with its payer */
        get: operations["getPayment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/payments/{paymentID}/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A payment's refunds, newest first */
        get: operations["listRefunds"];
        put?: never;
        /**
         * Refund a confirmed payment, in part or in full
         * @description Omitted amount: what is left. Above what is left: 422 refund_exceeds_payment. A payment that is not confirmed: 409 invalid_payment_state. At the full amount the payment becomes refunded and its download grants are revoked. A live payment is refunded through its processor: a refund it still processes answers status pending, and its money moves when the processor reports it succeeded. A processor that declines answers 502 provider_error, down 502 provider_unavailable, slow 504 provider_timeout, with nothing recorded: a retry with the same Idempotency-Key sends the processor the same idempotency key, so it never refunds twice. While the processor is being called, a retry with the same key answers 409 idempotency_key_in_use.
         */
        post: operations["createRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/pix-mandates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pix Automático mandates, newest first */
        get: operations["listPixMandates"];
        put?: never;
        /**
         * Ask a payer to authorize Pix Automático
         * @description Creates the recurrence at your PSP (a pix_api connection serving pix, with its receiving account) and, with `payerAccount`, sends the authorization request to the payer's bank; without it, the payer scans `qrPayload`. Once `active`, its `paymentMethod` pays a charge_automatically subscription. A sandbox key without a Pix connection gets a simulated mandate (POST /test/pix-mandates/{id}/approve).
         */
        post: operations["createPixMandate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/pix-mandates/{mandateID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One Pix Automático mandate */
        get: operations["getPixMandate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/pix-mandates/{mandateID}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End a mandate
         * @description Cancels the recurrence at the PSP; later charges of subscriptions paying with it fail with `mandate_revoked`. 409 when it ended already.
         */
        post: operations["cancelPixMandate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/reconciliation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check the account's ledger invariants
         * @description Every transaction sums to zero per currency; every finalized open or paid invoice owes its receivable balance; every payment refunded what its refund transactions took out of clearing; every prepaid balance was credited what its ledger account says. Lists each mismatch.
         */
        get: operations["getReconciliation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List subscriptions, newest first */
        get: operations["listSubscriptions"];
        put?: never;
        /**
         * Subscribe a customer to a product priced subscription, usage or prepaid
         * @description The subscription is the customer’s enrollment in the product (reused when live). Periods count from the anchor (monthly keeps its day, clamped to short months). With billingMode advance and no trial the first period is invoiced at once (and, with charge_automatically, charged). Usage (version prices, rate cards) is invoiced at each period end with its grants and commitment; a product priced usage takes billingCycle and is billed in arrears. A product priced prepaid sells credit, billed in advance: each period an invoice of its basePrice (a prepaid_credit line) credits the subscription's balance once paid, and usage draws the balance down at the version's per_unit prices (GET /billing/subscriptions/{subscriptionID}/balance); a prepaid version priced otherwise, or billingMode arrears, is refused (422). A product priced one_time is sold once, not subscribed (422).
         */
        post: operations["createSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/subscriptions/{subscriptionID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One subscription */
        get: operations["getSubscription"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a subscription's saved payment method
         * @description charge_automatically only: the next charge or dunning retry uses it.
         */
        patch: operations["updateSubscription"];
        trace?: never;
    };
    "/billing/subscriptions/{subscriptionID}/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A prepaid subscription's balance
         * @description Credited when a prepaid invoice of the subscription is paid (its prepaid_credit lines, at face value); drawn down as usage is recorded, by value x the meter's per-unit price. Usage that would take it below consumptionFloor is refused with 422 insufficient_balance. 404 for a subscription whose product is not priced prepaid.
         */
        get: operations["getSubscriptionBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/subscriptions/{subscriptionID}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel now, or at the end of the current period */
        post: operations["cancelSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/subscriptions/{subscriptionID}/change-version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move to another version of the product
         * @description With prorate (default) the current period is split at this instant by its seconds: advance -> an invoice now with a credit for the old version and a charge for the new; arrears -> the period’s invoice bills each version for its share. Without it the new price starts next period (advance) or covers this one (arrears).
         */
        post: operations["changeSubscriptionVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/subscriptions/{subscriptionID}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause: no invoices until resumed (the periods it spans are not billed) */
        post: operations["pauseSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/subscriptions/{subscriptionID}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume on the anchor: billing continues with the first period starting from now */
        post: operations["resumeSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/catalog/images/presign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Presign an upload (image or deliverable file)
         * @description Returns a URL to PUT the file to, with the headers to send. The objectKey is then referenced by deliverables and storefronts.
         */
        post: operations["presignImageUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List customers */
        get: operations["listCustomers"];
        put?: never;
        /**
         * Create a customer
         * @description Records `customer.created`. `externalId` is unique in the account and environment (409 on a clash).
         */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{customerID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a customer */
        get: operations["getCustomer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update a customer */
        patch: operations["updateCustomer"];
        trace?: never;
    };
    "/customers/{customerID}/enrollments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A customer's enrollments */
        get: operations["listEnrollments"];
        put?: never;
        /**
         * Enroll a customer in a product
         * @description At `productVersionId` (a published version) or the product's default version (422 `no_default_version` when it has none). A customer has at most one enrollment per product that is not canceled (409).
         */
        post: operations["createEnrollment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{enrollmentID}/rate-cards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An enrollment's rate cards
         * @description Newest first, deleted ones included, each with the range it prices (effectiveFrom, effectiveTo).
         */
        get: operations["listRateCards"];
        put?: never;
        /**
         * Give an enrollment its own prices
         * @description The path value is the enrollment id. From effectiveFrom (default now) until it is deleted, the card's prices replace the version's whole price list. At most one card is in effect at any instant: a card starting before another one ends answers 409 conflict (delete the first); a card starting inside an already invoiced period answers 409 usage_already_invoiced.
         */
        post: operations["createRateCard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{enrollmentID}/rate-cards/{rateCardID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a rate card
         * @description Ends the card now (effectiveTo): usage from now on is billed at the version's prices, usage before stays priced by the card. A card deleted before it took effect never prices anything. Deleting a deleted card returns it unchanged.
         */
        delete: operations["deleteRateCard"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dashboard home page
         * @description The signed-in member's account, email and role, the environment shown (a banner in sandbox), and the figures: revenue this month and last, payments of the last 30 days by method, open invoices and failed payments. Signed out: 303 to /dashboard/login.
         */
        get: operations["showDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dashboard: audit log
         * @description Who did what in the session's account and environment (GET /account/audit-log), 50 a page, newest first. Owners and admins only.
         */
        get: operations["showDashboardAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dashboard: customers
         * @description The customers of the session's account and environment, newest first, 25 a page; q searches name, email and externalId (case-insensitive) and the document (punctuation ignored).
         */
        get: operations["showDashboardCustomers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/customers/{customerID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dashboard: one customer
         * @description The customer, its credit balances, its newest 20 invoices and their payments. Another account's or environment's id, or a malformed one, answers 404.
         */
        get: operations["showDashboardCustomer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/developers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dashboard: developers (API keys and webhook endpoints)
         * @description The session's environment's API keys (newest 100, revoked ones marked) and webhook endpoints, failing ones first and flagged. Owners and admins see the forms that create and revoke keys. Signed out: 303 to /dashboard/login.
         */
        get: operations["showDashboardDevelopers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/developers/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dashboard: the event log
         * @description The events of the session's account and environment, newest first, 25 a page; type keeps the events of one kind (e.g. invoice.paid).
         */
        get: operations["showDashboardEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/developers/events/{eventID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dashboard: one event and its JSON
         * @description Another account's or environment's id, or a malformed one, answers 404.
         */
        get: operations["showDashboardEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/developers/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a restricted API key (owners and admins)
         * @description Form fields name (optional), scope (one field per scope), idempotencyKey and csrf. Calls POST /account/keys in the session's environment and answers the page that shows the key, once; the same idempotencyKey replays that answer.
         */
        post: operations["createDashboardApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/developers/keys/{keyID}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key (owners and admins)
         * @description Form fields idempotencyKey and csrf. Calls DELETE /account/keys/:keyID: the key answers 401 from then on. Another account's or environment's key, or a malformed id, answers 404.
         */
        post: operations["revokeDashboardApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/developers/webhooks/{endpointID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dashboard: one webhook endpoint and its deliveries
         * @description The endpoint of the session's environment, whether it is failing and why, and its 20 newest deliveries (status, attempts, last error). Another account's or environment's id, or a malformed one, answers 404.
         */
        get: operations["showDashboardWebhookEndpoint"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/developers/webhooks/{endpointID}/deliveries/{deliveryID}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend a webhook delivery (owners, admins and support)
         * @description Form fields idempotencyKey and csrf. Calls POST /account/webhooks/:endpointID/deliveries/:deliveryID/retry: 303 to the endpoint's page; 409 when the endpoint is disabled.
         */
        post: operations["retryDashboardWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/developers/webhooks/{endpointID}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook endpoint's signing secret (owners and admins)
         * @description Form fields idempotencyKey and csrf. Calls POST /account/webhooks/:endpointID/rotate-secret and answers the page that shows the new secret, once (the old one signs beside it for 24 hours).
         */
        post: operations["rotateDashboardWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/environment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Switch the dashboard between sandbox and production
         * @description Form fields environment (sandbox or production) and csrf. 303 to /dashboard.
         */
        post: operations["switchDashboardEnvironment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The "forgot password" form
         * @description A form posting email and a CSRF token.
         */
        get: operations["showDashboardForgotPassword"];
        put?: never;
        /**
         * Ask for a password reset link by email
         * @description Form fields email and csrf. Mails a one-time reset link (an hour) to each membership of the email; the answer is the same whether the email is a member's or not. Limited per client address and email like the sign-in form (429).
         */
        post: operations["requestDashboardPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/invitation/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An invitation link: the form that sets the password */
        get: operations["showDashboardInvitation"];
        put?: never;
        /**
         * Accept an invitation: set the password and sign in
         * @description Form fields password (10 to 200 characters) and csrf. Uses the link once and starts a session.
         */
        post: operations["acceptDashboardInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dashboard sign-in page
         * @description A form posting email, password and a CSRF token; a signed-in browser is sent to /dashboard. pt-BR by default, English by Accept-Language.
         */
        get: operations["showDashboardSignIn"];
        put?: never;
        /**
         * Sign in to the dashboard (the sign-in form)
         * @description Form fields email, password and csrf (from the sign-in page, bound to its cookie: 403 without it). Attempts are limited per client address and email (DASHBOARD_SIGN_IN_ATTEMPTS failures per 15 minutes, default 10: 429; a success clears the count). A right password starts a new session (HttpOnly, SameSite=Lax cookie on /dashboard, Secure on https, 12 hours) and answers 303 to /dashboard; a wrong one, 401 and the form again.
         */
        post: operations["signInToDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out of the dashboard
         * @description Form field csrf. Revokes the session (its cookie stops working at once) and deletes the cookie: 303 to /dashboard/login.
         */
        post: operations["signOutOfDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The members page (owners and admins)
         * @description The account's members and the invitation form. 403 for support and read_only; signed out, 303 to /dashboard/login.
         */
        get: operations["showDashboardMembers"];
        put?: never;
        /**
         * Invite a member by email with a role
         * @description Form fields email, role and csrf. Mails a one-time invitation link (72 hours) that sets the password and signs in. Only an owner invites an owner.
         */
        post: operations["inviteDashboardMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/members/{id}/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a member
         * @description Form field csrf. Deletes the member with its sessions and links; never the last owner (409).
         */
        post: operations["removeDashboardMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/members/{id}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a member's role
         * @description Form fields role and csrf. Only an owner changes an owner or makes one; the last owner keeps the role (409).
         */
        post: operations["changeDashboardMemberRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in member's password form
         * @description Asks the current password when one is set. Signed out: 303 to /dashboard/login.
         */
        get: operations["showDashboardPassword"];
        put?: never;
        /**
         * Set or change the signed-in member's password
         * @description Form fields password, currentPassword (when one is set) and csrf.
         */
        post: operations["setDashboardPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/reset/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A password reset link: the new password form */
        get: operations["showDashboardPasswordReset"];
        put?: never;
        /**
         * Set a new password with a reset link
         * @description Form fields password (10 to 200 characters) and csrf. Uses the link once.
         */
        post: operations["resetDashboardPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/sign-in/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A one-time sign-in link
         * @description Shows a button that uses the link (a GET never uses it: mail scanners open links). 404 when it is unknown, used or expired.
         */
        get: operations["showDashboardSignInLink"];
        put?: never;
        /**
         * Use a one-time sign-in link (its page's button)
         * @description Form field csrf (from the link's page). Uses the link once and starts a session: 303 to /dashboard; 404 when used or expired.
         */
        post: operations["useDashboardSignInLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/enrollments/{enrollmentID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an enrollment */
        get: operations["getEnrollment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is up */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metering/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An enrollment's raw usage events, newest first */
        get: operations["listUsageEvents"];
        put?: never;
        /**
         * Record one usage event
         * @description Answers 201 `accepted` when recorded now, 200 `duplicate` when an event with this eventId was already recorded (nothing changes; the original timestamp is returned).
         */
        post: operations["recordUsageEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metering/events/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a batch of usage events, all or nothing
         * @description Up to 1000 events. When one event is invalid none is recorded, and the error's field names its position (events[12].meter).
         */
        post: operations["recordUsageBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metering/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An enrollment's aggregated usage of a meter over [from, to) */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List meters */
        get: operations["listMeters"];
        put?: never;
        /**
         * Create a meter
         * @description `key` is unique in the account and environment (409 on a clash). `property` is required for unique_count and refused otherwise.
         */
        post: operations["createMeter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meters/{meterID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a meter */
        get: operations["getMeter"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a meter
         * @description The key never changes. aggregation and property are fixed (409) once a published version or a rate card prices the meter.
         */
        patch: operations["updateMeter"];
        trace?: never;
    };
    "/pay/{slug}/{linkID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Payment link checkout page (HTML)
         * @description A payment link's `url`: the product, its price, the seller's branding (name, logo, support email, terms) and a payer form (name, email, CPF or CNPJ, the address when the product requiresShipping, a preferred method among those the account accepts, a coupon code). Its script calls POST /pay/{slug}/{linkID}/checkout and opens the invoice page. Portuguese (pt-BR) by default, English when Accept-Language prefers it. A wrong slug, a malformed id, another account's link, an inactive link or an archived version answer a 404 page.
         */
        get: operations["showPaymentLinkPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{slug}/{linkID}/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check out a payment link
         * @description The checkout page's action. No key; an Idempotency-Key (the page makes one per filled form) so a double click makes one invoice. Finds the payer by email within the link's account and environment, or creates them (name, email, CPF/CNPJ); makes and finalizes the invoice (one line: the product at the link's version price and quantity, a discount line with a coupon), or for a subscription product the subscription (billed in advance, sent as an invoice) and its first invoice; the link's successUrl and cancelUrl go on the invoice. Answers with `invoiceUrl`, the hosted invoice page where the buyer pays, and records `checkout.completed` (with the address). A link that is not sellable answers 404 `payment_link`; a refused field 422 naming it (`payer.document`, `payer.email`, `address`, `couponCode`, ...).
         */
        post: operations["checkoutPaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{slug}/boletos/{paymentID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Printable boleto page (HTML)
         * @description A boleto charge's boletoUrl: the digitable line and the ITF barcode, to print or pay in a banking app. A wrong slug, id or token answers a 404 HTML page.
         */
        get: operations["showBoletoPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{slug}/invoices/{invoiceID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Hosted invoice page (HTML)
         * @description The invoice's `invoiceUrl`, for the customer: the seller's name and support email, the invoice's number, status, dates, lines and amounts; an open invoice can be paid there by the methods the account accepts (its script calls `POST /pay/{slug}/invoices/{invoiceID}/payments` and polls `GET /pay/{slug}/invoices/{invoiceID}/status`); a paid one shows its receipt with the download links of its deliverables. Portuguese (pt-BR) by default, English when Accept-Language prefers it. No key: the link is the credential. A wrong slug, id or token, or a draft, answers a 404 HTML page.
         */
        get: operations["showHostedInvoicePage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{slug}/invoices/{invoiceID}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay a hosted invoice (the page's pay and "pay another way" action)
         * @description No key: the invoice link's token is the credential; a wrong slug, id or token, or another account's invoice, answers 404 `invoice`. Creates a charge of the open invoice's amountDue by `method` through the payments service; a pending charge of the invoice fails as `superseded` (this is how the buyer switches method). The answer carries what the page shows for the method (Pix QR and code, boleto line and barcode, crypto widget data) and, on this answer only, the card `clientSecret` or crypto `chargeToken`. Only an open invoice: otherwise 409 `invoice_not_payable` saying why (not issued yet, already paid, cancelled). A method the account does not accept for this invoice: 422 naming `method` (Pix and boleto are for BRL invoices). No payment provider connected (production): 409 `provider_not_configured`. Takes an Idempotency-Key: a retry or a double click pays once.
         */
        post: operations["payHostedInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{slug}/invoices/{invoiceID}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status of a hosted invoice (what its page polls)
         * @description No key: the invoice link's token is the credential; a wrong slug, id or token, another account's invoice, or a draft answers 404 `invoice`. The invoice's status and amount due, its latest charge (a pending Pix or boleto with what the page shows for it), and once paid the invoice's successUrl when the page may send the buyer there. The page polls it every 2 seconds; the charge's images (`pixQrImage`, `boletoBarcodeImage`) only with `images=true`, which the page asks once, when it resumes a pending charge after a reload.
         */
        get: operations["getHostedInvoiceStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/crypto/{paymentID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay a crypto charge with the buyer wallet's signed authorization
         * @description The wallet signs the requirements (EVM: EIP-3009 transferWithAuthorization, exactly the amount, to the seller wallet; Solana: the transaction of the requirements, its fee payer the Rail's); the service verifies it as the Rail facilitator does (the official x402 exact scheme), settles it and confirms the charge, spending the charge token. A refused authorization answers 422 with the x402 reason as the error `constraint` (for example `invalid_exact_evm_signature`, `invalid_exact_evm_payload_authorization_value_mismatch`); a nonce used before 409. On chain (Rail `facilitator.provider` `self` or `remote`) the transfer is settled before the charge is confirmed and the transaction hash becomes its providerId; a transaction not confirmed in time answers 503, and the same request sent again records it once it is (a repeat of a paid request answers the payment again).
         */
        post: operations["payWithWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/crypto/{paymentID}/requirements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A crypto charge's payment requirements for the buyer's wallet
         * @description x402 v2 PaymentRequired with one `exact` option: the charge's USD amount in the token's atomic units, to the seller wallet of the account's Rail settings. On Solana the option's `extra` names the Rail's fee payer, the charge's memo and a recent blockhash, and with `payer` (the buyer wallet's address) the answer carries the unsigned transaction that wallet signs (`transaction`). 404 for a wrong id or token; 409 when the token was spent, the charge is not pending, is not in USD, or the seller has no Rail settings (`rail_not_configured`) or no settlement for its network (`provider_not_configured`).
         */
        post: operations["getWalletPaymentRequirements"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/sandbox/cards/{paymentID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay a sandbox card charge with a test card
         * @description No key: the charge's clientSecret is the credential. 4242 4242 4242 4242 pays; the decline cards of the docs fail the charge with their failureCode (the answer is 200 with status failed). A malformed number, CVC or date, or a card that is not a test card, answers 422 and the charge stays pending.
         */
        post: operations["payWithTestCard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/sandbox/confirm/{paymentID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sandbox confirmation page
         * @description A sandbox charge's sandboxConfirmUrl: shows the charge and, while it is pending, a button that confirms it.
         */
        get: operations["showSandboxConfirmPage"];
        put?: never;
        /**
         * Confirm a sandbox charge (the page's button)
         * @description Confirms the pending charge without real money. Pressing again shows it confirmed. No Idempotency-Key: the link names one charge and confirming twice changes nothing.
         */
        post: operations["confirmSandboxPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/sandbox/crypto/{paymentID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay a sandbox crypto charge as the test wallet
         * @description No key: the charge's single-use chargeToken is the credential. Confirms the charge; a spent token answers 409.
         */
        post: operations["payWithTestWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/sandbox/pix/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The link a sandbox Pix code carries
         * @description Redirects to the charge's sandboxConfirmUrl (a BR Code field holds 99 characters, too few for the whole link).
         */
        get: operations["followSandboxPixLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List payment links */
        get: operations["listPaymentLinks"];
        put?: never;
        /**
         * Create a payment link
         * @description Sells a published version: `productVersionId`, or the default version when omitted (422 `no_default_version` when the product has none). `url` is {base_url}/pay/{accountSlug}/{linkID}.
         */
        post: operations["createPaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment-links/{linkID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a payment link */
        get: operations["getPaymentLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Turn a payment link on or off */
        patch: operations["updatePaymentLink"];
        trace?: never;
    };
    "/processors/{connectionID}/{token}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Events of a connected processor
         * @description The `webhookUrl` of a processor connection: register it at the processor. Verified with the processor’s own signature scheme.
         */
        post: operations["receiveProcessorEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/processors/{connectionID}/{token}/events/cobr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pix Automático callback on recurring charges of a pix_api connection (read back)
         * @description The `webhookUrl` of a processor connection: register it at the processor. Verified with the processor’s own signature scheme.
         */
        post: operations["receivePixRecurringChargeEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/processors/{connectionID}/{token}/events/pix": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pix API callback of a pix_api connection (confirmed by reading the charge back)
         * @description The `webhookUrl` of a processor connection: register it at the processor. Verified with the processor’s own signature scheme.
         */
        post: operations["receivePixProcessorEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/processors/{connectionID}/{token}/events/rec": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pix Automático callback on mandates (recurrences) of a pix_api connection (read back)
         * @description The `webhookUrl` of a processor connection: register it at the processor. Verified with the processor’s own signature scheme.
         */
        post: operations["receivePixRecurrenceEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List products */
        get: operations["listProducts"];
        put?: never;
        /**
         * Create a product (or return the product of an existing key)
         * @description Creates the product with version 1 as a draft (201) and records `product.created`. When the key exists, returns that product (200) with name and description updated; pricing is never changed this way: a different basePrice, billingCycle, pricingModel or currency answers 422 `pricing_immutable`.
         */
        post: operations["createProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/{productID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a product */
        get: operations["getProduct"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a product
         * @description Name, description, image and shipping only; pricing changes through versions.
         */
        patch: operations["updateProduct"];
        trace?: never;
    };
    "/products/{productID}/deliverable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The product's deliverable */
        get: operations["getProductDeliverable"];
        /**
         * Set or replace the product's deliverable
         * @description A link ({kind: "link", url}) or an uploaded file ({kind: "file", objectKey}); size and type come from the upload.
         */
        put: operations["setProductDeliverable"];
        post?: never;
        /**
         * Remove the product's deliverable
         * @description Returns the removed deliverable. Files already granted to buyers stay downloadable.
         */
        delete: operations["deleteProductDeliverable"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/{productID}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the versions of a product */
        get: operations["listProductVersions"];
        put?: never;
        /**
         * Create a draft version
         * @description The next sequential version, as a draft. Fields not sent are copied from the current version (latest published, else latest).
         */
        post: operations["createProductVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/{productID}/versions/{versionID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a version */
        get: operations["getProductVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a draft version
         * @description Drafts only: a published or archived version answers 422 `version_not_draft`. `prices`, when sent, replaces the list.
         */
        patch: operations["updateProductVersion"];
        trace?: never;
    };
    "/products/{productID}/versions/{versionID}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a version
         * @description A draft or a published offer; its payment links are deactivated. The default version answers 409: publish another default first.
         */
        post: operations["archiveProductVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/{productID}/versions/{versionID}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a draft version
         * @description With `default` true or no body, the version becomes the default (the previous default stays published as an offer) and the product's first payment link is created if it has none. With `default` false the version is an offer; the product must already have a default version (422 `no_default_version`). Records `product.version_published`.
         */
        post: operations["publishProductVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/accounts/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An account's checkout branding
         * @description Name, logo, support email and terms of an active account, by its slug. Unknown slugs and suspended or closed accounts answer 404.
         */
        get: operations["getPublicAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/downloads/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download what was paid for
         * @description A grant's downloadUrl. No key: the token is the credential. Redirects (302) to the deliverable: a link as the seller set it, a file through a signed URL valid for a short time (open the grant link again for a fresh one). A revoked or unknown token answers 404.
         */
        get: operations["downloadDeliverable"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/storefronts/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A shop and its products
         * @description No key. A disabled shop, a shop of a suspended or closed account and an unknown slug answer 404.
         */
        get: operations["getPublicStorefront"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/storefronts/{slug}/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Place an order (cart checkout)
         * @description No key; an Idempotency-Key (the shop page makes one per cart) so a double click orders once. Finds the payer by email within the shop's account or creates them, makes and finalizes the invoice (one line per item, shipping as a line when shipped and the shop sets an amount) and answers with `checkoutUrl`, the hosted invoice page where the buyer pays.
         */
        post: operations["createStorefrontOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/test-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a throwaway sandbox account
         * @description For trying the API with no operator: a new account whose only key is one `sk_test_` secret key with every scope (shown only here). It has no production key and can never get one (keys are made in the calling key's environment). Limited per client address and for the whole service per hour (`TEST_ACCOUNTS_PER_HOUR`, default 5; `TEST_ACCOUNTS_TOTAL_PER_HOUR`, default 200): 429 with Retry-After beyond. The Idempotency-Key lives in the client address's key space, so a retry from the same address replays the same account and key, and nobody else can.
         */
        post: operations["createTestAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rail/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Rail configuration of a product
         * @description Read once at the seller server start (rule 9). 422 when `product` is missing or its prices cannot be Rail routes, 404 for an unknown product, 409 `rail_not_configured` without settings.
         */
        get: operations["getRailConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rail/relayer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The relayer address of this environment */
        get: operations["getRailRelayer"];
        /**
         * Set the relayer of facilitator.provider "self"
         * @description The EVM private key that submits transferWithAuthorization and pays its gas in this environment. Sealed at rest like processor credentials (SECRETS_KEY) and never answered: the answer shows the address only. Replaces the earlier relayer. 503 `secrets_not_configured` when the operator set no SECRETS_KEY with DATABASE_URL.
         */
        put: operations["putRailRelayer"];
        post?: never;
        /** Remove the relayer (settlements with provider "self" answer 409 until one is set) */
        delete: operations["deleteRailRelayer"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rail/remote-facilitator": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The remote facilitator of this environment (headers masked) */
        get: operations["getRailRemoteFacilitator"];
        /**
         * Set the remote x402 facilitator of facilitator.provider "remote"
         * @description Any x402 v2 facilitator, by base URL (the official client appends /verify, /settle, /supported) and the headers it needs (an API key): sealed at rest like processor credentials and shown by name with their last four characters. The URL follows the webhook URL rules (https, no private addresses in production). 503 `secrets_not_configured` without SECRETS_KEY on PostgreSQL.
         */
        put: operations["putRailRemoteFacilitator"];
        post?: never;
        /** Remove the remote facilitator (provider "remote" answers 409 until one is set) */
        delete: operations["deleteRailRemoteFacilitator"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rail/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The Rail settings of this account and environment */
        get: operations["getRailSettings"];
        /**
         * Set the Rail settings of this account and environment
         * @description Network (CAIP-2), asset (contract or mint), its decimals, the seller wallet, grace limits and facilitator. Every invalid field is reported, one error each.
         */
        put: operations["putRailSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rail/settle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Settle an x402 payment (facilitator)
         * @description Settles once per authorization (nonce): a settled request records a usage event on the route meter for the agent and a confirmed crypto payment. Idempotent by the nonce, no Idempotency-Key needed. A nonce seen before answers success false, errorReason `invalid_exact_evm_nonce_already_used`, transaction "", and the earlier settlement in extra when it was this seller's (extra.alreadySettled).
         */
        post: operations["settleRailPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rail/settlements/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a settlement made with the remote facilitator while the service was unreachable
         * @description Sent by the seller middleware (facilitator.provider "remote") once the service is back: the payment payload, its requirements and the transaction hash the remote facilitator answered. The transaction is read on chain (RAIL_RPC_URLS): it must hold the token's AuthorizationUsed of the payer and nonce and the transfer of exactly the route's amount to payTo; then the settlement is recorded once (usage, receipt, payment), as a settle records it. A second report answers the same settlement with extra.alreadySettled true. A transaction not mined yet answers success false, `invalid_transaction_state`; one that did not pay this payment, `invalid_rail_report_transaction`.
         */
        post: operations["reportRailSettlement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rail/supported": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Payment kinds the Rail facilitator verifies and settles (x402 v2)
         * @description With a key (`rail:read`): what its account and environment settle. Without one: what the service settles.
         */
        get: operations["getRailSupported"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rail/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify an x402 payment (facilitator)
         * @description x402 v2 request `{x402Version, paymentPayload, paymentRequirements}`; answers `isValid` with `invalidReason` and `payer`. 409 `rail_not_configured`, or `provider_not_configured` outside the sandbox test networks.
         */
        post: operations["verifyRailPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The database is reachable */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shop/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The shop page (HTML)
         * @description The storefront for a buyer: products with "add" buttons, a cart summary, the seller (name, CNPJ, support email), payer details, pickup or shipping and the address when asked. Its script places the order (POST /public/storefronts/{slug}/orders) and opens the checkout URL. Portuguese (pt-BR) by default, English when Accept-Language prefers it. A disabled or unknown shop answers a 404 page.
         */
        get: operations["getShopPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/storage/objects/{objectKey}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download an object through a presigned URL */
        get: operations["getSignedObject"];
        /**
         * Upload an object through a presigned URL
         * @description Send the file bytes with the Content-Type the URL was presigned for. No API key: the signature is the credential.
         */
        put: operations["putSignedObject"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/storefronts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List storefronts */
        get: operations["listStorefronts"];
        put?: never;
        /**
         * Create a storefront
         * @description A public shop at /shop/{slug} and /public/storefronts/{slug}. A slug already used by any shop answers 409 `slug_taken`.
         */
        post: operations["createStorefront"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/storefronts/{storefrontID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a storefront */
        get: operations["getStorefront"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a storefront
         * @description Every field optional; omitted fields do not change. An empty `logoObjectKey` or `bannerObjectKey` removes the image. `status` `disabled` takes the shop offline at once; `active` brings it back.
         */
        patch: operations["updateStorefront"];
        trace?: never;
    };
    "/test/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The sandbox's test clock
         * @description Sandbox keys only; a live key gets 404.
         */
        get: operations["getTestClock"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test/clock/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move the sandbox's clock forward and run what became due
         * @description The calling account's sandbox runs as of `to` from now on (requests, subscription cycles). The answer comes once the periods due up to `to` are invoiced. Forward only: a `to` before the clock is refused (422), and so is one more than 10 years after the real time. Sandbox keys only; a live key gets 404. Production always uses the real clock.
         */
        post: operations["advanceTestClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test/clock/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Return the sandbox's clock to the real time
         * @description The calling account's sandbox runs on the real clock again (`frozen` false). Refused with 409 `test_clock_ahead` while anything of the sandbox (an invoice, a billed period, a payment, any change that records an event) is dated after the real time: going back would bill those periods again or date new records before them. Sandbox keys only; a live key gets 404.
         */
        post: operations["resetTestClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test/emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The sandbox mail outbox, newest first
         * @description Emails the service would have sent in sandbox (invoices, ...). Sandbox keys (sk_test_) only; a live key gets 404.
         */
        get: operations["listTestEmails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test/payments/{paymentID}/chargeback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Charge back a confirmed sandbox payment (the buyer disputed it) */
        post: operations["chargebackTestPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test/payments/{paymentID}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm a sandbox charge as if the money arrived */
        post: operations["confirmTestPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test/payments/{paymentID}/fail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Fail a pending sandbox charge with a failure code */
        post: operations["failTestPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test/pix-mandates/{mandateID}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the payer's bank approves a simulated mandate
         * @description A pending mandate only.
         */
        post: operations["approveTestPixMandate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test/pix-mandates/{mandateID}/refuse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the payer's bank refuses a simulated mandate
         * @description A pending mandate only.
         */
        post: operations["refuseTestPixMandate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test/pix-mandates/{mandateID}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the payer's bank revokes a simulated mandate
         * @description An active mandate only; its later charges fail with `mandate_revoked`.
         */
        post: operations["revokeTestPixMandate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** NestedError */
        NestedError: {
            error: {
                /** @description rate_limited, idempotency_key_missing, idempotency_key_in_use or idempotency_key_reused. */
                code: string;
                message: string;
                /** @description Request id to give to support; also the X-Request-Id header. */
                request_id: string;
            };
        };
        /** NotFoundError */
        NotFoundError: {
            /** @enum {string} */
            error_code: "not_found";
            message: string;
            metadata?: {
                [key: string]: unknown;
            };
            /** @description Kind of resource that was not found. */
            resource: string;
            /** @description Request id to give to support; also the X-Request-Id header. */
            tracer_id: string;
        };
        /** StandardError */
        StandardError: {
            /** @description Stable code clients branch on. */
            error_code: string;
            message: string;
            /** @description Request id to give to support; also the X-Request-Id header. */
            tracer_id: string;
        };
        /** ValidationError */
        ValidationError: {
            error_code: string;
            errors: {
                /** @description The rule that failed, e.g. required, decimal_string. */
                constraint: string;
                description: string;
                /** @description Path of the field, e.g. events[3].value. */
                field: string;
                /** @description The value received, as a string. */
                value: string;
            }[];
            message: string;
            /** @description Request id to give to support; also the X-Request-Id header. */
            tracer_id: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHome: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The front page, or the index of links. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        links: {
                            /** @description The API reference (HTML). */
                            docs: string;
                            /** @description Liveness. */
                            health: string;
                            /** @description The OpenAPI document. */
                            openapi: string;
                            /** @description Readiness (the database is reachable). */
                            ready: string;
                        };
                        /** @description billing */
                        service: string;
                        /** @description The service's version (package.json). */
                        version: string;
                    };
                    "text/html": string;
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listAuditEntries: {
        parameters: {
            query?: {
                actorId?: string;
                actorType?: "api_key" | "member";
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
                resourceId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: {
                            /** @description The operationId of the API call, e.g. refundPayment. */
                            action: string;
                            actor: {
                                /** @description The key's id, or the member's. */
                                id: string;
                                label: string | null;
                                /** @description An API key, or a dashboard member acting through its session. */
                                type: "api_key" | "member";
                            };
                            /**
                             * Format: date-time
                             * @description When it happened (the real time, never a sandbox test clock).
                             */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            resourceId: string | null;
                            resourceType: string | null;
                            /** @description The HTTP status of the answer (a success). */
                            status: number;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            /** Format: date-time */
                            createdAt: string;
                            /** @description The resource as it was after the change. */
                            data: unknown;
                            environment: string;
                            /** Format: uuid */
                            id: string;
                            /** @description Event kind, e.g. invoice.finalized. */
                            type: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                eventID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @description The resource as it was after the change. */
                        data: unknown;
                        environment: string;
                        /** Format: uuid */
                        id: string;
                        /** @description Event kind, e.g. invoice.finalized. */
                        type: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listKeys: {
        parameters: {
            query?: {
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: {
                            /** Format: date-time */
                            createdAt: string;
                            environment: "sandbox" | "production";
                            /** Format: uuid */
                            id: string;
                            name: string | null;
                            /** @description Prefix and last four characters; the key itself is never returned again. */
                            redactedKey: string;
                            revokedAt: string | null;
                            scopes: string[];
                            type: "secret" | "publishable";
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description What the key may do. */
                    scopes: ("catalog:read" | "catalog:write" | "customers:read" | "customers:write" | "metering:write" | "metering:read" | "billing:read" | "billing:write" | "account:read" | "account:write" | "storefronts:read" | "storefronts:write" | "rail:read")[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        environment: "sandbox" | "production";
                        /** Format: uuid */
                        id: string;
                        /** @description The full key. Shown only in this response; store it now. */
                        key: string;
                        name: string | null;
                        scopes: string[];
                        type: "secret" | "publishable";
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    revokeKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        environment: "sandbox" | "production";
                        /** Format: uuid */
                        id: string;
                        name: string | null;
                        /** @description Prefix and last four characters; the key itself is never returned again. */
                        redactedKey: string;
                        revokedAt: string | null;
                        scopes: string[];
                        type: "secret" | "publishable";
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        providers: {
                            checkedAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description Non-secret fields as given; each secret as its last four characters only. */
                            credentials: {
                                [key: string]: string;
                            };
                            environment: "sandbox" | "production";
                            methods: ("card" | "pix" | "boleto")[];
                            /** @description `processor_a`, `processor_b` or `pix_api` (the Banco Central Pix API standard, through the seller’s bank or PSP). */
                            provider: "processor_a" | "processor_b" | "pix_api";
                            /** @description `unchecked` until POST .../check; then `active`, or `failing` with `statusReason`. */
                            status: "unchecked" | "active" | "failing";
                            statusReason: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Register this URL at the processor for its events (pix_api: the PSP calls it with `/pix` appended). */
                            webhookUrl: string;
                        }[];
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `processor_a`, `processor_b` or `pix_api` (the Banco Central Pix API standard, through the seller’s bank or PSP). */
                provider: "processor_a" | "processor_b" | "pix_api";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checkedAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** @description Non-secret fields as given; each secret as its last four characters only. */
                        credentials: {
                            [key: string]: string;
                        };
                        environment: "sandbox" | "production";
                        methods: ("card" | "pix" | "boleto")[];
                        /** @description `processor_a`, `processor_b` or `pix_api` (the Banco Central Pix API standard, through the seller’s bank or PSP). */
                        provider: "processor_a" | "processor_b" | "pix_api";
                        /** @description `unchecked` until POST .../check; then `active`, or `failing` with `statusReason`. */
                        status: "unchecked" | "active" | "failing";
                        statusReason: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description Register this URL at the processor for its events (pix_api: the PSP calls it with `/pix` appended). */
                        webhookUrl: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    putProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `processor_a`, `processor_b` or `pix_api` (the Banco Central Pix API standard, through the seller’s bank or PSP). */
                provider: "processor_a" | "processor_b" | "pix_api";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description processor_b `{secretKey, publishableKey, webhookSecret}`; processor_a `{apiKey, merchantAccount, clientKey, hmacKey, liveUrlPrefix}`; pix_api `{baseUrl, clientId, clientSecret, certificate, privateKey, pixKey}` (PEM text). Encrypted at rest, never returned. */
                    credentials: {
                        [key: string]: string;
                    };
                    /** @description Which methods this connection serves in the key’s environment; one connection per method per environment. */
                    methods: ("card" | "pix" | "boleto")[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checkedAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** @description Non-secret fields as given; each secret as its last four characters only. */
                        credentials: {
                            [key: string]: string;
                        };
                        environment: "sandbox" | "production";
                        methods: ("card" | "pix" | "boleto")[];
                        /** @description `processor_a`, `processor_b` or `pix_api` (the Banco Central Pix API standard, through the seller’s bank or PSP). */
                        provider: "processor_a" | "processor_b" | "pix_api";
                        /** @description `unchecked` until POST .../check; then `active`, or `failing` with `statusReason`. */
                        status: "unchecked" | "active" | "failing";
                        statusReason: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description Register this URL at the processor for its events (pix_api: the PSP calls it with `/pix` appended). */
                        webhookUrl: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description provider_unavailable (the processor is down) or provider_error (it refused the request); nothing was written. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description provider_timeout: the processor did not answer in time; nothing was written, and a retry with the same Idempotency-Key never charges twice. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    deleteProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `processor_a`, `processor_b` or `pix_api` (the Banco Central Pix API standard, through the seller’s bank or PSP). */
                provider: "processor_a" | "processor_b" | "pix_api";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checkedAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** @description Non-secret fields as given; each secret as its last four characters only. */
                        credentials: {
                            [key: string]: string;
                        };
                        environment: "sandbox" | "production";
                        methods: ("card" | "pix" | "boleto")[];
                        /** @description `processor_a`, `processor_b` or `pix_api` (the Banco Central Pix API standard, through the seller’s bank or PSP). */
                        provider: "processor_a" | "processor_b" | "pix_api";
                        /** @description `unchecked` until POST .../check; then `active`, or `failing` with `statusReason`. */
                        status: "unchecked" | "active" | "failing";
                        statusReason: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description Register this URL at the processor for its events (pix_api: the PSP calls it with `/pix` appended). */
                        webhookUrl: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    checkProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `processor_a`, `processor_b` or `pix_api` (the Banco Central Pix API standard, through the seller’s bank or PSP). */
                provider: "processor_a" | "processor_b" | "pix_api";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checkedAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** @description Non-secret fields as given; each secret as its last four characters only. */
                        credentials: {
                            [key: string]: string;
                        };
                        environment: "sandbox" | "production";
                        methods: ("card" | "pix" | "boleto")[];
                        /** @description `processor_a`, `processor_b` or `pix_api` (the Banco Central Pix API standard, through the seller’s bank or PSP). */
                        provider: "processor_a" | "processor_b" | "pix_api";
                        /** @description `unchecked` until POST .../check; then `active`, or `failing` with `statusReason`. */
                        status: "unchecked" | "active" | "failing";
                        statusReason: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description Register this URL at the processor for its events (pix_api: the PSP calls it with `/pix` appended). */
                        webhookUrl: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getTenant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The card processor whose browser flow card charges use: it picks the nextAction type (processor_a_session or processor_b_payment_intent). Default processor_b. */
                        cardProcessor: "processor_a" | "processor_b";
                        cnpj: string | null;
                        /** @description byop collects through the account's connected providers; managed through the service's own account. Always byop in sandbox. */
                        collectionMode: "byop" | "managed";
                        /** Format: date-time */
                        createdAt: string;
                        /** @description The dunning of charge_automatically subscriptions: the retry schedule and its final step. Default [1, 3, 5, 7] and cancel. */
                        dunning: {
                            /** @description After the last retry fails: cancel (the open invoices uncollectible, the subscription canceled) or leave_past_due (both left as they are, no more automatic retries). */
                            finalAction: "cancel" | "leave_past_due";
                            /** @description Days after the first failed automatic charge when a retry charges the open invoices again; strictly increasing. */
                            retryDays: number[];
                        };
                        /** Format: uuid */
                        id: string;
                        /** @description The language of the emails the service sends to buyers and of the invoice line text it writes (coupon, shipping, proration lines): pt-BR or en; null (the default) writes pt-BR for BRL and English for any other currency. A line keeps the text it was written with. Buyer pages follow the browser's language (pt-BR unless it prefers English). */
                        locale: ("pt-BR" | "en") | null;
                        logoUrl: string | null;
                        name: string;
                        slug: string;
                        status: "active" | "suspended" | "closed";
                        supportEmail: string | null;
                        termsUrl: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    updateTenant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The card processor whose browser flow card charges use: it picks the nextAction type (processor_a_session or processor_b_payment_intent). Default processor_b. */
                    cardProcessor?: "processor_a" | "processor_b";
                    cnpj?: string | null;
                    /** @description Either or both; what is left out stays as it is. Applies from the next retry computed. */
                    dunning?: {
                        /** @description After the last retry fails: cancel (the open invoices uncollectible, the subscription canceled) or leave_past_due (both left as they are, no more automatic retries). */
                        finalAction?: "cancel" | "leave_past_due";
                        /** @description Days after the first failed automatic charge when a retry charges the open invoices again; strictly increasing. */
                        retryDays?: number[];
                    };
                    /** @description The language of the emails the service sends to buyers and of the invoice line text it writes (coupon, shipping, proration lines): pt-BR or en; null (the default) writes pt-BR for BRL and English for any other currency. A line keeps the text it was written with. Buyer pages follow the browser's language (pt-BR unless it prefers English). */
                    locale?: ("pt-BR" | "en") | null;
                    logoUrl?: string | null;
                    name?: string;
                    /** @description Public identifier used in checkout URLs (/pay/{slug}). */
                    slug?: string;
                    supportEmail?: string | null;
                    termsUrl?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The card processor whose browser flow card charges use: it picks the nextAction type (processor_a_session or processor_b_payment_intent). Default processor_b. */
                        cardProcessor: "processor_a" | "processor_b";
                        cnpj: string | null;
                        /** @description byop collects through the account's connected providers; managed through the service's own account. Always byop in sandbox. */
                        collectionMode: "byop" | "managed";
                        /** Format: date-time */
                        createdAt: string;
                        /** @description The dunning of charge_automatically subscriptions: the retry schedule and its final step. Default [1, 3, 5, 7] and cancel. */
                        dunning: {
                            /** @description After the last retry fails: cancel (the open invoices uncollectible, the subscription canceled) or leave_past_due (both left as they are, no more automatic retries). */
                            finalAction: "cancel" | "leave_past_due";
                            /** @description Days after the first failed automatic charge when a retry charges the open invoices again; strictly increasing. */
                            retryDays: number[];
                        };
                        /** Format: uuid */
                        id: string;
                        /** @description The language of the emails the service sends to buyers and of the invoice line text it writes (coupon, shipping, proration lines): pt-BR or en; null (the default) writes pt-BR for BRL and English for any other currency. A line keeps the text it was written with. Buyer pages follow the browser's language (pt-BR unless it prefers English). */
                        locale: ("pt-BR" | "en") | null;
                        logoUrl: string | null;
                        name: string;
                        slug: string;
                        status: "active" | "suspended" | "closed";
                        supportEmail: string | null;
                        termsUrl: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nextCursor: string | null;
                        webhooks: {
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            disabledReason: string | null;
                            events: string[];
                            /** Format: uuid */
                            id: string;
                            isActive: boolean;
                            slowLaneUntil: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                            url: string;
                        }[];
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    /** @description Event kinds to receive, or "*" for all. Known kinds: account.updated, api_key.created, api_key.revoked, customer.created, product.created, product.version_published, deliverable.granted, deliverable.updated, deliverable.deleted, invoice.created, invoice.finalized, invoice.sent, invoice.paid, invoice.voided, invoice.marked_uncollectible, credit_note.created, payment.created, payment.confirmed, payment.failed, payment.refunded, payment.charged_back, pix_mandate.created, pix_mandate.updated, coupon.created, subscription.created, subscription.updated, subscription.canceled, coupon.archived, storefront.created, storefront.updated, storefront.order_created, checkout.completed, webhook_endpoint.disabled, ledger.mismatch, rail.relayer_low_balance, webhook.test. */
                    events: string[];
                    /**
                     * Format: uri
                     * @description Where events are POSTed. https, and a public address, unless the service allows private targets (development).
                     */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        description: string | null;
                        disabledReason: string | null;
                        events: string[];
                        /** Format: uuid */
                        id: string;
                        isActive: boolean;
                        /** @description Signing secret (whsec_ + base64). Shown only in this answer. */
                        secret: string;
                        slowLaneUntil: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        url: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpointID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        description: string | null;
                        disabledReason: string | null;
                        events: string[];
                        /** Format: uuid */
                        id: string;
                        isActive: boolean;
                        slowLaneUntil: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        url: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpointID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        description: string | null;
                        disabledReason: string | null;
                        events: string[];
                        /** Format: uuid */
                        id: string;
                        isActive: boolean;
                        slowLaneUntil: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        url: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpointID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    /** @description Event kinds to receive, or "*" for all. Known kinds: account.updated, api_key.created, api_key.revoked, customer.created, product.created, product.version_published, deliverable.granted, deliverable.updated, deliverable.deleted, invoice.created, invoice.finalized, invoice.sent, invoice.paid, invoice.voided, invoice.marked_uncollectible, credit_note.created, payment.created, payment.confirmed, payment.failed, payment.refunded, payment.charged_back, pix_mandate.created, pix_mandate.updated, coupon.created, subscription.created, subscription.updated, subscription.canceled, coupon.archived, storefront.created, storefront.updated, storefront.order_created, checkout.completed, webhook_endpoint.disabled, ledger.mismatch, rail.relayer_low_balance, webhook.test. */
                    events?: string[];
                    /** @description false stops deliveries (pending ones fail); true turns a disabled endpoint back on. */
                    isActive?: boolean;
                    /**
                     * Format: uri
                     * @description Where events are POSTed. https, and a public address, unless the service allows private targets (development).
                     */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        description: string | null;
                        disabledReason: string | null;
                        events: string[];
                        /** Format: uuid */
                        id: string;
                        isActive: boolean;
                        slowLaneUntil: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        url: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
                status?: "pending" | "delivered" | "failed";
            };
            header?: never;
            path: {
                endpointID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: {
                            attemptCount: number;
                            attempts: {
                                /** @description Attempt number, from 1. */
                                attempt: number;
                                /** Format: date-time */
                                attemptedAt: string;
                                durationMs: number;
                                error: string | null;
                                responseBody: string | null;
                                status: number | null;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            deliveredAt: string | null;
                            /** Format: uuid */
                            endpointId: string;
                            /**
                             * Format: uuid
                             * @description Also the webhook-id header: the same on every attempt.
                             */
                            eventId: string;
                            eventType: string;
                            /** Format: uuid */
                            id: string;
                            nextAttemptAt: string | null;
                            status: "pending" | "delivered" | "failed";
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryID: string;
                endpointID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attemptCount: number;
                        attempts: {
                            /** @description Attempt number, from 1. */
                            attempt: number;
                            /** Format: date-time */
                            attemptedAt: string;
                            durationMs: number;
                            error: string | null;
                            responseBody: string | null;
                            status: number | null;
                        }[];
                        /** Format: date-time */
                        createdAt: string;
                        deliveredAt: string | null;
                        /** Format: uuid */
                        endpointId: string;
                        /**
                         * Format: uuid
                         * @description Also the webhook-id header: the same on every attempt.
                         */
                        eventId: string;
                        eventType: string;
                        /** Format: uuid */
                        id: string;
                        nextAttemptAt: string | null;
                        status: "pending" | "delivered" | "failed";
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpointID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        description: string | null;
                        disabledReason: string | null;
                        events: string[];
                        /** Format: uuid */
                        id: string;
                        isActive: boolean;
                        /** @description Signing secret (whsec_ + base64). Shown only in this answer. */
                        secret: string;
                        slowLaneUntil: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        url: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    sendTestWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpointID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attemptCount: number;
                        attempts: {
                            /** @description Attempt number, from 1. */
                            attempt: number;
                            /** Format: date-time */
                            attemptedAt: string;
                            durationMs: number;
                            error: string | null;
                            responseBody: string | null;
                            status: number | null;
                        }[];
                        /** Format: date-time */
                        createdAt: string;
                        deliveredAt: string | null;
                        /** Format: uuid */
                        endpointId: string;
                        /**
                         * Format: uuid
                         * @description Also the webhook-id header: the same on every attempt.
                         */
                        eventId: string;
                        eventType: string;
                        /** Format: uuid */
                        id: string;
                        nextAttemptAt: string | null;
                        status: "pending" | "delivered" | "failed";
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description The first member of the account, its owner, created in the same transaction. */
                    owner?: {
                        /**
                         * Format: email
                         * @description Lowercased; signs in to the dashboard (/dashboard/login).
                         */
                        email: string;
                        /** @description At least 10 characters. Without it the answer carries a one-time sign-in link. */
                        password?: string;
                    };
                    /** @description Public identifier used in checkout URLs (/pay/{slug}). */
                    slug?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Account */
                        account: {
                            /** @description The card processor whose browser flow card charges use: it picks the nextAction type (processor_a_session or processor_b_payment_intent). Default processor_b. */
                            cardProcessor: "processor_a" | "processor_b";
                            cnpj: string | null;
                            /** @description byop collects through the account's connected providers; managed through the service's own account. Always byop in sandbox. */
                            collectionMode: "byop" | "managed";
                            /** Format: date-time */
                            createdAt: string;
                            /** @description The dunning of charge_automatically subscriptions: the retry schedule and its final step. Default [1, 3, 5, 7] and cancel. */
                            dunning: {
                                /** @description After the last retry fails: cancel (the open invoices uncollectible, the subscription canceled) or leave_past_due (both left as they are, no more automatic retries). */
                                finalAction: "cancel" | "leave_past_due";
                                /** @description Days after the first failed automatic charge when a retry charges the open invoices again; strictly increasing. */
                                retryDays: number[];
                            };
                            /** Format: uuid */
                            id: string;
                            /** @description The language of the emails the service sends to buyers and of the invoice line text it writes (coupon, shipping, proration lines): pt-BR or en; null (the default) writes pt-BR for BRL and English for any other currency. A line keeps the text it was written with. Buyer pages follow the browser's language (pt-BR unless it prefers English). */
                            locale: ("pt-BR" | "en") | null;
                            logoUrl: string | null;
                            name: string;
                            slug: string;
                            status: "active" | "suspended" | "closed";
                            supportEmail: string | null;
                            termsUrl: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        keys: {
                            environment: "sandbox" | "production";
                            /** Format: uuid */
                            id: string;
                            /** @description The full key. Shown only in this response; store it now. */
                            key: string;
                            scopes: string[];
                            type: "secret" | "publishable";
                        }[];
                        /** @description The owner, when `owner` was sent. */
                        owner?: {
                            email: string;
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            role: "owner";
                            signInUrl: string | null;
                        };
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listCoupons: {
        parameters: {
            query?: {
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        coupons: {
                            code: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description `once`: the first invoice only; `repeating`: durationInCycles billing periods; `forever`: every invoice. One-off invoices are discounted once whatever the duration. */
                            duration: "once" | "repeating" | "forever";
                            durationInCycles: number | null;
                            /** Format: uuid */
                            id: string;
                            maxRedemptions: number | null;
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            percentOff: string;
                            redeemBy: string | null;
                            /** @description `active` while it can be redeemed; `archived`, `expired` (past redeemBy) or `exhausted` (maxRedemptions reached) otherwise. */
                            status: "active" | "archived" | "expired" | "exhausted";
                            timesRedeemed: number;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createCoupon: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What customers type: letters, digits, _ and -, up to 64; unique whatever the case. */
                    code: string;
                    /** @description `once`: the first invoice only; `repeating`: durationInCycles billing periods; `forever`: every invoice. One-off invoices are discounted once whatever the duration. */
                    duration: "once" | "repeating" | "forever";
                    /** @description Required with duration repeating, refused otherwise. */
                    durationInCycles?: number;
                    /** @description Total redemptions allowed; unlimited when absent. */
                    maxRedemptions?: number;
                    /**
                     * Format: decimal
                     * @description More than 0 and at most 100, up to 4 decimals.
                     * @example 10.50
                     */
                    percentOff: string;
                    /**
                     * Format: date-time
                     * @description Last instant it can be redeemed (in the future).
                     */
                    redeemBy?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** @description `once`: the first invoice only; `repeating`: durationInCycles billing periods; `forever`: every invoice. One-off invoices are discounted once whatever the duration. */
                        duration: "once" | "repeating" | "forever";
                        durationInCycles: number | null;
                        /** Format: uuid */
                        id: string;
                        maxRedemptions: number | null;
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        percentOff: string;
                        redeemBy: string | null;
                        /** @description `active` while it can be redeemed; `archived`, `expired` (past redeemBy) or `exhausted` (maxRedemptions reached) otherwise. */
                        status: "active" | "archived" | "expired" | "exhausted";
                        timesRedeemed: number;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getCoupon: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                couponID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** @description `once`: the first invoice only; `repeating`: durationInCycles billing periods; `forever`: every invoice. One-off invoices are discounted once whatever the duration. */
                        duration: "once" | "repeating" | "forever";
                        durationInCycles: number | null;
                        /** Format: uuid */
                        id: string;
                        maxRedemptions: number | null;
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        percentOff: string;
                        redeemBy: string | null;
                        /** @description `active` while it can be redeemed; `archived`, `expired` (past redeemBy) or `exhausted` (maxRedemptions reached) otherwise. */
                        status: "active" | "archived" | "expired" | "exhausted";
                        timesRedeemed: number;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    archiveCoupon: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                couponID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** @description `once`: the first invoice only; `repeating`: durationInCycles billing periods; `forever`: every invoice. One-off invoices are discounted once whatever the duration. */
                        duration: "once" | "repeating" | "forever";
                        durationInCycles: number | null;
                        /** Format: uuid */
                        id: string;
                        maxRedemptions: number | null;
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        percentOff: string;
                        redeemBy: string | null;
                        /** @description `active` while it can be redeemed; `archived`, `expired` (past redeemBy) or `exhausted` (maxRedemptions reached) otherwise. */
                        status: "active" | "archived" | "expired" | "exhausted";
                        timesRedeemed: number;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                creditNoteID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: decimal
                         * @description What the credit note takes off the invoice.
                         * @example 10.50
                         */
                        amount: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** @description The invoice's currency. */
                        currency: string;
                        customerId: string | null;
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        invoiceId: string;
                        /** @description The invoice lines credited; empty when the credit note was made by amount. */
                        lines: {
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            amount: string;
                            /** @description The invoice line's description. */
                            description: string;
                            /** Format: uuid */
                            id: string;
                            /**
                             * Format: uuid
                             * @description The invoice line credited.
                             */
                            lineItemId: string;
                            quantity: string | null;
                        }[];
                        /** @description Sequential per account and environment, gap-free (CN-000001). */
                        number: string;
                        /** @description refund: the invoice's confirmed payments are refunded for the amount through their provider (a paid invoice only). credit: on a paid invoice the amount is added to the customer's balance, applied to its next invoice in the currency; on an open invoice it lowers amountDue. */
                        outcome: "refund" | "credit";
                        reason: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listInvoices: {
        parameters: {
            query?: {
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                /** @description An enrollment id (matches customerId) or a customer id (matches payerId). */
                customerId?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
                /** @description draft (being built), open (issued, awaiting payment), paid, void (canceled), uncollectible (written off). */
                status?: "draft" | "open" | "paid" | "void" | "uncollectible";
                subscriptionId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invoices: {
                            /**
                             * Format: decimal
                             * @description How much is still owed: 0 once paid or void.
                             * @example 10.50
                             */
                            amountDue: string;
                            /**
                             * Format: decimal
                             * @description What of the customer's credit balance was applied to the invoice when it was finalized: amountDue = total - appliedBalance (less credit notes on an open invoice) until it is paid.
                             * @example 10.50
                             */
                            appliedBalance: string;
                            cancelUrl: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /**
                             * Format: decimal
                             * @description What credit notes took off the invoice (the sum of its credit notes' amounts; GET /billing/invoices/{invoiceID}/credit-notes). A paid invoice stays paid when credited.
                             * @example 10.50
                             */
                            creditedAmount: string;
                            /** @description ISO 4217 code. */
                            currency: string;
                            customerId: string | null;
                            dueDate: string | null;
                            finalizedAt: string | null;
                            /** Format: uuid */
                            id: string;
                            invoiceNumber: string | null;
                            /** @description Hosted invoice page, for the customer: {base_url}/pay/{accountSlug}/invoices/{invoiceID}?token=... */
                            invoiceUrl: string;
                            lineItems: {
                                /**
                                 * Format: decimal
                                 * @description Rounded half-up to the currency's minor unit.
                                 * @example 10.50
                                 */
                                amount: string;
                                description: string;
                                /** Format: uuid */
                                id: string;
                                meterId: string | null;
                                priceId: string | null;
                                productId: string | null;
                                proration: boolean;
                                /**
                                 * Format: decimal
                                 * @description Full precision.
                                 * @example 10.50
                                 */
                                quantity: string;
                                /** @description `usage` for metered usage, `one_off` for lines of POST /billing/invoices. */
                                type: string;
                                /**
                                 * Format: decimal
                                 * @description Full precision, with at least the currency's decimals ("49.90", "0.0015").
                                 * @example 10.50
                                 */
                                unitPrice: string;
                            }[];
                            paidAt: string | null;
                            payerId: string | null;
                            periodEnd: string | null;
                            periodStart: string | null;
                            /** @description draft (being built), open (issued, awaiting payment), paid, void (canceled), uncollectible (written off). */
                            status: "draft" | "open" | "paid" | "void" | "uncollectible";
                            subscriptionId: string | null;
                            /**
                             * Format: decimal
                             * @description Sum of the line amounts.
                             * @example 10.50
                             */
                            subtotal: string;
                            successUrl: string | null;
                            /**
                             * Format: decimal
                             * @description Always zero: no tax is computed yet.
                             * @example 10.50
                             */
                            tax: string;
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            total: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uri */
                    cancelUrl?: string;
                    /** @description A coupon's code (any case): a `discount` line takes its percentage off the other lines. The coupon counts one redemption. */
                    couponCode?: string;
                    /** @description ISO 4217 code, e.g. BRL. */
                    currency: string;
                    /**
                     * Format: uuid
                     * @description The paying customer (a customer id).
                     */
                    customerId: string;
                    /**
                     * Format: date-time
                     * @description In the future; by default 7 days after finalization.
                     */
                    dueDate?: string;
                    lineItems: {
                        description: string;
                        /** Format: uuid */
                        productId?: string;
                        /**
                         * Format: decimal
                         * @description Greater than 0.
                         * @example 10.50
                         */
                        quantity: string;
                        /**
                         * Format: decimal
                         * @description Zero or more.
                         * @example 10.50
                         */
                        unitPrice: string;
                    }[];
                    /** Format: uri */
                    successUrl?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: decimal
                         * @description How much is still owed: 0 once paid or void.
                         * @example 10.50
                         */
                        amountDue: string;
                        /**
                         * Format: decimal
                         * @description What of the customer's credit balance was applied to the invoice when it was finalized: amountDue = total - appliedBalance (less credit notes on an open invoice) until it is paid.
                         * @example 10.50
                         */
                        appliedBalance: string;
                        cancelUrl: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /**
                         * Format: decimal
                         * @description What credit notes took off the invoice (the sum of its credit notes' amounts; GET /billing/invoices/{invoiceID}/credit-notes). A paid invoice stays paid when credited.
                         * @example 10.50
                         */
                        creditedAmount: string;
                        /** @description ISO 4217 code. */
                        currency: string;
                        customerId: string | null;
                        dueDate: string | null;
                        finalizedAt: string | null;
                        /** Format: uuid */
                        id: string;
                        invoiceNumber: string | null;
                        /** @description Hosted invoice page, for the customer: {base_url}/pay/{accountSlug}/invoices/{invoiceID}?token=... */
                        invoiceUrl: string;
                        lineItems: {
                            /**
                             * Format: decimal
                             * @description Rounded half-up to the currency's minor unit.
                             * @example 10.50
                             */
                            amount: string;
                            description: string;
                            /** Format: uuid */
                            id: string;
                            meterId: string | null;
                            priceId: string | null;
                            productId: string | null;
                            proration: boolean;
                            /**
                             * Format: decimal
                             * @description Full precision.
                             * @example 10.50
                             */
                            quantity: string;
                            /** @description `usage` for metered usage, `one_off` for lines of POST /billing/invoices. */
                            type: string;
                            /**
                             * Format: decimal
                             * @description Full precision, with at least the currency's decimals ("49.90", "0.0015").
                             * @example 10.50
                             */
                            unitPrice: string;
                        }[];
                        paidAt: string | null;
                        payerId: string | null;
                        periodEnd: string | null;
                        periodStart: string | null;
                        /** @description draft (being built), open (issued, awaiting payment), paid, void (canceled), uncollectible (written off). */
                        status: "draft" | "open" | "paid" | "void" | "uncollectible";
                        subscriptionId: string | null;
                        /**
                         * Format: decimal
                         * @description Sum of the line amounts.
                         * @example 10.50
                         */
                        subtotal: string;
                        successUrl: string | null;
                        /**
                         * Format: decimal
                         * @description Always zero: no tax is computed yet.
                         * @example 10.50
                         */
                        tax: string;
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        total: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invoiceID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: decimal
                         * @description How much is still owed: 0 once paid or void.
                         * @example 10.50
                         */
                        amountDue: string;
                        /**
                         * Format: decimal
                         * @description What of the customer's credit balance was applied to the invoice when it was finalized: amountDue = total - appliedBalance (less credit notes on an open invoice) until it is paid.
                         * @example 10.50
                         */
                        appliedBalance: string;
                        cancelUrl: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /**
                         * Format: decimal
                         * @description What credit notes took off the invoice (the sum of its credit notes' amounts; GET /billing/invoices/{invoiceID}/credit-notes). A paid invoice stays paid when credited.
                         * @example 10.50
                         */
                        creditedAmount: string;
                        /** @description ISO 4217 code. */
                        currency: string;
                        customerId: string | null;
                        dueDate: string | null;
                        finalizedAt: string | null;
                        /** Format: uuid */
                        id: string;
                        invoiceNumber: string | null;
                        /** @description Hosted invoice page, for the customer: {base_url}/pay/{accountSlug}/invoices/{invoiceID}?token=... */
                        invoiceUrl: string;
                        lineItems: {
                            /**
                             * Format: decimal
                             * @description Rounded half-up to the currency's minor unit.
                             * @example 10.50
                             */
                            amount: string;
                            description: string;
                            /** Format: uuid */
                            id: string;
                            meterId: string | null;
                            priceId: string | null;
                            productId: string | null;
                            proration: boolean;
                            /**
                             * Format: decimal
                             * @description Full precision.
                             * @example 10.50
                             */
                            quantity: string;
                            /** @description `usage` for metered usage, `one_off` for lines of POST /billing/invoices. */
                            type: string;
                            /**
                             * Format: decimal
                             * @description Full precision, with at least the currency's decimals ("49.90", "0.0015").
                             * @example 10.50
                             */
                            unitPrice: string;
                        }[];
                        paidAt: string | null;
                        payerId: string | null;
                        periodEnd: string | null;
                        periodStart: string | null;
                        /** @description draft (being built), open (issued, awaiting payment), paid, void (canceled), uncollectible (written off). */
                        status: "draft" | "open" | "paid" | "void" | "uncollectible";
                        subscriptionId: string | null;
                        /**
                         * Format: decimal
                         * @description Sum of the line amounts.
                         * @example 10.50
                         */
                        subtotal: string;
                        successUrl: string | null;
                        /**
                         * Format: decimal
                         * @description Always zero: no tax is computed yet.
                         * @example 10.50
                         */
                        tax: string;
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        total: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listInvoiceCreditNotes: {
        parameters: {
            query?: {
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
            };
            header?: never;
            path: {
                invoiceID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        creditNotes: {
                            /**
                             * Format: decimal
                             * @description What the credit note takes off the invoice.
                             * @example 10.50
                             */
                            amount: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description The invoice's currency. */
                            currency: string;
                            customerId: string | null;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            invoiceId: string;
                            /** @description The invoice lines credited; empty when the credit note was made by amount. */
                            lines: {
                                /**
                                 * Format: decimal
                                 * @example 10.50
                                 */
                                amount: string;
                                /** @description The invoice line's description. */
                                description: string;
                                /** Format: uuid */
                                id: string;
                                /**
                                 * Format: uuid
                                 * @description The invoice line credited.
                                 */
                                lineItemId: string;
                                quantity: string | null;
                            }[];
                            /** @description Sequential per account and environment, gap-free (CN-000001). */
                            number: string;
                            /** @description refund: the invoice's confirmed payments are refunded for the amount through their provider (a paid invoice only). credit: on a paid invoice the amount is added to the customer's balance, applied to its next invoice in the currency; on an open invoice it lowers amountDue. */
                            outcome: "refund" | "credit";
                            reason: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invoiceID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: decimal
                     * @description Or an amount of the invoice as a whole. Give lines or amount.
                     * @example 10.50
                     */
                    amount?: string;
                    lines?: {
                        /**
                         * Format: decimal
                         * @description What to credit of the line: more than 0, at most the line's amount less what credit notes took of it.
                         * @example 10.50
                         */
                        amount?: string;
                        /**
                         * Format: uuid
                         * @description A line of the invoice.
                         */
                        lineItemId: string;
                        /**
                         * Format: decimal
                         * @description Or units of the line, at most its quantity: credits quantity x unitPrice, rounded half-up.
                         * @example 10.50
                         */
                        quantity?: string;
                    }[];
                    /** @description refund: the invoice's confirmed payments are refunded for the amount through their provider (a paid invoice only). credit: on a paid invoice the amount is added to the customer's balance, applied to its next invoice in the currency; on an open invoice it lowers amountDue. */
                    outcome: "refund" | "credit";
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: decimal
                         * @description What the credit note takes off the invoice.
                         * @example 10.50
                         */
                        amount: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** @description The invoice's currency. */
                        currency: string;
                        customerId: string | null;
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        invoiceId: string;
                        /** @description The invoice lines credited; empty when the credit note was made by amount. */
                        lines: {
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            amount: string;
                            /** @description The invoice line's description. */
                            description: string;
                            /** Format: uuid */
                            id: string;
                            /**
                             * Format: uuid
                             * @description The invoice line credited.
                             */
                            lineItemId: string;
                            quantity: string | null;
                        }[];
                        /** @description Sequential per account and environment, gap-free (CN-000001). */
                        number: string;
                        /** @description refund: the invoice's confirmed payments are refunded for the amount through their provider (a paid invoice only). credit: on a paid invoice the amount is added to the customer's balance, applied to its next invoice in the currency; on an open invoice it lowers amountDue. */
                        outcome: "refund" | "credit";
                        reason: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getInvoiceDeliverable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invoiceID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        grants: {
                            /** Format: date-time */
                            createdAt: string;
                            /** @description {base_url}/public/downloads/{token}: no key needed. */
                            downloadUrl: string;
                            emailSentAt: string | null;
                            /** Format: uuid */
                            paymentId: string;
                            /**
                             * Format: uuid
                             * @description The product whose deliverable the grant opens.
                             */
                            productId: string;
                            revokedAt: string | null;
                            /** @description The credential of downloadUrl. */
                            token: string;
                        }[];
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    finalizeInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invoiceID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: decimal
                         * @description How much is still owed: 0 once paid or void.
                         * @example 10.50
                         */
                        amountDue: string;
                        /**
                         * Format: decimal
                         * @description What of the customer's credit balance was applied to the invoice when it was finalized: amountDue = total - appliedBalance (less credit notes on an open invoice) until it is paid.
                         * @example 10.50
                         */
                        appliedBalance: string;
                        cancelUrl: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /**
                         * Format: decimal
                         * @description What credit notes took off the invoice (the sum of its credit notes' amounts; GET /billing/invoices/{invoiceID}/credit-notes). A paid invoice stays paid when credited.
                         * @example 10.50
                         */
                        creditedAmount: string;
                        /** @description ISO 4217 code. */
                        currency: string;
                        customerId: string | null;
                        dueDate: string | null;
                        finalizedAt: string | null;
                        /** Format: uuid */
                        id: string;
                        invoiceNumber: string | null;
                        /** @description Hosted invoice page, for the customer: {base_url}/pay/{accountSlug}/invoices/{invoiceID}?token=... */
                        invoiceUrl: string;
                        lineItems: {
                            /**
                             * Format: decimal
                             * @description Rounded half-up to the currency's minor unit.
                             * @example 10.50
                             */
                            amount: string;
                            description: string;
                            /** Format: uuid */
                            id: string;
                            meterId: string | null;
                            priceId: string | null;
                            productId: string | null;
                            proration: boolean;
                            /**
                             * Format: decimal
                             * @description Full precision.
                             * @example 10.50
                             */
                            quantity: string;
                            /** @description `usage` for metered usage, `one_off` for lines of POST /billing/invoices. */
                            type: string;
                            /**
                             * Format: decimal
                             * @description Full precision, with at least the currency's decimals ("49.90", "0.0015").
                             * @example 10.50
                             */
                            unitPrice: string;
                        }[];
                        paidAt: string | null;
                        payerId: string | null;
                        periodEnd: string | null;
                        periodStart: string | null;
                        /** @description draft (being built), open (issued, awaiting payment), paid, void (canceled), uncollectible (written off). */
                        status: "draft" | "open" | "paid" | "void" | "uncollectible";
                        subscriptionId: string | null;
                        /**
                         * Format: decimal
                         * @description Sum of the line amounts.
                         * @example 10.50
                         */
                        subtotal: string;
                        successUrl: string | null;
                        /**
                         * Format: decimal
                         * @description Always zero: no tax is computed yet.
                         * @example 10.50
                         */
                        tax: string;
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        total: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    markInvoiceUncollectible: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invoiceID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: decimal
                         * @description How much is still owed: 0 once paid or void.
                         * @example 10.50
                         */
                        amountDue: string;
                        /**
                         * Format: decimal
                         * @description What of the customer's credit balance was applied to the invoice when it was finalized: amountDue = total - appliedBalance (less credit notes on an open invoice) until it is paid.
                         * @example 10.50
                         */
                        appliedBalance: string;
                        cancelUrl: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /**
                         * Format: decimal
                         * @description What credit notes took off the invoice (the sum of its credit notes' amounts; GET /billing/invoices/{invoiceID}/credit-notes). A paid invoice stays paid when credited.
                         * @example 10.50
                         */
                        creditedAmount: string;
                        /** @description ISO 4217 code. */
                        currency: string;
                        customerId: string | null;
                        dueDate: string | null;
                        finalizedAt: string | null;
                        /** Format: uuid */
                        id: string;
                        invoiceNumber: string | null;
                        /** @description Hosted invoice page, for the customer: {base_url}/pay/{accountSlug}/invoices/{invoiceID}?token=... */
                        invoiceUrl: string;
                        lineItems: {
                            /**
                             * Format: decimal
                             * @description Rounded half-up to the currency's minor unit.
                             * @example 10.50
                             */
                            amount: string;
                            description: string;
                            /** Format: uuid */
                            id: string;
                            meterId: string | null;
                            priceId: string | null;
                            productId: string | null;
                            proration: boolean;
                            /**
                             * Format: decimal
                             * @description Full precision.
                             * @example 10.50
                             */
                            quantity: string;
                            /** @description `usage` for metered usage, `one_off` for lines of POST /billing/invoices. */
                            type: string;
                            /**
                             * Format: decimal
                             * @description Full precision, with at least the currency's decimals ("49.90", "0.0015").
                             * @example 10.50
                             */
                            unitPrice: string;
                        }[];
                        paidAt: string | null;
                        payerId: string | null;
                        periodEnd: string | null;
                        periodStart: string | null;
                        /** @description draft (being built), open (issued, awaiting payment), paid, void (canceled), uncollectible (written off). */
                        status: "draft" | "open" | "paid" | "void" | "uncollectible";
                        subscriptionId: string | null;
                        /**
                         * Format: decimal
                         * @description Sum of the line amounts.
                         * @example 10.50
                         */
                        subtotal: string;
                        successUrl: string | null;
                        /**
                         * Format: decimal
                         * @description Always zero: no tax is computed yet.
                         * @example 10.50
                         */
                        tax: string;
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        total: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createCharge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invoiceID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Pix only: how long the code stays payable (default 3600). */
                    expiresInSeconds?: number;
                    method: "pix" | "boleto" | "card" | "crypto";
                    /** @description Who pays, when it is not (only) the invoice's customer: receipts and deliverables go to this email. */
                    payer?: {
                        /** @description The payer's billing address, passed to the processor: boleto through processor_a (Adyen) or processor_b (Stripe) asks for it. `line1` as "Street, number". */
                        address?: {
                            city: string;
                            /** @description ISO 3166-1 alpha-2, e.g. BR. */
                            country: string;
                            line1: string;
                            line2?: string;
                            postalCode: string;
                            state: string;
                        };
                        /** @description CPF or CNPJ; check digits are verified. */
                        document?: string;
                        /** Format: email */
                        email?: string;
                        name?: string;
                    };
                    settlementNetwork?: "base" | "solana";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: decimal
                         * @description The invoice's amountDue when the charge was made.
                         * @example 10.50
                         */
                        amount: string;
                        /** @description Boleto: the 44-digit barcode. */
                        boletoBarcode?: string;
                        /**
                         * Format: date-time
                         * @description Boleto: the due date (the invoice's dueDate, or 3 days after the charge).
                         */
                        boletoDueDate?: string;
                        /** @description Boleto: the 47-digit digitable line. */
                        boletoLine?: string;
                        /** @description Boleto: a printable page with the ITF barcode. */
                        boletoUrl?: string;
                        /** @description Crypto: single-use token for the payment widget. Charge-creation response only. */
                        chargeToken?: string;
                        /** @description Card: temporary secret to confirm the charge in the browser. Charge-creation response only. */
                        clientSecret?: string;
                        confirmedAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        currency: string;
                        failedAt: string | null;
                        failureCode: string | null;
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        invoiceId: string;
                        /** @description Hosted payment page. Charge-creation response only. */
                        invoiceUrl: string;
                        method: "pix" | "boleto" | "card" | "crypto";
                        /** @description Crypto widget environment: test in sandbox. */
                        network?: "main" | "test";
                        /** @description Card: what the browser needs, by the account's cardProcessor. */
                        nextAction?: {
                            /** ClientActionAmount */
                            amount: {
                                /** @description ISO 4217 code. */
                                currency: string;
                                /** @description The amount in the currency's minor unit (cents for BRL). */
                                value: number;
                            };
                            /** @description Public key, safe for the browser. */
                            clientKey: string;
                            /** @enum {string} */
                            countryCode: "BR";
                            environment: "live" | "live-us" | "live-au" | "live-nea" | "live-in";
                            /** @enum {string} */
                            locale: "pt-BR";
                            session: {
                                id: string;
                                /** @description Not to be stored or logged. */
                                sessionData: string;
                            };
                            /** @enum {string} */
                            type: "processor_a_session";
                        } | {
                            clientSecret: string;
                            publishableKey: string;
                            /** @enum {string} */
                            type: "processor_b_payment_intent";
                        };
                        pixExpiresAt?: string | null;
                        /** @description Pix copy-and-paste code (a dynamic BR Code); the QR encodes it. In sandbox it carries the test confirmation link. */
                        pixPayload?: string;
                        /** @description The Pix QR as a base64 PNG without a data: prefix. On the charge-creation answer and GET /billing/payments/{paymentID}; lists leave it out (the QR encodes pixPayload). */
                        pixQrImage?: string;
                        /** @description Processor the charge ran through; `sandbox` in sandbox. */
                        provider: string;
                        providerId: string | null;
                        /** @description Sandbox only: the code the test processor generated, for inspection; not payable. */
                        providerPixPayload?: string;
                        /** @description Card: the account's publishable key, paired with clientSecret. */
                        publishableKey?: string;
                        /**
                         * Format: decimal
                         * @description Total refunded so far; absent when nothing was refunded.
                         * @example 10.50
                         */
                        refundedAmount?: string;
                        /** @description Sandbox only: a page whose button marks the charge paid without real money. */
                        sandboxConfirmUrl?: string;
                        /** @enum {string} */
                        settlementAsset?: "USDC";
                        settlementNetwork?: "base" | "solana";
                        /** @description pending awaits payment; confirmed was paid; failed was not paid; refunded was fully refunded; charged_back was disputed by the buyer with their bank. */
                        status: "pending" | "confirmed" | "failed" | "refunded" | "charged_back";
                        /** @description True while the payment is pending. Charge-creation response only. */
                        switchable: boolean;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description provider_unavailable (the processor is down) or provider_error (it refused the request); nothing was written. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description provider_timeout: the processor did not answer in time; nothing was written, and a retry with the same Idempotency-Key never charges twice. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    sendInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invoiceID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: decimal
                         * @description How much is still owed: 0 once paid or void.
                         * @example 10.50
                         */
                        amountDue: string;
                        /**
                         * Format: decimal
                         * @description What of the customer's credit balance was applied to the invoice when it was finalized: amountDue = total - appliedBalance (less credit notes on an open invoice) until it is paid.
                         * @example 10.50
                         */
                        appliedBalance: string;
                        cancelUrl: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /**
                         * Format: decimal
                         * @description What credit notes took off the invoice (the sum of its credit notes' amounts; GET /billing/invoices/{invoiceID}/credit-notes). A paid invoice stays paid when credited.
                         * @example 10.50
                         */
                        creditedAmount: string;
                        /** @description ISO 4217 code. */
                        currency: string;
                        customerId: string | null;
                        dueDate: string | null;
                        finalizedAt: string | null;
                        /** Format: uuid */
                        id: string;
                        invoiceNumber: string | null;
                        /** @description Hosted invoice page, for the customer: {base_url}/pay/{accountSlug}/invoices/{invoiceID}?token=... */
                        invoiceUrl: string;
                        lineItems: {
                            /**
                             * Format: decimal
                             * @description Rounded half-up to the currency's minor unit.
                             * @example 10.50
                             */
                            amount: string;
                            description: string;
                            /** Format: uuid */
                            id: string;
                            meterId: string | null;
                            priceId: string | null;
                            productId: string | null;
                            proration: boolean;
                            /**
                             * Format: decimal
                             * @description Full precision.
                             * @example 10.50
                             */
                            quantity: string;
                            /** @description `usage` for metered usage, `one_off` for lines of POST /billing/invoices. */
                            type: string;
                            /**
                             * Format: decimal
                             * @description Full precision, with at least the currency's decimals ("49.90", "0.0015").
                             * @example 10.50
                             */
                            unitPrice: string;
                        }[];
                        paidAt: string | null;
                        payerId: string | null;
                        periodEnd: string | null;
                        periodStart: string | null;
                        /** @description draft (being built), open (issued, awaiting payment), paid, void (canceled), uncollectible (written off). */
                        status: "draft" | "open" | "paid" | "void" | "uncollectible";
                        subscriptionId: string | null;
                        /**
                         * Format: decimal
                         * @description Sum of the line amounts.
                         * @example 10.50
                         */
                        subtotal: string;
                        successUrl: string | null;
                        /**
                         * Format: decimal
                         * @description Always zero: no tax is computed yet.
                         * @example 10.50
                         */
                        tax: string;
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        total: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    voidInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invoiceID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: decimal
                         * @description How much is still owed: 0 once paid or void.
                         * @example 10.50
                         */
                        amountDue: string;
                        /**
                         * Format: decimal
                         * @description What of the customer's credit balance was applied to the invoice when it was finalized: amountDue = total - appliedBalance (less credit notes on an open invoice) until it is paid.
                         * @example 10.50
                         */
                        appliedBalance: string;
                        cancelUrl: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /**
                         * Format: decimal
                         * @description What credit notes took off the invoice (the sum of its credit notes' amounts; GET /billing/invoices/{invoiceID}/credit-notes). A paid invoice stays paid when credited.
                         * @example 10.50
                         */
                        creditedAmount: string;
                        /** @description ISO 4217 code. */
                        currency: string;
                        customerId: string | null;
                        dueDate: string | null;
                        finalizedAt: string | null;
                        /** Format: uuid */
                        id: string;
                        invoiceNumber: string | null;
                        /** @description Hosted invoice page, for the customer: {base_url}/pay/{accountSlug}/invoices/{invoiceID}?token=... */
                        invoiceUrl: string;
                        lineItems: {
                            /**
                             * Format: decimal
                             * @description Rounded half-up to the currency's minor unit.
                             * @example 10.50
                             */
                            amount: string;
                            description: string;
                            /** Format: uuid */
                            id: string;
                            meterId: string | null;
                            priceId: string | null;
                            productId: string | null;
                            proration: boolean;
                            /**
                             * Format: decimal
                             * @description Full precision.
                             * @example 10.50
                             */
                            quantity: string;
                            /** @description `usage` for metered usage, `one_off` for lines of POST /billing/invoices. */
                            type: string;
                            /**
                             * Format: decimal
                             * @description Full precision, with at least the currency's decimals ("49.90", "0.0015").
                             * @example 10.50
                             */
                            unitPrice: string;
                        }[];
                        paidAt: string | null;
                        payerId: string | null;
                        periodEnd: string | null;
                        periodStart: string | null;
                        /** @description draft (being built), open (issued, awaiting payment), paid, void (canceled), uncollectible (written off). */
                        status: "draft" | "open" | "paid" | "void" | "uncollectible";
                        subscriptionId: string | null;
                        /**
                         * Format: decimal
                         * @description Sum of the line amounts.
                         * @example 10.50
                         */
                        subtotal: string;
                        successUrl: string | null;
                        /**
                         * Format: decimal
                         * @description Always zero: no tax is computed yet.
                         * @example 10.50
                         */
                        tax: string;
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        total: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createInvoiceFromUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The customer's enrollment id in the product (not the customer id).
                     */
                    customerId: string;
                    /**
                     * Format: date-time
                     * @description Start of the billed usage, included.
                     */
                    from: string;
                    /** @description True finalizes the invoice and emails it. */
                    send?: boolean;
                    /**
                     * Format: date-time
                     * @description End of the billed usage, excluded.
                     */
                    to: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: decimal
                         * @description How much is still owed: 0 once paid or void.
                         * @example 10.50
                         */
                        amountDue: string;
                        /**
                         * Format: decimal
                         * @description What of the customer's credit balance was applied to the invoice when it was finalized: amountDue = total - appliedBalance (less credit notes on an open invoice) until it is paid.
                         * @example 10.50
                         */
                        appliedBalance: string;
                        cancelUrl: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /**
                         * Format: decimal
                         * @description What credit notes took off the invoice (the sum of its credit notes' amounts; GET /billing/invoices/{invoiceID}/credit-notes). A paid invoice stays paid when credited.
                         * @example 10.50
                         */
                        creditedAmount: string;
                        /** @description ISO 4217 code. */
                        currency: string;
                        customerId: string | null;
                        dueDate: string | null;
                        finalizedAt: string | null;
                        /** Format: uuid */
                        id: string;
                        invoiceNumber: string | null;
                        /** @description Hosted invoice page, for the customer: {base_url}/pay/{accountSlug}/invoices/{invoiceID}?token=... */
                        invoiceUrl: string;
                        lineItems: {
                            /**
                             * Format: decimal
                             * @description Rounded half-up to the currency's minor unit.
                             * @example 10.50
                             */
                            amount: string;
                            description: string;
                            /** Format: uuid */
                            id: string;
                            meterId: string | null;
                            priceId: string | null;
                            productId: string | null;
                            proration: boolean;
                            /**
                             * Format: decimal
                             * @description Full precision.
                             * @example 10.50
                             */
                            quantity: string;
                            /** @description `usage` for metered usage, `one_off` for lines of POST /billing/invoices. */
                            type: string;
                            /**
                             * Format: decimal
                             * @description Full precision, with at least the currency's decimals ("49.90", "0.0015").
                             * @example 10.50
                             */
                            unitPrice: string;
                        }[];
                        paidAt: string | null;
                        payerId: string | null;
                        periodEnd: string | null;
                        periodStart: string | null;
                        /** @description draft (being built), open (issued, awaiting payment), paid, void (canceled), uncollectible (written off). */
                        status: "draft" | "open" | "paid" | "void" | "uncollectible";
                        subscriptionId: string | null;
                        /**
                         * Format: decimal
                         * @description Sum of the line amounts.
                         * @example 10.50
                         */
                        subtotal: string;
                        successUrl: string | null;
                        /**
                         * Format: decimal
                         * @description Always zero: no tax is computed yet.
                         * @example 10.50
                         */
                        tax: string;
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        total: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listLedgerBalances: {
        parameters: {
            query?: {
                /** @description Only this customer's accounts. */
                customerId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balances: {
                            account: string;
                            /**
                             * Format: decimal
                             * @description The sum of its entries: positive is a debit balance, negative a credit balance.
                             * @example -10.50
                             */
                            balance: string;
                            currency: string;
                            customerId: string | null;
                        }[];
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listLedgerTransactions: {
        parameters: {
            query?: {
                /** @description Transactions with an entry on this ledger account (its code). */
                account?: string;
                /** @description Created at or after. */
                createdFrom?: string;
                /** @description Created before. */
                createdTo?: string;
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                /** @description Transactions of this customer's, or with an entry on one of its accounts. */
                customerId?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
                resourceId?: string;
                /** @description With resourceId: the transactions a resource made. */
                resourceType?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nextCursor: string | null;
                        transactions: {
                            /** Format: date-time */
                            createdAt: string;
                            customerId: string | null;
                            entries: {
                                /** @description The ledger account: a name of the chart of accounts (revenue, customers:<id>:receivable, providers:<provider>:clearing, ...). */
                                account: string;
                                /**
                                 * Format: decimal
                                 * @description A debit is positive, a credit negative; the entries of a transaction sum to zero per currency.
                                 * @example -10.50
                                 */
                                amount: string;
                                currency: string;
                            }[];
                            /** Format: uuid */
                            id: string;
                            invoiceId: string | null;
                            /** @description The event that made it: invoice.finalized, invoice.voided, invoice.written_off, invoice.paid, payment.confirmed, payment.refunded, payment.charged_back, prepaid.credited, ... (ledger.opening_* for the backfill). */
                            kind: string;
                            /** Format: uuid */
                            resourceId: string;
                            /** @description invoice, payment or refund. */
                            resourceType: string;
                        }[];
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listPayments: {
        parameters: {
            query?: {
                /** @description Created at or after. */
                createdFrom?: string;
                /** @description Created before. */
                createdTo?: string;
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                invoiceId?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
                method?: "pix" | "boleto" | "card" | "crypto";
                /** @description pending awaits payment; confirmed was paid; failed was not paid; refunded was fully refunded; charged_back was disputed by the buyer with their bank. */
                status?: "pending" | "confirmed" | "failed" | "refunded" | "charged_back";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nextCursor: string | null;
                        payments: {
                            /**
                             * Format: decimal
                             * @description The invoice's amountDue when the charge was made.
                             * @example 10.50
                             */
                            amount: string;
                            /** @description Boleto: the 44-digit barcode. */
                            boletoBarcode?: string;
                            /**
                             * Format: date-time
                             * @description Boleto: the due date (the invoice's dueDate, or 3 days after the charge).
                             */
                            boletoDueDate?: string;
                            /** @description Boleto: the 47-digit digitable line. */
                            boletoLine?: string;
                            /** @description Boleto: a printable page with the ITF barcode. */
                            boletoUrl?: string;
                            confirmedAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            currency: string;
                            failedAt: string | null;
                            failureCode: string | null;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            invoiceId: string;
                            method: "pix" | "boleto" | "card" | "crypto";
                            /** @description Crypto widget environment: test in sandbox. */
                            network?: "main" | "test";
                            payer: {
                                email: string | null;
                                /**
                                 * Format: uuid
                                 * @description One-off invoice: the customer id; usage or subscription invoice: the enrollment id.
                                 */
                                id: string;
                                name: string | null;
                            } | null;
                            pixExpiresAt?: string | null;
                            /** @description Pix copy-and-paste code (a dynamic BR Code); the QR encodes it. In sandbox it carries the test confirmation link. */
                            pixPayload?: string;
                            /** @description The Pix QR as a base64 PNG without a data: prefix. On the charge-creation answer and GET /billing/payments/{paymentID}; lists leave it out (the QR encodes pixPayload). */
                            pixQrImage?: string;
                            /** @description Processor the charge ran through; `sandbox` in sandbox. */
                            provider: string;
                            providerId: string | null;
                            /** @description Sandbox only: the code the test processor generated, for inspection; not payable. */
                            providerPixPayload?: string;
                            /**
                             * Format: decimal
                             * @description Total refunded so far; absent when nothing was refunded.
                             * @example 10.50
                             */
                            refundedAmount?: string;
                            /** @description Sandbox only: a page whose button marks the charge paid without real money. */
                            sandboxConfirmUrl?: string;
                            /** @enum {string} */
                            settlementAsset?: "USDC";
                            settlementNetwork?: "base" | "solana";
                            /** @description pending awaits payment; confirmed was paid; failed was not paid; refunded was fully refunded; charged_back was disputed by the buyer with their bank. */
                            status: "pending" | "confirmed" | "failed" | "refunded" | "charged_back";
                        }[];
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: decimal
                         * @description The invoice's amountDue when the charge was made.
                         * @example 10.50
                         */
                        amount: string;
                        /** @description Boleto: the 44-digit barcode. */
                        boletoBarcode?: string;
                        /**
                         * Format: date-time
                         * @description Boleto: the due date (the invoice's dueDate, or 3 days after the charge).
                         */
                        boletoDueDate?: string;
                        /** @description Boleto: the 47-digit digitable line. */
                        boletoLine?: string;
                        /** @description Boleto: a printable page with the ITF barcode. */
                        boletoUrl?: string;
                        confirmedAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        currency: string;
                        failedAt: string | null;
                        failureCode: string | null;
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        invoiceId: string;
                        method: "pix" | "boleto" | "card" | "crypto";
                        /** @description Crypto widget environment: test in sandbox. */
                        network?: "main" | "test";
                        payer: {
                            email: string | null;
                            /**
                             * Format: uuid
                             * @description One-off invoice: the customer id; usage or subscription invoice: the enrollment id.
                             */
                            id: string;
                            name: string | null;
                        } | null;
                        pixExpiresAt?: string | null;
                        /** @description Pix copy-and-paste code (a dynamic BR Code); the QR encodes it. In sandbox it carries the test confirmation link. */
                        pixPayload?: string;
                        /** @description The Pix QR as a base64 PNG without a data: prefix. On the charge-creation answer and GET /billing/payments/{paymentID}; lists leave it out (the QR encodes pixPayload). */
                        pixQrImage?: string;
                        /** @description Processor the charge ran through; `sandbox` in sandbox. */
                        provider: string;
                        providerId: string | null;
                        /** @description Sandbox only: the code the test processor generated, for inspection; not payable. */
                        providerPixPayload?: string;
                        /**
                         * Format: decimal
                         * @description Total refunded so far; absent when nothing was refunded.
                         * @example 10.50
                         */
                        refundedAmount?: string;
                        /** @description Sandbox only: a page whose button marks the charge paid without real money. */
                        sandboxConfirmUrl?: string;
                        /** @enum {string} */
                        settlementAsset?: "USDC";
                        settlementNetwork?: "base" | "solana";
                        /** @description pending awaits payment; confirmed was paid; failed was not paid; refunded was fully refunded; charged_back was disputed by the buyer with their bank. */
                        status: "pending" | "confirmed" | "failed" | "refunded" | "charged_back";
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listRefunds: {
        parameters: {
            query?: {
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
            };
            header?: never;
            path: {
                paymentID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nextCursor: string | null;
                        refunds: {
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            amount: string;
                            /** Format: date-time */
                            createdAt: string;
                            currency: string;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            paymentId: string;
                            reason: string | null;
                            status: "succeeded" | "pending" | "failed";
                        }[];
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: decimal
                     * @description Omitted: what is left of the payment.
                     * @example 10.50
                     */
                    amount?: string;
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        amount: string;
                        /** Format: date-time */
                        createdAt: string;
                        currency: string;
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        paymentId: string;
                        reason: string | null;
                        status: "succeeded" | "pending" | "failed";
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description provider_unavailable (the processor is down) or provider_error (it refused the request); nothing was written. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description provider_timeout: the processor did not answer in time; nothing was written, and a retry with the same Idempotency-Key never charges twice. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listPixMandates: {
        parameters: {
            query?: {
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                customerId?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mandates: {
                            amount: string | null;
                            authorizationRequestId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @enum {string} */
                            currency: "BRL";
                            /** Format: uuid */
                            customerId: string;
                            description: string | null;
                            endDate: string | null;
                            failureCode: ("mandate_refused" | "mandate_revoked") | null;
                            /** @description How often charges come (the standard's periodicidade): match the subscription's billing cycle. */
                            frequency: "weekly" | "monthly" | "quarterly" | "semiannual" | "annual";
                            /** Format: uuid */
                            id: string;
                            /** @description `request`: sent to the payer's bank account; `qr`: the payer scans qrPayload. */
                            journey: "request" | "qr";
                            /** @description A charge_automatically subscription's paymentMethod: `pix:{providerId}`, accepted once the mandate is active. */
                            paymentMethod: string;
                            provider: "pix_api" | "sandbox";
                            /** @description The recurrence's id at the PSP (idRec). */
                            providerId: string;
                            qrPayload: string | null;
                            retries: boolean;
                            /** Format: date */
                            startDate: string;
                            /** @description `pending` until the payer answers; `active` once approved (charges may run); `refused` (declined or expired), `revoked` (withdrawn by the payer or their bank after approval) and `canceled` (by you) end it. */
                            status: "pending" | "active" | "refused" | "revoked" | "canceled";
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createPixMandate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: decimal
                     * @description A fixed amount per charge in BRL; leave out when amounts vary (usage, proration): the payer then authorizes variable amounts.
                     * @example 10.50
                     */
                    amount?: string;
                    /**
                     * Format: uuid
                     * @description The payer: a customer with a name and a CPF or CNPJ.
                     */
                    customerId: string;
                    /** @description What the payer's bank shows (the standard's objeto, at most 35 characters). */
                    description?: string;
                    /**
                     * Format: date
                     * @description Last day; default none (until canceled).
                     */
                    endDate?: string;
                    /** @description How often charges come (the standard's periodicidade): match the subscription's billing cycle. */
                    frequency: "weekly" | "monthly" | "quarterly" | "semiannual" | "annual";
                    /** @description Journey 1: the request goes to this account and shows in the payer's bank app. Leave out for journey 2: the payer scans `qrPayload`. */
                    payerAccount?: {
                        account: string;
                        branch?: string;
                        /** @description The payer's bank (ISPB, 8 digits). */
                        ispb: string;
                    };
                    /** @description Whether a failed charge may be retried after its due date (the standard's PERMITE_3R_7D: 3 retries in 7 days). Default true. */
                    retries?: boolean;
                    /**
                     * Format: date
                     * @description First day charges may fall on (São Paulo calendar); default today.
                     */
                    startDate?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amount: string | null;
                        authorizationRequestId: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** @enum {string} */
                        currency: "BRL";
                        /** Format: uuid */
                        customerId: string;
                        description: string | null;
                        endDate: string | null;
                        failureCode: ("mandate_refused" | "mandate_revoked") | null;
                        /** @description How often charges come (the standard's periodicidade): match the subscription's billing cycle. */
                        frequency: "weekly" | "monthly" | "quarterly" | "semiannual" | "annual";
                        /** Format: uuid */
                        id: string;
                        /** @description `request`: sent to the payer's bank account; `qr`: the payer scans qrPayload. */
                        journey: "request" | "qr";
                        /** @description A charge_automatically subscription's paymentMethod: `pix:{providerId}`, accepted once the mandate is active. */
                        paymentMethod: string;
                        provider: "pix_api" | "sandbox";
                        /** @description The recurrence's id at the PSP (idRec). */
                        providerId: string;
                        qrPayload: string | null;
                        retries: boolean;
                        /** Format: date */
                        startDate: string;
                        /** @description `pending` until the payer answers; `active` once approved (charges may run); `refused` (declined or expired), `revoked` (withdrawn by the payer or their bank after approval) and `canceled` (by you) end it. */
                        status: "pending" | "active" | "refused" | "revoked" | "canceled";
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description provider_unavailable (the processor is down) or provider_error (it refused the request); nothing was written. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description provider_timeout: the processor did not answer in time; nothing was written, and a retry with the same Idempotency-Key never charges twice. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getPixMandate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                mandateID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amount: string | null;
                        authorizationRequestId: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** @enum {string} */
                        currency: "BRL";
                        /** Format: uuid */
                        customerId: string;
                        description: string | null;
                        endDate: string | null;
                        failureCode: ("mandate_refused" | "mandate_revoked") | null;
                        /** @description How often charges come (the standard's periodicidade): match the subscription's billing cycle. */
                        frequency: "weekly" | "monthly" | "quarterly" | "semiannual" | "annual";
                        /** Format: uuid */
                        id: string;
                        /** @description `request`: sent to the payer's bank account; `qr`: the payer scans qrPayload. */
                        journey: "request" | "qr";
                        /** @description A charge_automatically subscription's paymentMethod: `pix:{providerId}`, accepted once the mandate is active. */
                        paymentMethod: string;
                        provider: "pix_api" | "sandbox";
                        /** @description The recurrence's id at the PSP (idRec). */
                        providerId: string;
                        qrPayload: string | null;
                        retries: boolean;
                        /** Format: date */
                        startDate: string;
                        /** @description `pending` until the payer answers; `active` once approved (charges may run); `refused` (declined or expired), `revoked` (withdrawn by the payer or their bank after approval) and `canceled` (by you) end it. */
                        status: "pending" | "active" | "refused" | "revoked" | "canceled";
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    cancelPixMandate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                mandateID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amount: string | null;
                        authorizationRequestId: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** @enum {string} */
                        currency: "BRL";
                        /** Format: uuid */
                        customerId: string;
                        description: string | null;
                        endDate: string | null;
                        failureCode: ("mandate_refused" | "mandate_revoked") | null;
                        /** @description How often charges come (the standard's periodicidade): match the subscription's billing cycle. */
                        frequency: "weekly" | "monthly" | "quarterly" | "semiannual" | "annual";
                        /** Format: uuid */
                        id: string;
                        /** @description `request`: sent to the payer's bank account; `qr`: the payer scans qrPayload. */
                        journey: "request" | "qr";
                        /** @description A charge_automatically subscription's paymentMethod: `pix:{providerId}`, accepted once the mandate is active. */
                        paymentMethod: string;
                        provider: "pix_api" | "sandbox";
                        /** @description The recurrence's id at the PSP (idRec). */
                        providerId: string;
                        qrPayload: string | null;
                        retries: boolean;
                        /** Format: date */
                        startDate: string;
                        /** @description `pending` until the payer answers; `active` once approved (charges may run); `refused` (declined or expired), `revoked` (withdrawn by the payer or their bank after approval) and `canceled` (by you) end it. */
                        status: "pending" | "active" | "refused" | "revoked" | "canceled";
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description provider_unavailable (the processor is down) or provider_error (it refused the request); nothing was written. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description provider_timeout: the processor did not answer in time; nothing was written, and a retry with the same Idempotency-Key never charges twice. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getReconciliation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        checkedAt: string;
                        /** @description The invariants checked (docs/ledger.md, Reconciliation). */
                        checks: string[];
                        mismatches: {
                            /**
                             * Format: decimal
                             * @description What the ledger says.
                             * @example -10.50
                             */
                            actual: string;
                            check: string;
                            currency: string;
                            /**
                             * Format: decimal
                             * @description What the record says (amountDue, refundedAmount, ...).
                             * @example -10.50
                             */
                            expected: string;
                            /** Format: uuid */
                            resourceId: string;
                            resourceType: string;
                        }[];
                        /** @description True when no check found a mismatch. */
                        reconciled: boolean;
                        /** @description Ledger transactions of the account and environment. */
                        transactions: number;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listSubscriptions: {
        parameters: {
            query?: {
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                customerId?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
                status?: "trialing" | "active" | "past_due" | "paused" | "canceled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nextCursor: string | null;
                        subscriptions: {
                            /** Format: date-time */
                            anchor: string;
                            billingCycle: "weekly" | "monthly" | "annual";
                            /** @description When the fee is invoiced. `advance` (default): at the period start; `arrears`: at its end. Usage is always billed in arrears (a usage product is `arrears`); a prepaid credit is bought in advance (a prepaid product is `advance`). */
                            billingMode: "advance" | "arrears";
                            cancelAtPeriodEnd: boolean;
                            canceledAt: string | null;
                            /** @description `send_invoice` (default): each invoice is emailed with its payment page. `charge_automatically`: each invoice is charged to paymentMethod when finalized, retried 1, 3, 5 and 7 days after a failure. */
                            collectionMethod: "charge_automatically" | "send_invoice";
                            couponId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            customerId: string;
                            /**
                             * Format: uuid
                             * @description The enrollment id.
                             */
                            id: string;
                            items: {
                                canceledAt: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: uuid */
                                id: string;
                                /** @description `recurring_fee` (a fee each period; for a prepaid product, the credit bought each period) or `usage` (a usage product: its usage each period) */
                                kind: string;
                                /** Format: uuid */
                                productVersionId: string;
                                /** @description `advance` or `arrears` */
                                timing: string;
                            }[];
                            nextBillingDate: string | null;
                            nextRetryAt: string | null;
                            pausedAt: string | null;
                            paymentMethod: string | null;
                            /** Format: uuid */
                            productVersionId: string;
                            /** Format: date-time */
                            startedAt: string;
                            status: "trialing" | "active" | "past_due" | "paused" | "canceled";
                            trialEndsAt: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description What periods are counted from; default the start (the trial end with a trial). In the past: the period holding the start is billed in full. Up to one cycle ahead: a first, shorter period from the start to the anchor, prorated.
                     */
                    anchor?: string;
                    /** @description A product priced usage only (required there): how often its usage is invoiced. Other products bill on their version's cycle. */
                    billingCycle?: "weekly" | "monthly" | "annual";
                    /** @description When the fee is invoiced. `advance` (default): at the period start; `arrears`: at its end. Usage is always billed in arrears (a usage product is `arrears`); a prepaid credit is bought in advance (a prepaid product is `advance`). */
                    billingMode?: "advance" | "arrears";
                    /** @description `send_invoice` (default): each invoice is emailed with its payment page. `charge_automatically`: each invoice is charged to paymentMethod when finalized, retried 1, 3, 5 and 7 days after a failure. */
                    collectionMethod?: "charge_automatically" | "send_invoice";
                    /** @description Discounts the coupon's duration in periods (once, repeating, forever). */
                    couponCode?: string;
                    /**
                     * Format: uuid
                     * @description The customer (a customer id).
                     */
                    customerId: string;
                    /** @description Required with charge_automatically: an active Pix mandate's paymentMethod (`pix:...`, POST /billing/pix-mandates), a card saved at your processor, or in sandbox a test card number (4242 4242 4242 4242 pays) or pix_mandate_active / _revoked / _refused. */
                    paymentMethod?: string;
                    /**
                     * Format: uuid
                     * @description Subscribe to the product's default version; or give productVersionId.
                     */
                    productId?: string;
                    /** Format: uuid */
                    productVersionId?: string;
                    trialDays?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        anchor: string;
                        billingCycle: "weekly" | "monthly" | "annual";
                        /** @description When the fee is invoiced. `advance` (default): at the period start; `arrears`: at its end. Usage is always billed in arrears (a usage product is `arrears`); a prepaid credit is bought in advance (a prepaid product is `advance`). */
                        billingMode: "advance" | "arrears";
                        cancelAtPeriodEnd: boolean;
                        canceledAt: string | null;
                        /** @description `send_invoice` (default): each invoice is emailed with its payment page. `charge_automatically`: each invoice is charged to paymentMethod when finalized, retried 1, 3, 5 and 7 days after a failure. */
                        collectionMethod: "charge_automatically" | "send_invoice";
                        couponId: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        customerId: string;
                        /**
                         * Format: uuid
                         * @description The enrollment id.
                         */
                        id: string;
                        items: {
                            canceledAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            /** @description `recurring_fee` (a fee each period; for a prepaid product, the credit bought each period) or `usage` (a usage product: its usage each period) */
                            kind: string;
                            /** Format: uuid */
                            productVersionId: string;
                            /** @description `advance` or `arrears` */
                            timing: string;
                        }[];
                        nextBillingDate: string | null;
                        nextRetryAt: string | null;
                        pausedAt: string | null;
                        paymentMethod: string | null;
                        /** Format: uuid */
                        productVersionId: string;
                        /** Format: date-time */
                        startedAt: string;
                        status: "trialing" | "active" | "past_due" | "paused" | "canceled";
                        trialEndsAt: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subscriptionID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        anchor: string;
                        billingCycle: "weekly" | "monthly" | "annual";
                        /** @description When the fee is invoiced. `advance` (default): at the period start; `arrears`: at its end. Usage is always billed in arrears (a usage product is `arrears`); a prepaid credit is bought in advance (a prepaid product is `advance`). */
                        billingMode: "advance" | "arrears";
                        cancelAtPeriodEnd: boolean;
                        canceledAt: string | null;
                        /** @description `send_invoice` (default): each invoice is emailed with its payment page. `charge_automatically`: each invoice is charged to paymentMethod when finalized, retried 1, 3, 5 and 7 days after a failure. */
                        collectionMethod: "charge_automatically" | "send_invoice";
                        couponId: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        customerId: string;
                        /**
                         * Format: uuid
                         * @description The enrollment id.
                         */
                        id: string;
                        items: {
                            canceledAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            /** @description `recurring_fee` (a fee each period; for a prepaid product, the credit bought each period) or `usage` (a usage product: its usage each period) */
                            kind: string;
                            /** Format: uuid */
                            productVersionId: string;
                            /** @description `advance` or `arrears` */
                            timing: string;
                        }[];
                        nextBillingDate: string | null;
                        nextRetryAt: string | null;
                        pausedAt: string | null;
                        paymentMethod: string | null;
                        /** Format: uuid */
                        productVersionId: string;
                        /** Format: date-time */
                        startedAt: string;
                        status: "trialing" | "active" | "past_due" | "paused" | "canceled";
                        trialEndsAt: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    updateSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subscriptionID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A new saved method (charge_automatically): the next charge or retry uses it. */
                    paymentMethod: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        anchor: string;
                        billingCycle: "weekly" | "monthly" | "annual";
                        /** @description When the fee is invoiced. `advance` (default): at the period start; `arrears`: at its end. Usage is always billed in arrears (a usage product is `arrears`); a prepaid credit is bought in advance (a prepaid product is `advance`). */
                        billingMode: "advance" | "arrears";
                        cancelAtPeriodEnd: boolean;
                        canceledAt: string | null;
                        /** @description `send_invoice` (default): each invoice is emailed with its payment page. `charge_automatically`: each invoice is charged to paymentMethod when finalized, retried 1, 3, 5 and 7 days after a failure. */
                        collectionMethod: "charge_automatically" | "send_invoice";
                        couponId: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        customerId: string;
                        /**
                         * Format: uuid
                         * @description The enrollment id.
                         */
                        id: string;
                        items: {
                            canceledAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            /** @description `recurring_fee` (a fee each period; for a prepaid product, the credit bought each period) or `usage` (a usage product: its usage each period) */
                            kind: string;
                            /** Format: uuid */
                            productVersionId: string;
                            /** @description `advance` or `arrears` */
                            timing: string;
                        }[];
                        nextBillingDate: string | null;
                        nextRetryAt: string | null;
                        pausedAt: string | null;
                        paymentMethod: string | null;
                        /** Format: uuid */
                        productVersionId: string;
                        /** Format: date-time */
                        startedAt: string;
                        status: "trialing" | "active" | "past_due" | "paused" | "canceled";
                        trialEndsAt: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getSubscriptionBalance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subscriptionID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: decimal
                         * @description What is left to draw, in the currency (below zero only down to a negative floor).
                         * @example 10.50
                         */
                        balance: string;
                        /**
                         * Format: decimal
                         * @description The version's floor: usage that would take the balance below it is refused.
                         * @example 10.50
                         */
                        consumptionFloor: string;
                        currency: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    cancelSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subscriptionID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description true: at the end of the current period (billed up to it); default false: now. */
                    atPeriodEnd?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        anchor: string;
                        billingCycle: "weekly" | "monthly" | "annual";
                        /** @description When the fee is invoiced. `advance` (default): at the period start; `arrears`: at its end. Usage is always billed in arrears (a usage product is `arrears`); a prepaid credit is bought in advance (a prepaid product is `advance`). */
                        billingMode: "advance" | "arrears";
                        cancelAtPeriodEnd: boolean;
                        canceledAt: string | null;
                        /** @description `send_invoice` (default): each invoice is emailed with its payment page. `charge_automatically`: each invoice is charged to paymentMethod when finalized, retried 1, 3, 5 and 7 days after a failure. */
                        collectionMethod: "charge_automatically" | "send_invoice";
                        couponId: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        customerId: string;
                        /**
                         * Format: uuid
                         * @description The enrollment id.
                         */
                        id: string;
                        items: {
                            canceledAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            /** @description `recurring_fee` (a fee each period; for a prepaid product, the credit bought each period) or `usage` (a usage product: its usage each period) */
                            kind: string;
                            /** Format: uuid */
                            productVersionId: string;
                            /** @description `advance` or `arrears` */
                            timing: string;
                        }[];
                        nextBillingDate: string | null;
                        nextRetryAt: string | null;
                        pausedAt: string | null;
                        paymentMethod: string | null;
                        /** Format: uuid */
                        productVersionId: string;
                        /** Format: date-time */
                        startedAt: string;
                        status: "trialing" | "active" | "past_due" | "paused" | "canceled";
                        trialEndsAt: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    changeSubscriptionVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subscriptionID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description A published version of the same product, on the same billing cycle.
                     */
                    productVersionId: string;
                    /** @description Default true: split the current period by its seconds (see docs/subscriptions.md). */
                    prorate?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        anchor: string;
                        billingCycle: "weekly" | "monthly" | "annual";
                        /** @description When the fee is invoiced. `advance` (default): at the period start; `arrears`: at its end. Usage is always billed in arrears (a usage product is `arrears`); a prepaid credit is bought in advance (a prepaid product is `advance`). */
                        billingMode: "advance" | "arrears";
                        cancelAtPeriodEnd: boolean;
                        canceledAt: string | null;
                        /** @description `send_invoice` (default): each invoice is emailed with its payment page. `charge_automatically`: each invoice is charged to paymentMethod when finalized, retried 1, 3, 5 and 7 days after a failure. */
                        collectionMethod: "charge_automatically" | "send_invoice";
                        couponId: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        customerId: string;
                        /**
                         * Format: uuid
                         * @description The enrollment id.
                         */
                        id: string;
                        items: {
                            canceledAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            /** @description `recurring_fee` (a fee each period; for a prepaid product, the credit bought each period) or `usage` (a usage product: its usage each period) */
                            kind: string;
                            /** Format: uuid */
                            productVersionId: string;
                            /** @description `advance` or `arrears` */
                            timing: string;
                        }[];
                        nextBillingDate: string | null;
                        nextRetryAt: string | null;
                        pausedAt: string | null;
                        paymentMethod: string | null;
                        /** Format: uuid */
                        productVersionId: string;
                        /** Format: date-time */
                        startedAt: string;
                        status: "trialing" | "active" | "past_due" | "paused" | "canceled";
                        trialEndsAt: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    pauseSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subscriptionID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        anchor: string;
                        billingCycle: "weekly" | "monthly" | "annual";
                        /** @description When the fee is invoiced. `advance` (default): at the period start; `arrears`: at its end. Usage is always billed in arrears (a usage product is `arrears`); a prepaid credit is bought in advance (a prepaid product is `advance`). */
                        billingMode: "advance" | "arrears";
                        cancelAtPeriodEnd: boolean;
                        canceledAt: string | null;
                        /** @description `send_invoice` (default): each invoice is emailed with its payment page. `charge_automatically`: each invoice is charged to paymentMethod when finalized, retried 1, 3, 5 and 7 days after a failure. */
                        collectionMethod: "charge_automatically" | "send_invoice";
                        couponId: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        customerId: string;
                        /**
                         * Format: uuid
                         * @description The enrollment id.
                         */
                        id: string;
                        items: {
                            canceledAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            /** @description `recurring_fee` (a fee each period; for a prepaid product, the credit bought each period) or `usage` (a usage product: its usage each period) */
                            kind: string;
                            /** Format: uuid */
                            productVersionId: string;
                            /** @description `advance` or `arrears` */
                            timing: string;
                        }[];
                        nextBillingDate: string | null;
                        nextRetryAt: string | null;
                        pausedAt: string | null;
                        paymentMethod: string | null;
                        /** Format: uuid */
                        productVersionId: string;
                        /** Format: date-time */
                        startedAt: string;
                        status: "trialing" | "active" | "past_due" | "paused" | "canceled";
                        trialEndsAt: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    resumeSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subscriptionID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        anchor: string;
                        billingCycle: "weekly" | "monthly" | "annual";
                        /** @description When the fee is invoiced. `advance` (default): at the period start; `arrears`: at its end. Usage is always billed in arrears (a usage product is `arrears`); a prepaid credit is bought in advance (a prepaid product is `advance`). */
                        billingMode: "advance" | "arrears";
                        cancelAtPeriodEnd: boolean;
                        canceledAt: string | null;
                        /** @description `send_invoice` (default): each invoice is emailed with its payment page. `charge_automatically`: each invoice is charged to paymentMethod when finalized, retried 1, 3, 5 and 7 days after a failure. */
                        collectionMethod: "charge_automatically" | "send_invoice";
                        couponId: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        customerId: string;
                        /**
                         * Format: uuid
                         * @description The enrollment id.
                         */
                        id: string;
                        items: {
                            canceledAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            /** @description `recurring_fee` (a fee each period; for a prepaid product, the credit bought each period) or `usage` (a usage product: its usage each period) */
                            kind: string;
                            /** Format: uuid */
                            productVersionId: string;
                            /** @description `advance` or `arrears` */
                            timing: string;
                        }[];
                        nextBillingDate: string | null;
                        nextRetryAt: string | null;
                        pausedAt: string | null;
                        paymentMethod: string | null;
                        /** Format: uuid */
                        productVersionId: string;
                        /** Format: date-time */
                        startedAt: string;
                        status: "trialing" | "active" | "past_due" | "paused" | "canceled";
                        trialEndsAt: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    presignImageUpload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description MIME type of the file. Images: image/png, image/jpeg, image/webp, image/gif, image/avif (no SVG: it can carry scripts). Deliverables: application/pdf, application/zip, application/epub+zip, application/json, text/plain, text/csv, text/markdown, audio/mpeg, audio/mp4, audio/wav, audio/ogg, video/mp4, video/webm, image/png, image/jpeg, image/webp, image/gif, image/avif. */
                    contentType: string;
                    /** @description Name of the file; only its last path segment is kept. */
                    fileName: string;
                    /**
                     * @description image: storefront logos and banners. deliverable: a file the buyer receives after paying.
                     * @default image
                     */
                    purpose?: "image" | "deliverable";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        expiresAt: string;
                        /** @description Headers the PUT must carry exactly (Content-Type). */
                        headers: {
                            [key: string]: string;
                        };
                        /** @description Largest accepted file for this purpose. */
                        maxSizeBytes: number;
                        /** @enum {string} */
                        method: "PUT";
                        /** @description Reference to the object: pass it as objectKey, logoObjectKey or bannerObjectKey once uploaded. */
                        objectKey: string;
                        /** @description Send the file bytes here with an HTTP PUT before expiresAt. */
                        uploadUrl: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listCustomers: {
        parameters: {
            query?: {
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                /** @description Exact email. */
                email?: string;
                /** @description Exact external id. */
                externalId?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customers: {
                            /** @description The customer's credit balance per currency: credit notes with outcome `credit` add to it, and the finalization of its next invoice in that currency applies it (the invoice's appliedBalance) before anything is charged. Its ledger account is customers:<id>:credit. */
                            balances: {
                                /**
                                 * Format: decimal
                                 * @description Credit the customer holds in the currency.
                                 * @example 10.50
                                 */
                                amount: string;
                                /** @description ISO 4217 code. */
                                currency: string;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            document: string | null;
                            documentType: ("cpf" | "cnpj") | null;
                            email: string | null;
                            externalId: string | null;
                            /** Format: uuid */
                            id: string;
                            /** @description Free-form key-value data, at most 50 keys and 8 KiB; a value is a scalar or an array or object of scalars. */
                            metadata: {
                                [key: string]: unknown;
                            };
                            name: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description CPF or CNPJ (numeric or the 2026 alphanumeric format), with or without punctuation; check digits are verified. */
                    document?: string;
                    /** Format: email */
                    email?: string;
                    /** @description Your own id for the customer; unique in the account and environment. */
                    externalId?: string;
                    /** @description Free-form key-value data, at most 50 keys and 8 KiB; a value is a scalar or an array or object of scalars. */
                    metadata?: {
                        [key: string]: unknown;
                    };
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The customer's credit balance per currency: credit notes with outcome `credit` add to it, and the finalization of its next invoice in that currency applies it (the invoice's appliedBalance) before anything is charged. Its ledger account is customers:<id>:credit. */
                        balances: {
                            /**
                             * Format: decimal
                             * @description Credit the customer holds in the currency.
                             * @example 10.50
                             */
                            amount: string;
                            /** @description ISO 4217 code. */
                            currency: string;
                        }[];
                        /** Format: date-time */
                        createdAt: string;
                        document: string | null;
                        documentType: ("cpf" | "cnpj") | null;
                        email: string | null;
                        externalId: string | null;
                        /** Format: uuid */
                        id: string;
                        /** @description Free-form key-value data, at most 50 keys and 8 KiB; a value is a scalar or an array or object of scalars. */
                        metadata: {
                            [key: string]: unknown;
                        };
                        name: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The customer's credit balance per currency: credit notes with outcome `credit` add to it, and the finalization of its next invoice in that currency applies it (the invoice's appliedBalance) before anything is charged. Its ledger account is customers:<id>:credit. */
                        balances: {
                            /**
                             * Format: decimal
                             * @description Credit the customer holds in the currency.
                             * @example 10.50
                             */
                            amount: string;
                            /** @description ISO 4217 code. */
                            currency: string;
                        }[];
                        /** Format: date-time */
                        createdAt: string;
                        document: string | null;
                        documentType: ("cpf" | "cnpj") | null;
                        email: string | null;
                        externalId: string | null;
                        /** Format: uuid */
                        id: string;
                        /** @description Free-form key-value data, at most 50 keys and 8 KiB; a value is a scalar or an array or object of scalars. */
                        metadata: {
                            [key: string]: unknown;
                        };
                        name: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    updateCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerID: string;
            };
            cookie?: never;
        };
        /** @description Omitted fields do not change; null clears a field; metadata replaces the whole object. */
        requestBody: {
            content: {
                "application/json": {
                    document?: string | null;
                    email?: string | null;
                    externalId?: string | null;
                    /** @description Free-form key-value data, at most 50 keys and 8 KiB; a value is a scalar or an array or object of scalars. */
                    metadata?: {
                        [key: string]: unknown;
                    };
                    name?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The customer's credit balance per currency: credit notes with outcome `credit` add to it, and the finalization of its next invoice in that currency applies it (the invoice's appliedBalance) before anything is charged. Its ledger account is customers:<id>:credit. */
                        balances: {
                            /**
                             * Format: decimal
                             * @description Credit the customer holds in the currency.
                             * @example 10.50
                             */
                            amount: string;
                            /** @description ISO 4217 code. */
                            currency: string;
                        }[];
                        /** Format: date-time */
                        createdAt: string;
                        document: string | null;
                        documentType: ("cpf" | "cnpj") | null;
                        email: string | null;
                        externalId: string | null;
                        /** Format: uuid */
                        id: string;
                        /** @description Free-form key-value data, at most 50 keys and 8 KiB; a value is a scalar or an array or object of scalars. */
                        metadata: {
                            [key: string]: unknown;
                        };
                        name: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listEnrollments: {
        parameters: {
            query?: {
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
            };
            header?: never;
            path: {
                customerID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        enrollments: {
                            /**
                             * Format: decimal
                             * @description Prepaid balance (a subscription to a product priced prepaid: GET /billing/subscriptions/{id}/balance); "0" for the others.
                             * @example 10.50
                             */
                            balance: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            customerId: string;
                            /**
                             * Format: uuid
                             * @description The enrollment id: what invoices call customerId, and the subscription id of recurring products.
                             */
                            id: string;
                            /** Format: uuid */
                            productId: string;
                            /** Format: uuid */
                            productVersionId: string;
                            /** @description `active` on creation. */
                            status: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createEnrollment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    productId: string;
                    /**
                     * Format: uuid
                     * @description A published version of the product; the product's default version when omitted.
                     */
                    productVersionId?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: decimal
                         * @description Prepaid balance (a subscription to a product priced prepaid: GET /billing/subscriptions/{id}/balance); "0" for the others.
                         * @example 10.50
                         */
                        balance: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        customerId: string;
                        /**
                         * Format: uuid
                         * @description The enrollment id: what invoices call customerId, and the subscription id of recurring products.
                         */
                        id: string;
                        /** Format: uuid */
                        productId: string;
                        /** Format: uuid */
                        productVersionId: string;
                        /** @description `active` on creation. */
                        status: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listRateCards: {
        parameters: {
            query?: {
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
            };
            header?: never;
            path: {
                enrollmentID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nextCursor: string | null;
                        rateCards: {
                            /** @description Whether the card is in effect now (effectiveFrom <= now < effectiveTo). */
                            active: boolean;
                            basePrice: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            deletedAt: string | null;
                            /**
                             * Format: date-time
                             * @description The card prices usage from this instant on (included).
                             */
                            effectiveFrom: string;
                            effectiveTo: string | null;
                            /** Format: uuid */
                            enrollmentId: string;
                            /** Format: uuid */
                            id: string;
                            prices: {
                                /** Format: uuid */
                                id: string;
                                /** @description The meter key. */
                                meter: string;
                                /** Format: uuid */
                                meterId: string;
                                /**
                                 * @description tiered is graduated.
                                 * @enum {string}
                                 */
                                model: "per_unit" | "tiered" | "volume" | "package";
                                packageSize: string | null;
                                tiers: {
                                    flatPrice: string | null;
                                    unitPrice: string;
                                    upTo: string | null;
                                }[] | null;
                                unitPrice: string | null;
                            }[];
                        }[];
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createRateCard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                enrollmentID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: decimal
                     * @example 10.50
                     */
                    basePrice?: string;
                    /**
                     * Format: date-time
                     * @description When the card starts pricing usage; now when omitted. May be in the past (not inside an invoiced period: 409 usage_already_invoiced) or the future; never before the end of another card of the enrollment (409 conflict).
                     */
                    effectiveFrom?: string;
                    /** @description Replaces the version's whole price list while the card is active. */
                    prices: {
                        /** @description Key of an existing meter. */
                        meter: string;
                        /**
                         * @description tiered is graduated.
                         * @enum {string}
                         */
                        model?: "per_unit" | "tiered" | "volume" | "package";
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        packageSize?: string;
                        tiers?: {
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            flatPrice?: string;
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            unitPrice: string;
                            upTo: string | null;
                        }[];
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        unitPrice?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the card is in effect now (effectiveFrom <= now < effectiveTo). */
                        active: boolean;
                        basePrice: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        deletedAt: string | null;
                        /**
                         * Format: date-time
                         * @description The card prices usage from this instant on (included).
                         */
                        effectiveFrom: string;
                        effectiveTo: string | null;
                        /** Format: uuid */
                        enrollmentId: string;
                        /** Format: uuid */
                        id: string;
                        prices: {
                            /** Format: uuid */
                            id: string;
                            /** @description The meter key. */
                            meter: string;
                            /** Format: uuid */
                            meterId: string;
                            /**
                             * @description tiered is graduated.
                             * @enum {string}
                             */
                            model: "per_unit" | "tiered" | "volume" | "package";
                            packageSize: string | null;
                            tiers: {
                                flatPrice: string | null;
                                unitPrice: string;
                                upTo: string | null;
                            }[] | null;
                            unitPrice: string | null;
                        }[];
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    deleteRateCard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                enrollmentID: string;
                rateCardID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether the card is in effect now (effectiveFrom <= now < effectiveTo). */
                        active: boolean;
                        basePrice: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        deletedAt: string | null;
                        /**
                         * Format: date-time
                         * @description The card prices usage from this instant on (included).
                         */
                        effectiveFrom: string;
                        effectiveTo: string | null;
                        /** Format: uuid */
                        enrollmentId: string;
                        /** Format: uuid */
                        id: string;
                        prices: {
                            /** Format: uuid */
                            id: string;
                            /** @description The meter key. */
                            meter: string;
                            /** Format: uuid */
                            meterId: string;
                            /**
                             * @description tiered is graduated.
                             * @enum {string}
                             */
                            model: "per_unit" | "tiered" | "volume" | "package";
                            packageSize: string | null;
                            tiers: {
                                flatPrice: string | null;
                                unitPrice: string;
                                upTo: string | null;
                            }[] | null;
                            unitPrice: string | null;
                        }[];
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    showDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The home page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /dashboard/login. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    showDashboardAudit: {
        parameters: {
            query?: {
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The audit log page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /dashboard/login. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description A role that may not read the audit log. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    showDashboardCustomers: {
        parameters: {
            query?: {
                cursor?: string;
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customers page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /dashboard/login. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    showDashboardCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /dashboard/login. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description No such customer in this account and environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    showDashboardDevelopers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The developers page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /dashboard/login. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    showDashboardEvents: {
        parameters: {
            query?: {
                cursor?: string;
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /dashboard/login. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    showDashboardEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                eventID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /dashboard/login. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description No such event in this account and environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createDashboardApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new key, shown once. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Done: to the resource page (or /dashboard/login when signed out). */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description CSRF token refused, or the role cannot do this (settings are for owners and admins). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such resource in this account and environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The API refused: conflict. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The form or the API refused a field. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    revokeDashboardApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: to the resource page (or /dashboard/login when signed out). */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description CSRF token refused, or the role cannot do this (settings are for owners and admins). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such resource in this account and environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The API refused: conflict. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The form or the API refused a field. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    showDashboardWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpointID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out: to /dashboard/login. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description No such endpoint in this account and environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    retryDashboardWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryID: string;
                endpointID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: to the resource page (or /dashboard/login when signed out). */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description CSRF token refused, or the role cannot do this (settings are for owners and admins). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such resource in this account and environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The API refused: conflict. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The form or the API refused a field. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    rotateDashboardWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpointID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret, shown once. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Done: to the resource page (or /dashboard/login when signed out). */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description CSRF token refused, or the role cannot do this (settings are for owners and admins). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such resource in this account and environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The API refused: conflict. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The form or the API refused a field. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    switchDashboardEnvironment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To /dashboard (or /dashboard/login when signed out). */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description CSRF token refused. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    showDashboardForgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The form. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    requestDashboardPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The same notice for every email. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description CSRF token refused. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Too many requests. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    showDashboardInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The form. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description The link was used or has expired. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    acceptDashboardInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed in: to /dashboard. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description CSRF token refused. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The link was used or has expired. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The password is too short or too long: the form again. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    showDashboardSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sign-in page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Already signed in: to /dashboard. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    signInToDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed in: to /dashboard. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Wrong email or password: the form again. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The CSRF token is missing or does not match the sign-in cookie. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Too many attempts from this address for this email. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    signOutOfDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To /dashboard/login. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description CSRF token refused. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    showDashboardMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description The role cannot manage members. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    inviteDashboardMember: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Invited: the page with a notice. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Done: to /dashboard/members (or /dashboard/login when signed out). */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description CSRF token refused, or the role cannot manage members. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such member in this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The last owner, or an email that is a member already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description An invalid email or role. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    removeDashboardMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: to /dashboard/members (or /dashboard/login when signed out). */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description CSRF token refused, or the role cannot manage members. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such member in this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The last owner, or an email that is a member already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description An invalid email or role. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    changeDashboardMemberRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: to /dashboard/members (or /dashboard/login when signed out). */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description CSRF token refused, or the role cannot manage members. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such member in this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The last owner, or an email that is a member already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description An invalid email or role. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    showDashboardPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The form. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    setDashboardPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Signed out. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description CSRF token refused. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Too short, or the current password is wrong: the form again. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    showDashboardPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The form. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description The link was used or has expired. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    resetDashboardPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: every session of the member is signed out. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description CSRF token refused. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The link was used or has expired. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The password is too short or too long: the form again. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    showDashboardSignInLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The button. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description The link cannot be used. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    useDashboardSignInLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed in: to /dashboard. */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description CSRF token refused. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The link cannot be used. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getEnrollment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                enrollmentID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: decimal
                         * @description Prepaid balance (a subscription to a product priced prepaid: GET /billing/subscriptions/{id}/balance); "0" for the others.
                         * @example 10.50
                         */
                        balance: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        customerId: string;
                        /**
                         * Format: uuid
                         * @description The enrollment id: what invoices call customerId, and the subscription id of recurring products.
                         */
                        id: string;
                        /** Format: uuid */
                        productId: string;
                        /** Format: uuid */
                        productVersionId: string;
                        /** @description `active` on creation. */
                        status: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listUsageEvents: {
        parameters: {
            query: {
                cursor?: string;
                enrollmentId: string;
                from?: string;
                limit?: number;
                meter?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            /** Format: uuid */
                            enrollmentId: string;
                            eventId: string;
                            metadata: {
                                [key: string]: unknown;
                            } | null;
                            meter: string;
                            /** Format: uuid */
                            meterId: string;
                            /** Format: date-time */
                            receivedAt: string;
                            /** Format: date-time */
                            timestamp: string;
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            value: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    recordUsageEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The customer's id or its externalId. */
                    customerId: string;
                    /** @description Dedupe key; pin it so resends are recognised. Made by the server when absent. */
                    eventId?: string;
                    /** @description Free-form data, at most 4 KiB; a value is a scalar or an array or object of scalars. */
                    metadata?: {
                        [key: string]: unknown;
                    };
                    /** @description Key of the meter. */
                    meter: string;
                    /**
                     * Format: uuid
                     * @description The product the usage is billed under.
                     */
                    productId: string;
                    /**
                     * Format: date-time
                     * @description When the usage happened; pin it for resends. Default: receipt time.
                     */
                    timestamp?: string;
                    /**
                     * Format: decimal
                     * @description Amount of usage (>= 0). Ignored by count meters beyond being recorded.
                     * @example 10.50
                     */
                    value: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        eventId: string;
                        /** @description accepted: recorded now; duplicate: already recorded (nothing changed). */
                        status: "accepted" | "duplicate";
                        /**
                         * Format: date-time
                         * @description The recorded timestamp (the original one for a duplicate).
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        eventId: string;
                        /** @description accepted: recorded now; duplicate: already recorded (nothing changed). */
                        status: "accepted" | "duplicate";
                        /**
                         * Format: date-time
                         * @description The recorded timestamp (the original one for a duplicate).
                         */
                        timestamp: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    recordUsageBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    events: {
                        /** @description The customer's id or its externalId. */
                        customerId: string;
                        /** @description Dedupe key; pin it so resends are recognised. Made by the server when absent. */
                        eventId?: string;
                        /** @description Free-form data, at most 4 KiB; a value is a scalar or an array or object of scalars. */
                        metadata?: {
                            [key: string]: unknown;
                        };
                        /** @description Key of the meter. */
                        meter: string;
                        /**
                         * Format: uuid
                         * @description The product the usage is billed under.
                         */
                        productId: string;
                        /**
                         * Format: date-time
                         * @description When the usage happened; pin it for resends. Default: receipt time.
                         */
                        timestamp?: string;
                        /**
                         * Format: decimal
                         * @description Amount of usage (>= 0). Ignored by count meters beyond being recorded.
                         * @example 10.50
                         */
                        value: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Events recorded now. */
                        accepted: number;
                        /** @description Events already recorded. */
                        duplicates: number;
                        results: {
                            eventId: string;
                            index: number;
                            /** @description accepted: recorded now; duplicate: already recorded (nothing changed). */
                            status: "accepted" | "duplicate";
                            /** Format: date-time */
                            timestamp: string;
                        }[];
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query: {
                enrollmentId: string;
                /** @description Start, included. */
                from: string;
                granularity?: "hour" | "day" | "none";
                /** @description Meter key. */
                meter: string;
                /** @description End, excluded. */
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        aggregation: string;
                        buckets: {
                            /** Format: date-time */
                            end: string;
                            /** Format: date-time */
                            start: string;
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            value: string;
                        }[];
                        /** Format: uuid */
                        enrollmentId: string;
                        /** Format: date-time */
                        from: string;
                        meter: string;
                        /** Format: uuid */
                        meterId: string;
                        /** Format: date-time */
                        to: string;
                        /**
                         * Format: decimal
                         * @description The aggregated usage over [from, to).
                         * @example 10.50
                         */
                        value: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listMeters: {
        parameters: {
            query?: {
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        meters: {
                            /** @enum {string} */
                            aggregation: "sum" | "count" | "max" | "unique_count" | "latest";
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            /** @description What usage events name in `meter`. */
                            key: string;
                            name: string;
                            property: string | null;
                            unit: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createMeter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    aggregation: "sum" | "count" | "max" | "unique_count" | "latest";
                    /** @description Unique in the account and environment; cannot change. */
                    key: string;
                    name: string;
                    /** @description Required for unique_count, refused otherwise. */
                    property?: string;
                    unit?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        aggregation: "sum" | "count" | "max" | "unique_count" | "latest";
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        id: string;
                        /** @description What usage events name in `meter`. */
                        key: string;
                        name: string;
                        property: string | null;
                        unit: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getMeter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                meterID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        aggregation: "sum" | "count" | "max" | "unique_count" | "latest";
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        id: string;
                        /** @description What usage events name in `meter`. */
                        key: string;
                        name: string;
                        property: string | null;
                        unit: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    updateMeter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                meterID: string;
            };
            cookie?: never;
        };
        /** @description aggregation and property cannot change once a published version or a rate card prices the meter. */
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    aggregation?: "sum" | "count" | "max" | "unique_count" | "latest";
                    name?: string;
                    property?: string | null;
                    unit?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        aggregation: "sum" | "count" | "max" | "unique_count" | "latest";
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        id: string;
                        /** @description What usage events name in `meter`. */
                        key: string;
                        name: string;
                        property: string | null;
                        unit: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    showPaymentLinkPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                linkID: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The checkout page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description The "payment link not found" page. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    checkoutPaymentLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                linkID: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Address */
                    address?: {
                        city: string;
                        /** @description ISO 3166-1 alpha-2, e.g. BR. */
                        country: string;
                        line1: string;
                        line2?: string;
                        postalCode: string;
                        state: string;
                    };
                    /** @description A coupon of the account (GET /billing/coupons). */
                    couponCode?: string;
                    payer: {
                        /** @description CPF or CNPJ, with or without punctuation; check digits are verified. Required when the product is priced in BRL. */
                        document?: string;
                        /** Format: email */
                        email: string;
                        name: string;
                    };
                    paymentMethod?: "pix" | "boleto" | "card" | "crypto";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amountDue: string;
                        currency: string;
                        /** Format: uuid */
                        invoiceId: string;
                        invoiceNumber: string | null;
                        /** @description The hosted invoice page, where the buyer pays. */
                        invoiceUrl: string;
                        preferredMethod: ("pix" | "boleto" | "card" | "crypto") | null;
                        /** @description `open` (or `paid` when a coupon took the whole amount). */
                        status: string;
                        subscriptionId: string | null;
                        total: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    showBoletoPage: {
        parameters: {
            query?: {
                /** @description The access token of the invoice's link. */
                token?: string;
            };
            header?: never;
            path: {
                paymentID: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The boleto page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description The "not found" page. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    showHostedInvoicePage: {
        parameters: {
            query?: {
                /** @description The method the page starts at once (pix, boleto, card, crypto; the payment link's form sets it). Anything else is ignored. */
                method?: string;
                /** @description The access token of the invoice link. */
                token?: string;
            };
            header?: never;
            path: {
                invoiceID: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description The "invoice not found" page. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    payHostedInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invoiceID: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    method: "pix" | "boleto" | "card" | "crypto";
                    /** @description The access token of the invoice's link (the `token` of its invoiceUrl). */
                    token: string;
                };
            };
        };
        responses: {
            /** @description A charge of the hosted invoice, as the buyer's page shows it. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Decimal string. */
                        amount: string;
                        /** @description Pending boleto: the ITF barcode as a base64 PNG (the status poll: with images=true only). */
                        boletoBarcodeImage?: string;
                        /** Format: date-time */
                        boletoDueDate?: string;
                        /** @description Pending boleto: the digitable line (47 digits). */
                        boletoLine?: string;
                        /** @description Pending boleto: the printable boleto page. */
                        boletoUrl?: string;
                        /** @description Crypto, creation answer only: the single-use token of the payment widget. */
                        chargeToken?: string;
                        /** @description Card, creation answer only: the credential of POST /pay/sandbox/cards/{paymentID}. */
                        clientSecret?: string;
                        /** Format: date-time */
                        createdAt: string;
                        currency: string;
                        failureCode: string | null;
                        method: "pix" | "boleto" | "card" | "crypto";
                        network?: "main" | "test";
                        /** @description Live card, creation answer only: what the connected processor's browser library needs to complete the charge (the API's nextAction). */
                        nextAction?: {
                            /** ClientActionAmount */
                            amount: {
                                /** @description ISO 4217 code. */
                                currency: string;
                                /** @description The amount in the currency's minor unit (cents for BRL). */
                                value: number;
                            };
                            /** @description Public key, safe for the browser. */
                            clientKey: string;
                            /** @enum {string} */
                            countryCode: "BR";
                            environment: "live" | "live-us" | "live-au" | "live-nea" | "live-in";
                            /** @enum {string} */
                            locale: "pt-BR";
                            session: {
                                id: string;
                                /** @description Not to be stored or logged. */
                                sessionData: string;
                            };
                            /** @enum {string} */
                            type: "processor_a_session";
                        } | {
                            clientSecret: string;
                            publishableKey: string;
                            /** @enum {string} */
                            type: "processor_b_payment_intent";
                        };
                        /** Format: uuid */
                        paymentId: string;
                        pixExpiresAt?: string | null;
                        /** @description Pending Pix: the copy-and-paste code. */
                        pixPayload?: string;
                        /** @description Pending Pix: the QR as a base64 PNG (the status poll: with images=true only). */
                        pixQrImage?: string;
                        /** @description Sandbox, pending: the page whose button confirms the charge. */
                        sandboxConfirmUrl?: string;
                        /** @enum {string} */
                        settlementAsset?: "USDC";
                        settlementNetwork?: "base" | "solana";
                        /** @description pending awaits payment; confirmed was paid; failed was not paid; refunded was fully refunded; charged_back was disputed by the buyer with their bank. */
                        status: "pending" | "confirmed" | "failed" | "refunded" | "charged_back";
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getHostedInvoiceStatus: {
        parameters: {
            query: {
                /** @description true: the pending charge's QR or barcode image too (default false: the poll leaves them out). */
                images?: boolean;
                /** @description The access token of the invoice's link (the `token` of its invoiceUrl). */
                token: string;
            };
            header?: never;
            path: {
                invoiceID: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the hosted invoice page polls. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Decimal string. */
                        amountDue: string;
                        currency: string;
                        /** @description draft (being built), open (issued, awaiting payment), paid, void (canceled), uncollectible (written off). */
                        invoiceStatus: "draft" | "open" | "paid" | "void" | "uncollectible";
                        payment: {
                            /** @description Decimal string. */
                            amount: string;
                            /** @description Pending boleto: the ITF barcode as a base64 PNG (the status poll: with images=true only). */
                            boletoBarcodeImage?: string;
                            /** Format: date-time */
                            boletoDueDate?: string;
                            /** @description Pending boleto: the digitable line (47 digits). */
                            boletoLine?: string;
                            /** @description Pending boleto: the printable boleto page. */
                            boletoUrl?: string;
                            /** @description Crypto, creation answer only: the single-use token of the payment widget. */
                            chargeToken?: string;
                            /** @description Card, creation answer only: the credential of POST /pay/sandbox/cards/{paymentID}. */
                            clientSecret?: string;
                            /** Format: date-time */
                            createdAt: string;
                            currency: string;
                            failureCode: string | null;
                            method: "pix" | "boleto" | "card" | "crypto";
                            network?: "main" | "test";
                            /** @description Live card, creation answer only: what the connected processor's browser library needs to complete the charge (the API's nextAction). */
                            nextAction?: {
                                /** ClientActionAmount */
                                amount: {
                                    /** @description ISO 4217 code. */
                                    currency: string;
                                    /** @description The amount in the currency's minor unit (cents for BRL). */
                                    value: number;
                                };
                                /** @description Public key, safe for the browser. */
                                clientKey: string;
                                /** @enum {string} */
                                countryCode: "BR";
                                environment: "live" | "live-us" | "live-au" | "live-nea" | "live-in";
                                /** @enum {string} */
                                locale: "pt-BR";
                                session: {
                                    id: string;
                                    /** @description Not to be stored or logged. */
                                    sessionData: string;
                                };
                                /** @enum {string} */
                                type: "processor_a_session";
                            } | {
                                clientSecret: string;
                                publishableKey: string;
                                /** @enum {string} */
                                type: "processor_b_payment_intent";
                            };
                            /** Format: uuid */
                            paymentId: string;
                            pixExpiresAt?: string | null;
                            /** @description Pending Pix: the copy-and-paste code. */
                            pixPayload?: string;
                            /** @description Pending Pix: the QR as a base64 PNG (the status poll: with images=true only). */
                            pixQrImage?: string;
                            /** @description Sandbox, pending: the page whose button confirms the charge. */
                            sandboxConfirmUrl?: string;
                            /** @enum {string} */
                            settlementAsset?: "USDC";
                            settlementNetwork?: "base" | "solana";
                            /** @description pending awaits payment; confirmed was paid; failed was not paid; refunded was fully refunded; charged_back was disputed by the buyer with their bank. */
                            status: "pending" | "confirmed" | "failed" | "refunded" | "charged_back";
                        } | null;
                        successUrl: string | null;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    payWithWallet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The crypto charge's single-use chargeToken (the credential of these keyless routes). */
                    chargeToken: string;
                    /** @description An x402 v2 PaymentPayload of the `exact` scheme with `accepted` (the requirements signed for). EVM: `payload` `{signature, authorization}` (EIP-3009 TransferWithAuthorization, signed by the wallet with eth_signTypedData_v4). Solana: `payload` `{transaction}` (base64 wire transaction signed by the buyer's wallet, its fee payer the requirements' `extra.feePayer`, its memo `extra.memo`). */
                    paymentPayload: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        network: string;
                        /** @description The wallet that paid (EVM checksummed; Solana base58). */
                        payer: string;
                        /** Format: uuid */
                        paymentId: string;
                        status: "pending" | "confirmed" | "failed" | "refunded" | "charged_back";
                        /** @description The settlement's transaction hash (Solana: its signature; simulated in the sandbox); also the payment's providerId. */
                        transaction: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getWalletPaymentRequirements: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The crypto charge's single-use chargeToken (the credential of these keyless routes). */
                    chargeToken: string;
                    /** @description Solana: the buyer wallet's address; the answer then carries the unsigned transaction it signs (`transaction`). Ignored on EVM. */
                    payer?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accepts: {
                            /** @description The charge's amount in the token's atomic units (USD amount x 10^decimals). */
                            amount: string;
                            /** @description Token contract address (EVM) or mint (Solana). */
                            asset: string;
                            /** @description EVM: the token's EIP-712 domain (`name`, `version`). Solana: `feePayer` (the Rail's), `memo` (binds the transaction to the charge), `recentBlockhash` and `lastValidBlockHeight`. */
                            extra: {
                                [key: string]: unknown;
                            };
                            maxTimeoutSeconds: number;
                            /** @description CAIP-2 network of the seller wallet (the Rail settings). */
                            network: string;
                            /** @description The seller wallet. */
                            payTo: string;
                            /** @enum {string} */
                            scheme: "exact";
                        }[];
                        resource: {
                            description?: string;
                            mimeType?: string;
                            url: string;
                        };
                        /** @description Solana, when `payer` was given: the unsigned transaction (base64 wire format) for that wallet to sign. */
                        transaction?: string;
                        /** @enum {number} */
                        x402Version: 2;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    payWithTestCard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    clientSecret: string;
                    cvc: string;
                    expMonth: number;
                    expYear: number;
                    /** @description The name on the card, as a processor asks for it; the sandbox checks only that it is not blank. */
                    holderName?: string;
                    number: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Why a declined card failed (card_declined, insufficient_funds, ...). */
                        failureCode: string | null;
                        /** Format: uuid */
                        paymentId: string;
                        status: "pending" | "confirmed" | "failed" | "refunded" | "charged_back";
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    showSandboxConfirmPage: {
        parameters: {
            query?: {
                /** @description The token of the sandbox confirmation link. */
                token?: string;
            };
            header?: never;
            path: {
                paymentID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description The "not found" page. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The charge can no longer be confirmed. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    confirmSandboxPayment: {
        parameters: {
            query?: {
                /** @description The token of the sandbox confirmation link. */
                token?: string;
            };
            header?: never;
            path: {
                paymentID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description The "not found" page. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The charge can no longer be confirmed. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    payWithTestWallet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    chargeToken: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Why a declined card failed (card_declined, insufficient_funds, ...). */
                        failureCode: string | null;
                        /** Format: uuid */
                        paymentId: string;
                        status: "pending" | "confirmed" | "failed" | "refunded" | "charged_back";
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    followSandboxPixLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the sandbox confirmation page. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description The "not found" page. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listPaymentLinks: {
        parameters: {
            query?: {
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
                productId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nextCursor: string | null;
                        paymentLinks: {
                            active: boolean;
                            cancelUrl: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            productId: string;
                            /** Format: uuid */
                            productVersionId: string;
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            quantity: string;
                            successUrl: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description {base_url}/pay/{accountSlug}/{linkID} */
                            url: string;
                        }[];
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createPaymentLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uri */
                    cancelUrl?: string;
                    /** Format: uuid */
                    productId: string;
                    /**
                     * Format: uuid
                     * @description A published version; the default version when omitted.
                     */
                    productVersionId?: string;
                    /**
                     * Format: decimal
                     * @description Greater than 0; default "1".
                     * @example 10.50
                     */
                    quantity?: string;
                    /** Format: uri */
                    successUrl?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        cancelUrl: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        productId: string;
                        /** Format: uuid */
                        productVersionId: string;
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        quantity: string;
                        successUrl: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description {base_url}/pay/{accountSlug}/{linkID} */
                        url: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getPaymentLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                linkID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        cancelUrl: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        productId: string;
                        /** Format: uuid */
                        productVersionId: string;
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        quantity: string;
                        successUrl: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description {base_url}/pay/{accountSlug}/{linkID} */
                        url: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    updatePaymentLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                linkID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        cancelUrl: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        productId: string;
                        /** Format: uuid */
                        productVersionId: string;
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        quantity: string;
                        successUrl: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description {base_url}/pay/{accountSlug}/{linkID} */
                        url: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    receiveProcessorEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connectionID: string;
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Events in the call; each applied once, however often it is sent. */
                        received: number;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    receivePixRecurringChargeEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connectionID: string;
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Events in the call; each applied once, however often it is sent. */
                        received: number;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    receivePixProcessorEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connectionID: string;
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Events in the call; each applied once, however often it is sent. */
                        received: number;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    receivePixRecurrenceEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connectionID: string;
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Events in the call; each applied once, however often it is sent. */
                        received: number;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listProducts: {
        parameters: {
            query?: {
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                key?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nextCursor: string | null;
                        products: {
                            /** Format: date-time */
                            createdAt: string;
                            /** @description 3-letter ISO 4217 code. */
                            currency: string;
                            description: string;
                            /** Format: uuid */
                            id: string;
                            /** @description Absent while the product has no image. */
                            imageUrl?: string;
                            /** @description Stable product key, unique in the account and environment. */
                            key: string;
                            name: string;
                            /** @enum {string} */
                            pricingModel: "subscription" | "one_time" | "usage" | "prepaid";
                            requiresShipping: boolean;
                            /** @description `active` on a created product. */
                            status: string;
                            /**
                             * @description Default item.
                             * @enum {string}
                             */
                            type: "item" | "agent";
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createProduct: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: decimal
                     * @description Version 1's base price.
                     * @example 10.50
                     */
                    basePrice?: string;
                    /** @enum {string} */
                    billingCycle?: "weekly" | "monthly" | "annual";
                    /** @description 3-letter ISO 4217 code, default BRL. */
                    currency?: string;
                    description?: string;
                    /** @description Stable key, unique in the account and environment. Sending an existing key returns that product. */
                    key: string;
                    name: string;
                    /** @enum {string} */
                    pricingModel?: "subscription" | "one_time" | "usage" | "prepaid";
                    /**
                     * @description Default item.
                     * @enum {string}
                     */
                    type?: "item" | "agent";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Product */
                        product: {
                            /** Format: date-time */
                            createdAt: string;
                            /** @description 3-letter ISO 4217 code. */
                            currency: string;
                            description: string;
                            /** Format: uuid */
                            id: string;
                            /** @description Absent while the product has no image. */
                            imageUrl?: string;
                            /** @description Stable product key, unique in the account and environment. */
                            key: string;
                            name: string;
                            /** @enum {string} */
                            pricingModel: "subscription" | "one_time" | "usage" | "prepaid";
                            requiresShipping: boolean;
                            /** @description `active` on a created product. */
                            status: string;
                            /**
                             * @description Default item.
                             * @enum {string}
                             */
                            type: "item" | "agent";
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        /** ProductVersion */
                        version: {
                            basePrice: string | null;
                            billingCycle: ("weekly" | "monthly" | "annual") | null;
                            commitmentAmount: string | null;
                            commitmentResets: boolean;
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            consumptionFloor: string;
                            /** Format: date-time */
                            createdAt: string;
                            grants: {
                                /**
                                 * Format: decimal
                                 * @example 10.50
                                 */
                                amount: string;
                                /** @description Meter key. */
                                meter: string;
                                /** @enum {string} */
                                on: "cycle";
                            }[];
                            /** Format: uuid */
                            id: string;
                            isDefault: boolean;
                            /** @description Usage prices of the version. */
                            prices: {
                                /** Format: uuid */
                                id: string;
                                /** @description The meter key. */
                                meter: string;
                                /** Format: uuid */
                                meterId: string;
                                /**
                                 * @description tiered is graduated.
                                 * @enum {string}
                                 */
                                model: "per_unit" | "tiered" | "volume" | "package";
                                packageSize: string | null;
                                tiers: {
                                    flatPrice: string | null;
                                    unitPrice: string;
                                    upTo: string | null;
                                }[] | null;
                                unitPrice: string | null;
                            }[];
                            /** Format: uuid */
                            productId: string;
                            /**
                             * Format: date-time
                             * @description Absent while the version is a draft.
                             */
                            publishedAt?: string;
                            /** @enum {string} */
                            status: "draft" | "published" | "archived";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Sequential per product: 1, 2, 3... */
                            version: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Product */
                        product: {
                            /** Format: date-time */
                            createdAt: string;
                            /** @description 3-letter ISO 4217 code. */
                            currency: string;
                            description: string;
                            /** Format: uuid */
                            id: string;
                            /** @description Absent while the product has no image. */
                            imageUrl?: string;
                            /** @description Stable product key, unique in the account and environment. */
                            key: string;
                            name: string;
                            /** @enum {string} */
                            pricingModel: "subscription" | "one_time" | "usage" | "prepaid";
                            requiresShipping: boolean;
                            /** @description `active` on a created product. */
                            status: string;
                            /**
                             * @description Default item.
                             * @enum {string}
                             */
                            type: "item" | "agent";
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        /** ProductVersion */
                        version: {
                            basePrice: string | null;
                            billingCycle: ("weekly" | "monthly" | "annual") | null;
                            commitmentAmount: string | null;
                            commitmentResets: boolean;
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            consumptionFloor: string;
                            /** Format: date-time */
                            createdAt: string;
                            grants: {
                                /**
                                 * Format: decimal
                                 * @example 10.50
                                 */
                                amount: string;
                                /** @description Meter key. */
                                meter: string;
                                /** @enum {string} */
                                on: "cycle";
                            }[];
                            /** Format: uuid */
                            id: string;
                            isDefault: boolean;
                            /** @description Usage prices of the version. */
                            prices: {
                                /** Format: uuid */
                                id: string;
                                /** @description The meter key. */
                                meter: string;
                                /** Format: uuid */
                                meterId: string;
                                /**
                                 * @description tiered is graduated.
                                 * @enum {string}
                                 */
                                model: "per_unit" | "tiered" | "volume" | "package";
                                packageSize: string | null;
                                tiers: {
                                    flatPrice: string | null;
                                    unitPrice: string;
                                    upTo: string | null;
                                }[] | null;
                                unitPrice: string | null;
                            }[];
                            /** Format: uuid */
                            productId: string;
                            /**
                             * Format: date-time
                             * @description Absent while the version is a draft.
                             */
                            publishedAt?: string;
                            /** @enum {string} */
                            status: "draft" | "published" | "archived";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Sequential per product: 1, 2, 3... */
                            version: number;
                        };
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @description 3-letter ISO 4217 code. */
                        currency: string;
                        description: string;
                        /** Format: uuid */
                        id: string;
                        /** @description Absent while the product has no image. */
                        imageUrl?: string;
                        /** @description Stable product key, unique in the account and environment. */
                        key: string;
                        name: string;
                        /** @enum {string} */
                        pricingModel: "subscription" | "one_time" | "usage" | "prepaid";
                        requiresShipping: boolean;
                        /** @description `active` on a created product. */
                        status: string;
                        /**
                         * @description Default item.
                         * @enum {string}
                         */
                        type: "item" | "agent";
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    updateProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    imageUrl?: string | null;
                    name?: string;
                    requiresShipping?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @description 3-letter ISO 4217 code. */
                        currency: string;
                        description: string;
                        /** Format: uuid */
                        id: string;
                        /** @description Absent while the product has no image. */
                        imageUrl?: string;
                        /** @description Stable product key, unique in the account and environment. */
                        key: string;
                        name: string;
                        /** @enum {string} */
                        pricingModel: "subscription" | "one_time" | "usage" | "prepaid";
                        requiresShipping: boolean;
                        /** @description `active` on a created product. */
                        status: string;
                        /**
                         * @description Default item.
                         * @enum {string}
                         */
                        type: "item" | "agent";
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getProductDeliverable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        contentType: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        fileName: string | null;
                        /** Format: uuid */
                        id: string;
                        kind: "file" | "link";
                        objectKey: string | null;
                        /** Format: uuid */
                        productId: string;
                        sizeBytes: number | null;
                        /** Format: date-time */
                        updatedAt: string;
                        url: string | null;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    setProductDeliverable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description kind file: when given, must equal the uploaded object's type. */
                    contentType?: string;
                    /** @description kind file: name offered to the buyer; defaults to the uploaded file name. */
                    fileName?: string;
                    kind: "link" | "file";
                    /** @description kind file: the objectKey of an uploaded object presigned with purpose deliverable. */
                    objectKey?: string;
                    /** @description kind link: an absolute http:// or https:// URL. */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        contentType: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        fileName: string | null;
                        /** Format: uuid */
                        id: string;
                        kind: "file" | "link";
                        objectKey: string | null;
                        /** Format: uuid */
                        productId: string;
                        sizeBytes: number | null;
                        /** Format: date-time */
                        updatedAt: string;
                        url: string | null;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    deleteProductDeliverable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        contentType: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        fileName: string | null;
                        /** Format: uuid */
                        id: string;
                        kind: "file" | "link";
                        objectKey: string | null;
                        /** Format: uuid */
                        productId: string;
                        sizeBytes: number | null;
                        /** Format: date-time */
                        updatedAt: string;
                        url: string | null;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listProductVersions: {
        parameters: {
            query?: {
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
            };
            header?: never;
            path: {
                productID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nextCursor: string | null;
                        versions: {
                            basePrice: string | null;
                            billingCycle: ("weekly" | "monthly" | "annual") | null;
                            commitmentAmount: string | null;
                            commitmentResets: boolean;
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            consumptionFloor: string;
                            /** Format: date-time */
                            createdAt: string;
                            grants: {
                                /**
                                 * Format: decimal
                                 * @example 10.50
                                 */
                                amount: string;
                                /** @description Meter key. */
                                meter: string;
                                /** @enum {string} */
                                on: "cycle";
                            }[];
                            /** Format: uuid */
                            id: string;
                            isDefault: boolean;
                            /** @description Usage prices of the version. */
                            prices: {
                                /** Format: uuid */
                                id: string;
                                /** @description The meter key. */
                                meter: string;
                                /** Format: uuid */
                                meterId: string;
                                /**
                                 * @description tiered is graduated.
                                 * @enum {string}
                                 */
                                model: "per_unit" | "tiered" | "volume" | "package";
                                packageSize: string | null;
                                tiers: {
                                    flatPrice: string | null;
                                    unitPrice: string;
                                    upTo: string | null;
                                }[] | null;
                                unitPrice: string | null;
                            }[];
                            /** Format: uuid */
                            productId: string;
                            /**
                             * Format: date-time
                             * @description Absent while the version is a draft.
                             */
                            publishedAt?: string;
                            /** @enum {string} */
                            status: "draft" | "published" | "archived";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Sequential per product: 1, 2, 3... */
                            version: number;
                        }[];
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createProductVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productID: string;
            };
            cookie?: never;
        };
        /** @description Fields not sent are copied from the current version (latest published, else latest). */
        requestBody: {
            content: {
                "application/json": {
                    basePrice?: string | null;
                    billingCycle?: ("weekly" | "monthly" | "annual") | null;
                    commitmentAmount?: string | null;
                    commitmentResets?: boolean;
                    /**
                     * Format: decimal
                     * @example 10.50
                     */
                    consumptionFloor?: string;
                    grants?: {
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        amount: string;
                        meter: string;
                        /** @enum {string} */
                        on: "cycle";
                    }[];
                    /** @description Replaces the whole list. */
                    prices?: {
                        /** @description Key of an existing meter. */
                        meter: string;
                        /**
                         * @description tiered is graduated.
                         * @enum {string}
                         */
                        model?: "per_unit" | "tiered" | "volume" | "package";
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        packageSize?: string;
                        tiers?: {
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            flatPrice?: string;
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            unitPrice: string;
                            upTo: string | null;
                        }[];
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        unitPrice?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        basePrice: string | null;
                        billingCycle: ("weekly" | "monthly" | "annual") | null;
                        commitmentAmount: string | null;
                        commitmentResets: boolean;
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        consumptionFloor: string;
                        /** Format: date-time */
                        createdAt: string;
                        grants: {
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            amount: string;
                            /** @description Meter key. */
                            meter: string;
                            /** @enum {string} */
                            on: "cycle";
                        }[];
                        /** Format: uuid */
                        id: string;
                        isDefault: boolean;
                        /** @description Usage prices of the version. */
                        prices: {
                            /** Format: uuid */
                            id: string;
                            /** @description The meter key. */
                            meter: string;
                            /** Format: uuid */
                            meterId: string;
                            /**
                             * @description tiered is graduated.
                             * @enum {string}
                             */
                            model: "per_unit" | "tiered" | "volume" | "package";
                            packageSize: string | null;
                            tiers: {
                                flatPrice: string | null;
                                unitPrice: string;
                                upTo: string | null;
                            }[] | null;
                            unitPrice: string | null;
                        }[];
                        /** Format: uuid */
                        productId: string;
                        /**
                         * Format: date-time
                         * @description Absent while the version is a draft.
                         */
                        publishedAt?: string;
                        /** @enum {string} */
                        status: "draft" | "published" | "archived";
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description Sequential per product: 1, 2, 3... */
                        version: number;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getProductVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productID: string;
                versionID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        basePrice: string | null;
                        billingCycle: ("weekly" | "monthly" | "annual") | null;
                        commitmentAmount: string | null;
                        commitmentResets: boolean;
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        consumptionFloor: string;
                        /** Format: date-time */
                        createdAt: string;
                        grants: {
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            amount: string;
                            /** @description Meter key. */
                            meter: string;
                            /** @enum {string} */
                            on: "cycle";
                        }[];
                        /** Format: uuid */
                        id: string;
                        isDefault: boolean;
                        /** @description Usage prices of the version. */
                        prices: {
                            /** Format: uuid */
                            id: string;
                            /** @description The meter key. */
                            meter: string;
                            /** Format: uuid */
                            meterId: string;
                            /**
                             * @description tiered is graduated.
                             * @enum {string}
                             */
                            model: "per_unit" | "tiered" | "volume" | "package";
                            packageSize: string | null;
                            tiers: {
                                flatPrice: string | null;
                                unitPrice: string;
                                upTo: string | null;
                            }[] | null;
                            unitPrice: string | null;
                        }[];
                        /** Format: uuid */
                        productId: string;
                        /**
                         * Format: date-time
                         * @description Absent while the version is a draft.
                         */
                        publishedAt?: string;
                        /** @enum {string} */
                        status: "draft" | "published" | "archived";
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description Sequential per product: 1, 2, 3... */
                        version: number;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    updateProductVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productID: string;
                versionID: string;
            };
            cookie?: never;
        };
        /** @description Drafts only. Omitted fields do not change. */
        requestBody: {
            content: {
                "application/json": {
                    basePrice?: string | null;
                    billingCycle?: ("weekly" | "monthly" | "annual") | null;
                    commitmentAmount?: string | null;
                    commitmentResets?: boolean;
                    /**
                     * Format: decimal
                     * @example 10.50
                     */
                    consumptionFloor?: string;
                    grants?: {
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        amount: string;
                        meter: string;
                        /** @enum {string} */
                        on: "cycle";
                    }[];
                    /** @description Replaces the whole list. */
                    prices?: {
                        /** @description Key of an existing meter. */
                        meter: string;
                        /**
                         * @description tiered is graduated.
                         * @enum {string}
                         */
                        model?: "per_unit" | "tiered" | "volume" | "package";
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        packageSize?: string;
                        tiers?: {
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            flatPrice?: string;
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            unitPrice: string;
                            upTo: string | null;
                        }[];
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        unitPrice?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        basePrice: string | null;
                        billingCycle: ("weekly" | "monthly" | "annual") | null;
                        commitmentAmount: string | null;
                        commitmentResets: boolean;
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        consumptionFloor: string;
                        /** Format: date-time */
                        createdAt: string;
                        grants: {
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            amount: string;
                            /** @description Meter key. */
                            meter: string;
                            /** @enum {string} */
                            on: "cycle";
                        }[];
                        /** Format: uuid */
                        id: string;
                        isDefault: boolean;
                        /** @description Usage prices of the version. */
                        prices: {
                            /** Format: uuid */
                            id: string;
                            /** @description The meter key. */
                            meter: string;
                            /** Format: uuid */
                            meterId: string;
                            /**
                             * @description tiered is graduated.
                             * @enum {string}
                             */
                            model: "per_unit" | "tiered" | "volume" | "package";
                            packageSize: string | null;
                            tiers: {
                                flatPrice: string | null;
                                unitPrice: string;
                                upTo: string | null;
                            }[] | null;
                            unitPrice: string | null;
                        }[];
                        /** Format: uuid */
                        productId: string;
                        /**
                         * Format: date-time
                         * @description Absent while the version is a draft.
                         */
                        publishedAt?: string;
                        /** @enum {string} */
                        status: "draft" | "published" | "archived";
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description Sequential per product: 1, 2, 3... */
                        version: number;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    archiveProductVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productID: string;
                versionID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        basePrice: string | null;
                        billingCycle: ("weekly" | "monthly" | "annual") | null;
                        commitmentAmount: string | null;
                        commitmentResets: boolean;
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        consumptionFloor: string;
                        /** Format: date-time */
                        createdAt: string;
                        grants: {
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            amount: string;
                            /** @description Meter key. */
                            meter: string;
                            /** @enum {string} */
                            on: "cycle";
                        }[];
                        /** Format: uuid */
                        id: string;
                        isDefault: boolean;
                        /** @description Usage prices of the version. */
                        prices: {
                            /** Format: uuid */
                            id: string;
                            /** @description The meter key. */
                            meter: string;
                            /** Format: uuid */
                            meterId: string;
                            /**
                             * @description tiered is graduated.
                             * @enum {string}
                             */
                            model: "per_unit" | "tiered" | "volume" | "package";
                            packageSize: string | null;
                            tiers: {
                                flatPrice: string | null;
                                unitPrice: string;
                                upTo: string | null;
                            }[] | null;
                            unitPrice: string | null;
                        }[];
                        /** Format: uuid */
                        productId: string;
                        /**
                         * Format: date-time
                         * @description Absent while the version is a draft.
                         */
                        publishedAt?: string;
                        /** @enum {string} */
                        status: "draft" | "published" | "archived";
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description Sequential per product: 1, 2, 3... */
                        version: number;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    publishProductVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productID: string;
                versionID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Default true. */
                    default?: boolean;
                } | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        basePrice: string | null;
                        billingCycle: ("weekly" | "monthly" | "annual") | null;
                        commitmentAmount: string | null;
                        commitmentResets: boolean;
                        /**
                         * Format: decimal
                         * @example 10.50
                         */
                        consumptionFloor: string;
                        /** Format: date-time */
                        createdAt: string;
                        grants: {
                            /**
                             * Format: decimal
                             * @example 10.50
                             */
                            amount: string;
                            /** @description Meter key. */
                            meter: string;
                            /** @enum {string} */
                            on: "cycle";
                        }[];
                        /** Format: uuid */
                        id: string;
                        isDefault: boolean;
                        /** @description Usage prices of the version. */
                        prices: {
                            /** Format: uuid */
                            id: string;
                            /** @description The meter key. */
                            meter: string;
                            /** Format: uuid */
                            meterId: string;
                            /**
                             * @description tiered is graduated.
                             * @enum {string}
                             */
                            model: "per_unit" | "tiered" | "volume" | "package";
                            packageSize: string | null;
                            tiers: {
                                flatPrice: string | null;
                                unitPrice: string;
                                upTo: string | null;
                            }[] | null;
                            unitPrice: string | null;
                        }[];
                        /** Format: uuid */
                        productId: string;
                        /**
                         * Format: date-time
                         * @description Absent while the version is a draft.
                         */
                        publishedAt?: string;
                        /** @enum {string} */
                        status: "draft" | "published" | "archived";
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description Sequential per product: 1, 2, 3... */
                        version: number;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getPublicAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What a checkout page shows of an account: its branding, nothing else. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cnpj: string | null;
                        logoUrl: string | null;
                        name: string;
                        slug: string;
                        supportEmail: string | null;
                        termsUrl: string | null;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    downloadDeliverable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the file or link. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getPublicStorefront: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What a buyer sees of a shop: nothing secret, no account id. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bannerUrl: string | null;
                        currency: string | null;
                        description: string | null;
                        /** @description How the buyer receives the purchase; `both` lets the buyer choose. */
                        fulfillmentMode: "pickup" | "shipping" | "both";
                        logoUrl: string | null;
                        name: string;
                        pickupNote: string | null;
                        products: {
                            currency: string;
                            description: string;
                            /** Format: uuid */
                            id: string;
                            imageUrl: string | null;
                            name: string;
                            requiresShipping: boolean;
                            /** @description The default version's price. */
                            unitPrice: string;
                        }[];
                        requireAddress: boolean;
                        shippingFlatAmount: string | null;
                        slug: string;
                        /** @description The shop's look, from a fixed set of options. */
                        theme: {
                            /** @enum {string} */
                            accent: "blue" | "green" | "orange" | "purple" | "red" | "teal" | "gray";
                            /** @enum {string} */
                            preset: "classic" | "modern" | "minimal" | "bold";
                        };
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createStorefrontOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    couponCode?: string;
                    fulfillment: {
                        /** Address */
                        address?: {
                            city: string;
                            /** @description ISO 3166-1 alpha-2, e.g. BR. */
                            country: string;
                            line1: string;
                            line2?: string;
                            postalCode: string;
                            state: string;
                        };
                        mode: "pickup" | "shipping";
                    };
                    /** @description One item per product, at most 20 per order. */
                    items: {
                        /** Format: uuid */
                        productId: string;
                        /** @description At most 100 of a product per order. */
                        quantity: number;
                    }[];
                    payer: {
                        /** @description CPF or CNPJ. */
                        document?: string;
                        /** Format: email */
                        email: string;
                        name: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The hosted invoice page where the buyer pays. */
                        checkoutUrl: string;
                        /** Format: date-time */
                        createdAt: string;
                        currency: string;
                        fulfillment: {
                            address: {
                                city: string;
                                /** @description ISO 3166-1 alpha-2, e.g. BR. */
                                country: string;
                                line1: string;
                                line2?: string;
                                postalCode: string;
                                state: string;
                            } | null;
                            mode: string;
                        };
                        /** Format: uuid */
                        id: string;
                        invoice: {
                            amountDue: string;
                            /** Format: uuid */
                            id: string;
                            invoiceNumber: string | null;
                            status: string;
                            total: string;
                        };
                        items: {
                            amount: string;
                            name: string;
                            /** Format: uuid */
                            productId: string;
                            quantity: number;
                            unitPrice: string;
                        }[];
                        total: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createTestAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Default "Test account". */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description The new sandbox-only account and its one sk_test_ key, shown only here. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Account */
                        account: {
                            /** @description The card processor whose browser flow card charges use: it picks the nextAction type (processor_a_session or processor_b_payment_intent). Default processor_b. */
                            cardProcessor: "processor_a" | "processor_b";
                            cnpj: string | null;
                            /** @description byop collects through the account's connected providers; managed through the service's own account. Always byop in sandbox. */
                            collectionMode: "byop" | "managed";
                            /** Format: date-time */
                            createdAt: string;
                            /** @description The dunning of charge_automatically subscriptions: the retry schedule and its final step. Default [1, 3, 5, 7] and cancel. */
                            dunning: {
                                /** @description After the last retry fails: cancel (the open invoices uncollectible, the subscription canceled) or leave_past_due (both left as they are, no more automatic retries). */
                                finalAction: "cancel" | "leave_past_due";
                                /** @description Days after the first failed automatic charge when a retry charges the open invoices again; strictly increasing. */
                                retryDays: number[];
                            };
                            /** Format: uuid */
                            id: string;
                            /** @description The language of the emails the service sends to buyers and of the invoice line text it writes (coupon, shipping, proration lines): pt-BR or en; null (the default) writes pt-BR for BRL and English for any other currency. A line keeps the text it was written with. Buyer pages follow the browser's language (pt-BR unless it prefers English). */
                            locale: ("pt-BR" | "en") | null;
                            logoUrl: string | null;
                            name: string;
                            slug: string;
                            status: "active" | "suspended" | "closed";
                            supportEmail: string | null;
                            termsUrl: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        key: {
                            environment: "sandbox" | "production";
                            /** Format: uuid */
                            id: string;
                            /** @description The full key. Shown only in this response; store it now. */
                            key: string;
                            scopes: string[];
                            type: "secret" | "publishable";
                        };
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getRailConfig: {
        parameters: {
            query?: {
                /** @description Key of the product whose meters carry the Rail prices (required). */
                product?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        asset: string;
                        assetDecimals: number;
                        facilitator: {
                            /** @description Whether the seller routes may be indexed for discovery by agents. */
                            indexesForDiscovery: boolean;
                            /**
                             * @description Who settles: `sandbox` (simulated, sandbox environment and EVM test networks only), `service` (the earlier name, read as `sandbox`), `self` (this service settles on chain with the account relayer, PUT /rail/relayer, through the RPC URL the operator configured for the network), or `remote` (any x402 v2 facilitator, PUT /rail/remote-facilitator). docs/rail.md.
                             * @example sandbox
                             * @example self
                             * @example remote
                             */
                            provider: string;
                        };
                        grace: {
                            /** @description 0 to 3600 seconds, stored for the seller middleware; it never widens the validity window the facilitator verifies and settles (validAfter <= now, validBefore >= now + 6 s). */
                            clockSkewSeconds: number;
                            /**
                             * @description Atomic units of the asset, digits only: the most one agent may be served on credit during a window.
                             * @example 50000
                             */
                            maxPerAgent: string;
                            /**
                             * @description Atomic units, digits only: the most all agents together may be served on credit during a window.
                             * @example 1000000
                             */
                            maxTotal: string;
                            /** @description Unsettled payments a process may hold, 0 to 1,000,000. */
                            queueLimit: number;
                            /**
                             * @description An ISO 8601 duration (PT10M, P1D) or `<n>s`, `<n>m`, `<n>h`.
                             * @example 10m
                             */
                            window: string;
                        };
                        network: string;
                        /** @description Route description the seller server echoes in its 402: `x402Version`, `product`, and `routes`, one per meter price of the product default version, each with `accepts` (x402 v2 payment requirements, amounts in atomic units). */
                        outputSchema: {
                            [key: string]: unknown;
                        };
                        payTo: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getRailRelayer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The relayer of `facilitator.provider: "self"` in this environment; its key is never shown. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The relayer address: it submits transferWithAuthorization and pays the gas on EVM, or co-signs as fee payer on Solana (keep it funded with the network native currency, ETH or SOL). */
                        address: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    putRailRelayer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The relayer key: an EVM private key (0x + 64 hex) for EVM networks, or a Solana secret key (base58 of its 64 bytes, or the keypair file JSON array) for Solana networks, where it is the fee payer. Sealed at rest; never answered. */
                    privateKey: string;
                };
            };
        };
        responses: {
            /** @description The relayer of `facilitator.provider: "self"` in this environment; its key is never shown. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The relayer address: it submits transferWithAuthorization and pays the gas on EVM, or co-signs as fee payer on Solana (keep it funded with the network native currency, ETH or SOL). */
                        address: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    deleteRailRelayer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The relayer of `facilitator.provider: "self"` in this environment; its key is never shown. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The relayer address: it submits transferWithAuthorization and pays the gas on EVM, or co-signs as fee payer on Solana (keep it funded with the network native currency, ETH or SOL). */
                        address: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getRailRemoteFacilitator: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The remote x402 facilitator of `facilitator.provider: "remote"` in this environment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @description Header names, each value as its last four characters. */
                        headers: {
                            [key: string]: string;
                        };
                        /** Format: date-time */
                        updatedAt: string;
                        url: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    putRailRemoteFacilitator: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Headers sent on verify, settle and supported (e.g. {"Authorization": "Bearer ..."}); at most 10. Sealed; never answered. */
                    headers: {
                        [key: string]: string;
                    };
                    /** @description The facilitator base URL, e.g. https://x402.example.com/facilitator. */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The remote x402 facilitator of `facilitator.provider: "remote"` in this environment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @description Header names, each value as its last four characters. */
                        headers: {
                            [key: string]: string;
                        };
                        /** Format: date-time */
                        updatedAt: string;
                        url: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    deleteRailRemoteFacilitator: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The remote x402 facilitator of `facilitator.provider: "remote"` in this environment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @description Header names, each value as its last four characters. */
                        headers: {
                            [key: string]: string;
                        };
                        /** Format: date-time */
                        updatedAt: string;
                        url: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getRailSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        asset: string;
                        assetDecimals: number;
                        assetDomain: {
                            name: string;
                            version: string;
                        } | null;
                        /** Format: date-time */
                        createdAt: string;
                        facilitator: {
                            /** @description Whether the seller routes may be indexed for discovery by agents. */
                            indexesForDiscovery: boolean;
                            /**
                             * @description Who settles: `sandbox` (simulated, sandbox environment and EVM test networks only), `service` (the earlier name, read as `sandbox`), `self` (this service settles on chain with the account relayer, PUT /rail/relayer, through the RPC URL the operator configured for the network), or `remote` (any x402 v2 facilitator, PUT /rail/remote-facilitator). docs/rail.md.
                             * @example sandbox
                             * @example self
                             * @example remote
                             */
                            provider: string;
                        };
                        grace: {
                            /** @description 0 to 3600 seconds, stored for the seller middleware; it never widens the validity window the facilitator verifies and settles (validAfter <= now, validBefore >= now + 6 s). */
                            clockSkewSeconds: number;
                            /**
                             * @description Atomic units of the asset, digits only: the most one agent may be served on credit during a window.
                             * @example 50000
                             */
                            maxPerAgent: string;
                            /**
                             * @description Atomic units, digits only: the most all agents together may be served on credit during a window.
                             * @example 1000000
                             */
                            maxTotal: string;
                            /** @description Unsettled payments a process may hold, 0 to 1,000,000. */
                            queueLimit: number;
                            /**
                             * @description An ISO 8601 duration (PT10M, P1D) or `<n>s`, `<n>m`, `<n>h`.
                             * @example 10m
                             */
                            window: string;
                        };
                        network: string;
                        payTo: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    putRailSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Token contract address (EVM, EIP-55 checked when mixed case) or Solana mint; never a ticker. */
                    asset: string;
                    /** @description The token decimals, 0 to 36. */
                    assetDecimals: number;
                    /** @description The token contract EIP-712 domain (EVM). Optional for the tokens @x402/evm knows (USDC on Base and others). */
                    assetDomain?: {
                        name: string;
                        version: string;
                    };
                    facilitator: {
                        /** @description Whether the seller routes may be indexed for discovery by agents. */
                        indexesForDiscovery: boolean;
                        /**
                         * @description Who settles: `sandbox` (simulated, sandbox environment and EVM test networks only), `service` (the earlier name, read as `sandbox`), `self` (this service settles on chain with the account relayer, PUT /rail/relayer, through the RPC URL the operator configured for the network), or `remote` (any x402 v2 facilitator, PUT /rail/remote-facilitator). docs/rail.md.
                         * @example sandbox
                         * @example self
                         * @example remote
                         */
                        provider: string;
                    };
                    grace: {
                        /** @description 0 to 3600 seconds, stored for the seller middleware; it never widens the validity window the facilitator verifies and settles (validAfter <= now, validBefore >= now + 6 s). */
                        clockSkewSeconds: number;
                        /**
                         * @description Atomic units of the asset, digits only: the most one agent may be served on credit during a window.
                         * @example 50000
                         */
                        maxPerAgent: string;
                        /**
                         * @description Atomic units, digits only: the most all agents together may be served on credit during a window.
                         * @example 1000000
                         */
                        maxTotal: string;
                        /** @description Unsettled payments a process may hold, 0 to 1,000,000. */
                        queueLimit: number;
                        /**
                         * @description An ISO 8601 duration (PT10M, P1D) or `<n>s`, `<n>m`, `<n>h`.
                         * @example 10m
                         */
                        window: string;
                    };
                    /**
                     * @description CAIP-2: `eip155:<chain id>` or `solana:<genesis reference>`.
                     * @example eip155:84532
                     */
                    network: string;
                    /** @description The seller wallet, in the network namespace address form. */
                    payTo: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        asset: string;
                        assetDecimals: number;
                        assetDomain: {
                            name: string;
                            version: string;
                        } | null;
                        /** Format: date-time */
                        createdAt: string;
                        facilitator: {
                            /** @description Whether the seller routes may be indexed for discovery by agents. */
                            indexesForDiscovery: boolean;
                            /**
                             * @description Who settles: `sandbox` (simulated, sandbox environment and EVM test networks only), `service` (the earlier name, read as `sandbox`), `self` (this service settles on chain with the account relayer, PUT /rail/relayer, through the RPC URL the operator configured for the network), or `remote` (any x402 v2 facilitator, PUT /rail/remote-facilitator). docs/rail.md.
                             * @example sandbox
                             * @example self
                             * @example remote
                             */
                            provider: string;
                        };
                        grace: {
                            /** @description 0 to 3600 seconds, stored for the seller middleware; it never widens the validity window the facilitator verifies and settles (validAfter <= now, validBefore >= now + 6 s). */
                            clockSkewSeconds: number;
                            /**
                             * @description Atomic units of the asset, digits only: the most one agent may be served on credit during a window.
                             * @example 50000
                             */
                            maxPerAgent: string;
                            /**
                             * @description Atomic units, digits only: the most all agents together may be served on credit during a window.
                             * @example 1000000
                             */
                            maxTotal: string;
                            /** @description Unsettled payments a process may hold, 0 to 1,000,000. */
                            queueLimit: number;
                            /**
                             * @description An ISO 8601 duration (PT10M, P1D) or `<n>s`, `<n>m`, `<n>h`.
                             * @example 10m
                             */
                            window: string;
                        };
                        network: string;
                        payTo: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    settleRailPayment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    paymentPayload: {
                        [key: string]: unknown;
                    };
                    paymentRequirements: {
                        [key: string]: unknown;
                    };
                    /** @description The x402 version of the payload (2). */
                    x402Version?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Atomic units settled. */
                        amount?: string;
                        errorMessage?: string;
                        errorReason?: string;
                        extra?: {
                            /** @description True when this authorization was settled before (the answer repeats that settlement; nothing is charged again). */
                            alreadySettled: boolean;
                            paymentId: string | null;
                            usageEventId: string | null;
                        };
                        network: string;
                        payer?: string;
                        success: boolean;
                        /** @description The settlement transaction hash (simulated in sandbox); empty when it failed. */
                        transaction: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    reportRailSettlement: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    paymentPayload: {
                        [key: string]: unknown;
                    };
                    paymentRequirements: {
                        [key: string]: unknown;
                    };
                    /** @description The hash of the transaction the remote facilitator answered for this payment. */
                    transaction: string;
                    /** @description The x402 version of the payload (2). */
                    x402Version?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Atomic units settled. */
                        amount?: string;
                        errorMessage?: string;
                        errorReason?: string;
                        extra?: {
                            /** @description True when this authorization was settled before (the answer repeats that settlement; nothing is charged again). */
                            alreadySettled: boolean;
                            paymentId: string | null;
                            usageEventId: string | null;
                        };
                        network: string;
                        payer?: string;
                        success: boolean;
                        /** @description The settlement transaction hash (simulated in sandbox); empty when it failed. */
                        transaction: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getRailSupported: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        extensions: string[];
                        /** @description With a key: the kind its account and environment settle (none in production or without settings). Without a key: every kind the service settles. */
                        kinds: {
                            /** @description With a key: the asset and seller wallet the Rail settings settle to. */
                            extra?: {
                                asset: string;
                                /** @description Solana: the fee payer that co-signs the agent transaction (x402 exact SVM scheme: requirements extra.feePayer). */
                                feePayer?: string;
                                payTo: string;
                            };
                            network: string;
                            scheme: string;
                            x402Version: number;
                        }[];
                        /** @description Empty: sandbox settlement is simulated, no facilitator address submits transactions. */
                        signers: {
                            [key: string]: string[];
                        };
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    verifyRailPayment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    paymentPayload: {
                        [key: string]: unknown;
                    };
                    paymentRequirements: {
                        [key: string]: unknown;
                    };
                    /** @description The x402 version of the payload (2). */
                    x402Version?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invalidMessage?: string;
                        invalidReason?: string;
                        isValid: boolean;
                        payer?: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
        };
    };
    getShopPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The shop page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description The "shop not found" page. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getSignedObject: {
        parameters: {
            query?: {
                expires?: string;
                name?: string;
                signature?: string;
            };
            header?: never;
            path: {
                /** @description The object key, as the presigned URL carries it (slashes included). */
                objectKey: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The object bytes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    putSignedObject: {
        parameters: {
            query?: {
                expires?: string;
                name?: string;
                signature?: string;
            };
            header?: never;
            path: {
                /** @description The object key, as the presigned URL carries it (slashes included). */
                objectKey: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        contentType: string;
                        objectKey: string;
                        sizeBytes: number;
                        /** Format: date-time */
                        uploadedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The Content-Type is not the one the URL was signed for. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listStorefronts: {
        parameters: {
            query?: {
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nextCursor: string | null;
                        storefronts: {
                            bannerObjectKey: string | null;
                            bannerUrl: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @description How the buyer receives the purchase; `both` lets the buyer choose. */
                            fulfillmentMode: "pickup" | "shipping" | "both";
                            /** Format: uuid */
                            id: string;
                            logoObjectKey: string | null;
                            logoUrl: string | null;
                            name: string;
                            pickupNote: string | null;
                            /** @description What the shop sells, in order. */
                            productIds: string[];
                            requireAddress: boolean;
                            shippingFlatAmount: string | null;
                            slug: string;
                            /** @description `active` (live) or `disabled` (offline: its public routes answer 404). */
                            status: "active" | "disabled";
                            /** @description The shop's look, from a fixed set of options. */
                            theme: {
                                /** @enum {string} */
                                accent: "blue" | "green" | "orange" | "purple" | "red" | "teal" | "gray";
                                /** @enum {string} */
                                preset: "classic" | "modern" | "minimal" | "bold";
                            };
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    createStorefront: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    bannerObjectKey?: string | null;
                    description?: string | null;
                    /** @description How the buyer receives the purchase; `both` lets the buyer choose. */
                    fulfillmentMode?: "pickup" | "shipping" | "both";
                    logoObjectKey?: string | null;
                    name: string;
                    pickupNote?: string | null;
                    /** @description Products with a published default version priced once, in one currency. */
                    productIds?: string[];
                    requireAddress?: boolean;
                    shippingFlatAmount?: string | null;
                    /** @description 3 to 40 characters: lowercase letters, digits and single dashes; unique across the service; not a reserved word. */
                    slug: string;
                    /** @description `active` (live) or `disabled` (offline: its public routes answer 404). */
                    status?: "active" | "disabled";
                    /** @description Options: preset (classic, modern, minimal, bold, default classic) and accent (blue, green, orange, purple, red, teal, gray, default blue); omitted options keep their value. */
                    theme?: {
                        /** @description blue, green, orange, purple, red, teal, gray */
                        accent?: string;
                        /** @description classic, modern, minimal, bold */
                        preset?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bannerObjectKey: string | null;
                        bannerUrl: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        description: string | null;
                        /** @description How the buyer receives the purchase; `both` lets the buyer choose. */
                        fulfillmentMode: "pickup" | "shipping" | "both";
                        /** Format: uuid */
                        id: string;
                        logoObjectKey: string | null;
                        logoUrl: string | null;
                        name: string;
                        pickupNote: string | null;
                        /** @description What the shop sells, in order. */
                        productIds: string[];
                        requireAddress: boolean;
                        shippingFlatAmount: string | null;
                        slug: string;
                        /** @description `active` (live) or `disabled` (offline: its public routes answer 404). */
                        status: "active" | "disabled";
                        /** @description The shop's look, from a fixed set of options. */
                        theme: {
                            /** @enum {string} */
                            accent: "blue" | "green" | "orange" | "purple" | "red" | "teal" | "gray";
                            /** @enum {string} */
                            preset: "classic" | "modern" | "minimal" | "bold";
                        };
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getStorefront: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storefrontID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bannerObjectKey: string | null;
                        bannerUrl: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        description: string | null;
                        /** @description How the buyer receives the purchase; `both` lets the buyer choose. */
                        fulfillmentMode: "pickup" | "shipping" | "both";
                        /** Format: uuid */
                        id: string;
                        logoObjectKey: string | null;
                        logoUrl: string | null;
                        name: string;
                        pickupNote: string | null;
                        /** @description What the shop sells, in order. */
                        productIds: string[];
                        requireAddress: boolean;
                        shippingFlatAmount: string | null;
                        slug: string;
                        /** @description `active` (live) or `disabled` (offline: its public routes answer 404). */
                        status: "active" | "disabled";
                        /** @description The shop's look, from a fixed set of options. */
                        theme: {
                            /** @enum {string} */
                            accent: "blue" | "green" | "orange" | "purple" | "red" | "teal" | "gray";
                            /** @enum {string} */
                            preset: "classic" | "modern" | "minimal" | "bold";
                        };
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    updateStorefront: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                storefrontID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    bannerObjectKey?: string | null;
                    description?: string | null;
                    /** @description How the buyer receives the purchase; `both` lets the buyer choose. */
                    fulfillmentMode?: "pickup" | "shipping" | "both";
                    logoObjectKey?: string | null;
                    name?: string;
                    pickupNote?: string | null;
                    /** @description Products with a published default version priced once, in one currency. */
                    productIds?: string[];
                    requireAddress?: boolean;
                    shippingFlatAmount?: string | null;
                    /** @description 3 to 40 characters: lowercase letters, digits and single dashes; unique across the service; not a reserved word. */
                    slug?: string;
                    /** @description `active` (live) or `disabled` (offline: its public routes answer 404). */
                    status?: "active" | "disabled";
                    /** @description Options: preset (classic, modern, minimal, bold, default classic) and accent (blue, green, orange, purple, red, teal, gray, default blue); omitted options keep their value. */
                    theme?: {
                        /** @description blue, green, orange, purple, red, teal, gray */
                        accent?: string;
                        /** @description classic, modern, minimal, bold */
                        preset?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bannerObjectKey: string | null;
                        bannerUrl: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        description: string | null;
                        /** @description How the buyer receives the purchase; `both` lets the buyer choose. */
                        fulfillmentMode: "pickup" | "shipping" | "both";
                        /** Format: uuid */
                        id: string;
                        logoObjectKey: string | null;
                        logoUrl: string | null;
                        name: string;
                        pickupNote: string | null;
                        /** @description What the shop sells, in order. */
                        productIds: string[];
                        requireAddress: boolean;
                        shippingFlatAmount: string | null;
                        slug: string;
                        /** @description `active` (live) or `disabled` (offline: its public routes answer 404). */
                        status: "active" | "disabled";
                        /** @description The shop's look, from a fixed set of options. */
                        theme: {
                            /** @enum {string} */
                            accent: "blue" | "green" | "orange" | "purple" | "red" | "teal" | "gray";
                            /** @enum {string} */
                            preset: "classic" | "modern" | "minimal" | "bold";
                        };
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    getTestClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description true once advanced: time stands still at `now` until advanced again. */
                        frozen: boolean;
                        /**
                         * Format: date-time
                         * @description The sandbox's time.
                         */
                        now: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    advanceTestClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    to: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description true once advanced: time stands still at `now` until advanced again. */
                        frozen: boolean;
                        invoicesCreated: number;
                        /**
                         * Format: date-time
                         * @description The sandbox's time.
                         */
                        now: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    resetTestClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description true once advanced: time stands still at `now` until advanced again. */
                        frozen: boolean;
                        /**
                         * Format: date-time
                         * @description The sandbox's time.
                         */
                        now: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    listTestEmails: {
        parameters: {
            query?: {
                /** @description The nextCursor of the previous page. */
                cursor?: string;
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
                /** @description Only emails to this address. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        emails: {
                            /** Format: date-time */
                            createdAt: string;
                            html: string | null;
                            /** Format: uuid */
                            id: string;
                            sentAt: string | null;
                            subject: string;
                            /** @description Plain-text body. */
                            text: string;
                            /** @description Recipient address. */
                            to: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    chargebackTestPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: decimal
                         * @description The invoice's amountDue when the charge was made.
                         * @example 10.50
                         */
                        amount: string;
                        /** @description Boleto: the 44-digit barcode. */
                        boletoBarcode?: string;
                        /**
                         * Format: date-time
                         * @description Boleto: the due date (the invoice's dueDate, or 3 days after the charge).
                         */
                        boletoDueDate?: string;
                        /** @description Boleto: the 47-digit digitable line. */
                        boletoLine?: string;
                        /** @description Boleto: a printable page with the ITF barcode. */
                        boletoUrl?: string;
                        confirmedAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        currency: string;
                        failedAt: string | null;
                        failureCode: string | null;
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        invoiceId: string;
                        method: "pix" | "boleto" | "card" | "crypto";
                        /** @description Crypto widget environment: test in sandbox. */
                        network?: "main" | "test";
                        payer: {
                            email: string | null;
                            /**
                             * Format: uuid
                             * @description One-off invoice: the customer id; usage or subscription invoice: the enrollment id.
                             */
                            id: string;
                            name: string | null;
                        } | null;
                        pixExpiresAt?: string | null;
                        /** @description Pix copy-and-paste code (a dynamic BR Code); the QR encodes it. In sandbox it carries the test confirmation link. */
                        pixPayload?: string;
                        /** @description The Pix QR as a base64 PNG without a data: prefix. On the charge-creation answer and GET /billing/payments/{paymentID}; lists leave it out (the QR encodes pixPayload). */
                        pixQrImage?: string;
                        /** @description Processor the charge ran through; `sandbox` in sandbox. */
                        provider: string;
                        providerId: string | null;
                        /** @description Sandbox only: the code the test processor generated, for inspection; not payable. */
                        providerPixPayload?: string;
                        /**
                         * Format: decimal
                         * @description Total refunded so far; absent when nothing was refunded.
                         * @example 10.50
                         */
                        refundedAmount?: string;
                        /** @description Sandbox only: a page whose button marks the charge paid without real money. */
                        sandboxConfirmUrl?: string;
                        /** @enum {string} */
                        settlementAsset?: "USDC";
                        settlementNetwork?: "base" | "solana";
                        /** @description pending awaits payment; confirmed was paid; failed was not paid; refunded was fully refunded; charged_back was disputed by the buyer with their bank. */
                        status: "pending" | "confirmed" | "failed" | "refunded" | "charged_back";
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    confirmTestPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: decimal
                         * @description The invoice's amountDue when the charge was made.
                         * @example 10.50
                         */
                        amount: string;
                        /** @description Boleto: the 44-digit barcode. */
                        boletoBarcode?: string;
                        /**
                         * Format: date-time
                         * @description Boleto: the due date (the invoice's dueDate, or 3 days after the charge).
                         */
                        boletoDueDate?: string;
                        /** @description Boleto: the 47-digit digitable line. */
                        boletoLine?: string;
                        /** @description Boleto: a printable page with the ITF barcode. */
                        boletoUrl?: string;
                        confirmedAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        currency: string;
                        failedAt: string | null;
                        failureCode: string | null;
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        invoiceId: string;
                        method: "pix" | "boleto" | "card" | "crypto";
                        /** @description Crypto widget environment: test in sandbox. */
                        network?: "main" | "test";
                        payer: {
                            email: string | null;
                            /**
                             * Format: uuid
                             * @description One-off invoice: the customer id; usage or subscription invoice: the enrollment id.
                             */
                            id: string;
                            name: string | null;
                        } | null;
                        pixExpiresAt?: string | null;
                        /** @description Pix copy-and-paste code (a dynamic BR Code); the QR encodes it. In sandbox it carries the test confirmation link. */
                        pixPayload?: string;
                        /** @description The Pix QR as a base64 PNG without a data: prefix. On the charge-creation answer and GET /billing/payments/{paymentID}; lists leave it out (the QR encodes pixPayload). */
                        pixQrImage?: string;
                        /** @description Processor the charge ran through; `sandbox` in sandbox. */
                        provider: string;
                        providerId: string | null;
                        /** @description Sandbox only: the code the test processor generated, for inspection; not payable. */
                        providerPixPayload?: string;
                        /**
                         * Format: decimal
                         * @description Total refunded so far; absent when nothing was refunded.
                         * @example 10.50
                         */
                        refundedAmount?: string;
                        /** @description Sandbox only: a page whose button marks the charge paid without real money. */
                        sandboxConfirmUrl?: string;
                        /** @enum {string} */
                        settlementAsset?: "USDC";
                        settlementNetwork?: "base" | "solana";
                        /** @description pending awaits payment; confirmed was paid; failed was not paid; refunded was fully refunded; charged_back was disputed by the buyer with their bank. */
                        status: "pending" | "confirmed" | "failed" | "refunded" | "charged_back";
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    failTestPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Default provider_error. */
                    failureCode?: "insufficient_funds" | "do_not_honor" | "card_declined" | "authentication_required" | "card_expired" | "card_stolen" | "card_invalid" | "mandate_revoked" | "mandate_refused" | "brand_changed" | "provider_error" | "provider_timeout" | "expired";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: decimal
                         * @description The invoice's amountDue when the charge was made.
                         * @example 10.50
                         */
                        amount: string;
                        /** @description Boleto: the 44-digit barcode. */
                        boletoBarcode?: string;
                        /**
                         * Format: date-time
                         * @description Boleto: the due date (the invoice's dueDate, or 3 days after the charge).
                         */
                        boletoDueDate?: string;
                        /** @description Boleto: the 47-digit digitable line. */
                        boletoLine?: string;
                        /** @description Boleto: a printable page with the ITF barcode. */
                        boletoUrl?: string;
                        confirmedAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        currency: string;
                        failedAt: string | null;
                        failureCode: string | null;
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        invoiceId: string;
                        method: "pix" | "boleto" | "card" | "crypto";
                        /** @description Crypto widget environment: test in sandbox. */
                        network?: "main" | "test";
                        payer: {
                            email: string | null;
                            /**
                             * Format: uuid
                             * @description One-off invoice: the customer id; usage or subscription invoice: the enrollment id.
                             */
                            id: string;
                            name: string | null;
                        } | null;
                        pixExpiresAt?: string | null;
                        /** @description Pix copy-and-paste code (a dynamic BR Code); the QR encodes it. In sandbox it carries the test confirmation link. */
                        pixPayload?: string;
                        /** @description The Pix QR as a base64 PNG without a data: prefix. On the charge-creation answer and GET /billing/payments/{paymentID}; lists leave it out (the QR encodes pixPayload). */
                        pixQrImage?: string;
                        /** @description Processor the charge ran through; `sandbox` in sandbox. */
                        provider: string;
                        providerId: string | null;
                        /** @description Sandbox only: the code the test processor generated, for inspection; not payable. */
                        providerPixPayload?: string;
                        /**
                         * Format: decimal
                         * @description Total refunded so far; absent when nothing was refunded.
                         * @example 10.50
                         */
                        refundedAmount?: string;
                        /** @description Sandbox only: a page whose button marks the charge paid without real money. */
                        sandboxConfirmUrl?: string;
                        /** @enum {string} */
                        settlementAsset?: "USDC";
                        settlementNetwork?: "base" | "solana";
                        /** @description pending awaits payment; confirmed was paid; failed was not paid; refunded was fully refunded; charged_back was disputed by the buyer with their bank. */
                        status: "pending" | "confirmed" | "failed" | "refunded" | "charged_back";
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    approveTestPixMandate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                mandateID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amount: string | null;
                        authorizationRequestId: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** @enum {string} */
                        currency: "BRL";
                        /** Format: uuid */
                        customerId: string;
                        description: string | null;
                        endDate: string | null;
                        failureCode: ("mandate_refused" | "mandate_revoked") | null;
                        /** @description How often charges come (the standard's periodicidade): match the subscription's billing cycle. */
                        frequency: "weekly" | "monthly" | "quarterly" | "semiannual" | "annual";
                        /** Format: uuid */
                        id: string;
                        /** @description `request`: sent to the payer's bank account; `qr`: the payer scans qrPayload. */
                        journey: "request" | "qr";
                        /** @description A charge_automatically subscription's paymentMethod: `pix:{providerId}`, accepted once the mandate is active. */
                        paymentMethod: string;
                        provider: "pix_api" | "sandbox";
                        /** @description The recurrence's id at the PSP (idRec). */
                        providerId: string;
                        qrPayload: string | null;
                        retries: boolean;
                        /** Format: date */
                        startDate: string;
                        /** @description `pending` until the payer answers; `active` once approved (charges may run); `refused` (declined or expired), `revoked` (withdrawn by the payer or their bank after approval) and `canceled` (by you) end it. */
                        status: "pending" | "active" | "refused" | "revoked" | "canceled";
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    refuseTestPixMandate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                mandateID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amount: string | null;
                        authorizationRequestId: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** @enum {string} */
                        currency: "BRL";
                        /** Format: uuid */
                        customerId: string;
                        description: string | null;
                        endDate: string | null;
                        failureCode: ("mandate_refused" | "mandate_revoked") | null;
                        /** @description How often charges come (the standard's periodicidade): match the subscription's billing cycle. */
                        frequency: "weekly" | "monthly" | "quarterly" | "semiannual" | "annual";
                        /** Format: uuid */
                        id: string;
                        /** @description `request`: sent to the payer's bank account; `qr`: the payer scans qrPayload. */
                        journey: "request" | "qr";
                        /** @description A charge_automatically subscription's paymentMethod: `pix:{providerId}`, accepted once the mandate is active. */
                        paymentMethod: string;
                        provider: "pix_api" | "sandbox";
                        /** @description The recurrence's id at the PSP (idRec). */
                        providerId: string;
                        qrPayload: string | null;
                        retries: boolean;
                        /** Format: date */
                        startDate: string;
                        /** @description `pending` until the payer answers; `active` once approved (charges may run); `refused` (declined or expired), `revoked` (withdrawn by the payer or their bank after approval) and `canceled` (by you) end it. */
                        status: "pending" | "active" | "refused" | "revoked" | "canceled";
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
    revokeTestPixMandate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                mandateID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amount: string | null;
                        authorizationRequestId: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** @enum {string} */
                        currency: "BRL";
                        /** Format: uuid */
                        customerId: string;
                        description: string | null;
                        endDate: string | null;
                        failureCode: ("mandate_refused" | "mandate_revoked") | null;
                        /** @description How often charges come (the standard's periodicidade): match the subscription's billing cycle. */
                        frequency: "weekly" | "monthly" | "quarterly" | "semiannual" | "annual";
                        /** Format: uuid */
                        id: string;
                        /** @description `request`: sent to the payer's bank account; `qr`: the payer scans qrPayload. */
                        journey: "request" | "qr";
                        /** @description A charge_automatically subscription's paymentMethod: `pix:{providerId}`, accepted once the mandate is active. */
                        paymentMethod: string;
                        provider: "pix_api" | "sandbox";
                        /** @description The recurrence's id at the PSP (idRec). */
                        providerId: string;
                        qrPayload: string | null;
                        retries: boolean;
                        /** Format: date */
                        startDate: string;
                        /** @description `pending` until the payer answers; `active` once approved (charges may run); `refused` (declined or expired), `revoked` (withdrawn by the payer or their bank after approval) and `canceled` (by you) end it. */
                        status: "pending" | "active" | "refused" | "revoked" | "canceled";
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Malformed request (standard body), or a write without Idempotency-Key (nested body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description The key may not call this route (key type or scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Not found, or it belongs to another account or environment. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description State conflict (standard body), or the same Idempotency-Key still running (nested body). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"] | components["schemas"]["NestedError"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Rate limited; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NestedError"];
                };
            };
            /** @description Unexpected failure. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
            /** @description Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StandardError"];
                };
            };
        };
    };
}
