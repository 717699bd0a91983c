// Finding customers by what a person types (the dashboard's search box, issue #32).
import type { UseCaseContext } from '../../core/context.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import type { Executor } from '../../db/database.ts';
import { toCustomerView, type CustomerView } from './customers.ts';
import { searchCustomerRows } from './search-repository.ts';

/** Customers whose name, email, externalId or document contains `text` (all when empty), newest first; without balances. */
export async function searchCustomers(ex: Executor, ctx: UseCaseContext, text: string, page: PageRequest): Promise<Page<CustomerView>> {
  const rows = await searchCustomerRows(ex, ctx.tenant, text, page.limit, page.afterId);
  const result = toPage(rows, page.limit);
  return { items: result.items.map((row) => toCustomerView(row)), nextCursor: result.nextCursor };
}
