// GET /billing/ledger/transactions, GET /billing/ledger/balances and GET /billing/reconciliation.
import { pageRequest } from '../../core/pagination.ts';
import { fieldError } from '../../core/errors.ts';
import { contextOf } from '../../http/context.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { ledgerBalances, listLedgerTransactions, reconcile } from './reads.ts';
import { LedgerBalanceList, LedgerBalanceQuery, LedgerTransactionList, LedgerTransactionQuery, Reconciliation } from './schemas.ts';

const tags = ['ledger'];

export function registerLedgerRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/billing/ledger/transactions',
    {
      config: { scope: 'billing:read' },
      schema: {
        tags,
        summary: 'List ledger transactions with their entries, newest first',
        description:
          'Each transaction names the resource and the event that made it; its entries (a debit positive, a credit negative) sum to zero per currency. ' +
          'Filters: resourceType with resourceId, account (a ledger account code), customerId, createdFrom/createdTo.',
        querystring: LedgerTransactionQuery,
        response: { 200: LedgerTransactionList, ...errorResponses(400, 422) },
      },
    },
    async (request) => {
      const { resourceType, resourceId, account, customerId, createdFrom, createdTo } = request.query;
      if ((resourceType === undefined) !== (resourceId === undefined)) {
        const [field, value] = resourceType === undefined ? ['resourceType', resourceType] : ['resourceId', resourceId];
        throw fieldError(field, value, 'required', 'resourceType and resourceId go together.');
      }
      const filter = {
        resourceType,
        resourceId,
        account,
        customerId,
        createdFrom: createdFrom === undefined ? undefined : new Date(createdFrom),
        createdTo: createdTo === undefined ? undefined : new Date(createdTo),
      };
      const page = await listLedgerTransactions(deps.db, contextOf(request, deps), filter, pageRequest(request.query));
      return { transactions: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/billing/ledger/balances',
    {
      config: { scope: 'billing:read' },
      schema: {
        tags,
        summary: 'Balances of the ledger accounts',
        description: 'Every ledger account of the account and environment with its balance (the sum of its entries), or only those of ?customerId=.',
        querystring: LedgerBalanceQuery,
        response: { 200: LedgerBalanceList, ...errorResponses(422) },
      },
    },
    async (request) => ({ balances: await ledgerBalances(deps.db, contextOf(request, deps), request.query.customerId) }),
  );

  app.get(
    '/billing/reconciliation',
    {
      config: { scope: 'billing:read' },
      schema: {
        tags,
        summary: "Check the account's ledger invariants",
        description:
          'Every transaction sums to zero per currency; every finalized open or paid invoice owes its receivable balance; every payment refunded ' +
          'what its refund transactions took out of clearing; every prepaid balance was credited what its ledger account says. Lists each mismatch.',
        response: { 200: Reconciliation },
      },
    },
    async (request) => reconcile(deps.db, contextOf(request, deps)),
  );
}
