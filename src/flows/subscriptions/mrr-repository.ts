// Monthly recurring revenue (the dashboard's home, docs/decisions/dashboard.md): the recurring fee of
// active and past_due subscriptions (trialing, paused and canceled excluded) normalized to a month,
// per currency, usage and one-off charges excluded. The fee is the one the cycle bills: the rate
// card in force now when it sets a base price, else the version's. Exact numeric: each fee is
// annualized (weekly x 52, monthly x 12, annual x 1), summed, and divided by 12 once.
import { sql } from 'kysely';
import type { Tenant } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { tenantSql } from '../../db/tenancy.ts';

export interface MrrByCurrency {
  currency: string;
  /** Unrounded numeric text: the caller rounds to the currency's exponent. */
  mrr: string;
  subscriptions: number;
}

export async function monthlyRecurringRevenue(ex: Executor, tenant: Tenant, now: Date): Promise<MrrByCurrency[]> {
  const { rows } = await sql<{ currency: string; mrr: string; subscriptions: string }>`
    select p.currency,
           (sum(coalesce(
              (select rc.base_price from rate_cards rc
                where ${tenantSql(tenant, 'rc')} and rc.enrollment_id = s.id and rc.effective_from <= ${now}
                  and (rc.effective_to is null or rc.effective_to > ${now})
                order by rc.effective_from desc limit 1),
              v.base_price, 0)
            * case s.billing_cycle when 'weekly' then 52 when 'monthly' then 12 else 1 end) / 12)::text as mrr,
           count(*)::text as subscriptions
      from subscriptions s
      join product_versions v on v.id = s.product_version_id
      join products p on p.id = v.product_id
     where ${tenantSql(tenant, 's')} and s.status in ('active', 'past_due')
     group by p.currency
     order by p.currency`.execute(ex);
  return rows.map((row) => ({ currency: row.currency, mrr: row.mrr, subscriptions: Number(row.subscriptions) }));
}
