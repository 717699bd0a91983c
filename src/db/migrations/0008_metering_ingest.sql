-- Usage ingestion as one database call per commit group (see docs/metering.md, "One call per group").
-- A group of requests used to take seven round trips (begin, key locks, stored responses, resolve,
-- insert, store responses, commit), each re-planned. As a function it is one round trip in its own
-- transaction, its statements' plans are cached per connection, and the answers are built beside
-- the data they describe. The rules are listed in usage-refusals.ts and docs/metering.md; only
-- refusals (a validation error, an invoiced period) come back without a stored answer, for the
-- service to render and store.

-- The ISO-8601 form the API uses for instants (JavaScript's toISOString: UTC, milliseconds).
-- Stable like to_char itself, so that the planner inlines it into the queries that call it.
create function api_instant(t timestamptz) returns text
language sql stable strict parallel safe
as $$ select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

create function metering_ingest(
  -- One element per request of the group; r_lock is the key's lock name (lockNameOf in the service).
  r_scope text[], r_key text[], r_lock text[], r_fingerprint text[], r_batch boolean[],
  -- One element per event: the 1-based position of its request, its place there, its tenant, its fields.
  e_request int[], e_index int[], e_account uuid[], e_environment text[], e_event_id text[], e_customer_ref text[],
  e_customer_id uuid[], e_product_id uuid[], e_meter_key text[], e_value numeric[], e_occurred_at timestamptz[], e_metadata jsonb[],
  p_now timestamptz, p_expires_at timestamptz, p_shard smallint
) returns table (request int, outcome text, status_code int, body text, detail jsonb)
language plpgsql
-- The statements' plans are made once per connection and reused: planning them anew for each group
-- cost more than running them. Every lookup in them is a parameterised key probe, so one plan suits all.
set plan_cache_mode = force_generic_plan
as $$
#variable_conflict use_column
-- Arrays are read with unnest, never by subscript in a query: finding element n of an array of
-- variable-width values (text, numeric) or with nulls walks the array, so subscripts over a
-- 1,000-event batch cost a quadratic time. Only `runnable` (booleans, no nulls) is subscripted.
declare
  n_requests int := coalesce(array_length(r_scope, 1), 0);
  runnable boolean[];
  -- Per event, aligned with the input: what step 2 resolved.
  e_enrollment uuid[];
  e_meter uuid[];
  e_distinct text[];
  -- Whether step 4 inserted every distinct event id it was given.
  all_new boolean;
  -- Per request: the answer recorded in step 5 (null for the others).
  r_code int[] := array_fill(null::int, array[coalesce(array_length(r_scope, 1), 0)]);
  r_body text[] := array_fill(null::text, array[coalesce(array_length(r_scope, 1), 0)]);
  rec record;
begin
  -- 1. Idempotency: the key's lock (the same one the rest of the service takes), then any stored answer.
  select array_agg(pg_try_advisory_xact_lock(hashtextextended(r.lock, 0)) order by r.i)
    into runnable from unnest(r_lock) with ordinality r(lock, i);
  for i in 1 .. n_requests loop
    if not runnable[i] then
      request := i; outcome := 'in_use'; status_code := null; body := null; detail := null;
      return next;
    end if;
  end loop;
  for rec in
    select r.i, k.fingerprint, k.status_code, k.response_body
    from unnest(r_scope, r_key) with ordinality r(scope, key, i)
    cross join lateral (
      select k.fingerprint, k.status_code, k.response_body from idempotency_keys k
      where k.scope = r.scope and k.key = r.key and k.expires_at > p_now
      limit 1 -- a parameterised primary-key probe, whatever the statistics say
    ) k
    where runnable[r.i]
  loop
    runnable[rec.i] := false;
    request := rec.i; outcome := 'stored'; status_code := rec.status_code; body := rec.response_body;
    detail := to_jsonb(rec.fingerprint);
    return next;
  end loop;

  -- 2. Resolve meters and enrollments (customer id or externalId, product; the newest enrollment not
  -- canceled, an id match first) and take each enrollment's shared usage lock in id order. Held until
  -- commit, it makes an invoice of the enrollment wait for these events; it is taken in a statement of
  -- its own so that the next statement's snapshot sees any invoice committed before it was granted.
  -- A request with an event that names no meter, no enrollment or lacks the meter's distinct
  -- property is refused whole (nothing of it is written); the service renders the field errors.
  for rec in
    with ev as (
      select e.*, runnable[e.req] as run
      from unnest(e_request, e_index, e_account, e_environment, e_customer_ref, e_customer_id, e_product_id, e_meter_key, e_metadata)
        with ordinality e(req, idx, account_id, environment, ref, ref_id, product_id, meter_key, metadata, n)
    ),
    refs as (
      select distinct account_id, environment, ref, ref_id, product_id from ev where run and product_id is not null
    ),
    found as (
      select r.account_id, r.environment, r.ref, r.product_id, en.id
      from refs r
      cross join lateral (
        select c.id from customers c where c.account_id = r.account_id and c.environment = r.environment and c.id = r.ref_id
        union all
        select c.id from customers c where c.account_id = r.account_id and c.environment = r.environment and c.external_id = r.ref
        limit 1
      ) c
      cross join lateral (
        select en.id from enrollments en
        where en.account_id = r.account_id and en.environment = r.environment and en.customer_id = c.id
          and en.product_id = r.product_id and en.status <> 'canceled'
        order by en.id desc limit 1
      ) en
    ),
    meters_found as (
      select k.account_id, k.environment, k.meter_key, m.id, m.aggregation, m.property
      from (select distinct account_id, environment, meter_key from ev where run) k
      join meters m on m.account_id = k.account_id and m.environment = k.environment and m.key = k.meter_key
    ),
    locked as (
      select count(pg_advisory_xact_lock_shared(hashtextextended('usage:' || id::text, 0))) as locks
      from (select distinct id from found order by id) x
    ),
    resolved as (
      select ev.n, ev.req, ev.run, ev.idx, f.id as enrollment_id, m.id as meter_id,
             case when m.aggregation = 'unique_count' then ev.metadata ->> m.property end as distinct_value,
             case when m.aggregation = 'unique_count' and m.property is not null and ev.metadata ->> m.property is null then m.property end as missing_property
      from ev
      left join found f on f.account_id = ev.account_id and f.environment = ev.environment and f.ref = ev.ref and f.product_id = ev.product_id
      left join meters_found m on m.account_id = ev.account_id and m.environment = ev.environment and m.meter_key = ev.meter_key
    ),
    kept as (
      select array_agg(enrollment_id order by n) as enrollments, array_agg(meter_id order by n) as meters,
             array_agg(distinct_value order by n) as distinct_values
      from resolved cross join locked
    )
    select 0 as req, null::jsonb as problems, k.enrollments, k.meters, k.distinct_values from kept k
    union all
    select req, jsonb_agg(jsonb_build_object('index', idx, 'meter', meter_id is not null, 'enrolled', enrollment_id is not null,
                                             'property', missing_property) order by n), null, null, null
    from resolved
    where run and (enrollment_id is null or meter_id is null or missing_property is not null)
    group by req
  loop
    if rec.req = 0 then
      e_enrollment := rec.enrollments; e_meter := rec.meters; e_distinct := rec.distinct_values;
    else
      runnable[rec.req] := false;
      request := rec.req; outcome := 'invalid'; status_code := null; body := null; detail := rec.problems;
      return next;
    end if;
  end loop;

  -- 3. A request with an event inside a period an invoice (not void) billed is refused whole.
  for rec in
    select distinct e.req
    from unnest(e_request, e_account, e_environment, e_enrollment, e_occurred_at) e(req, account_id, environment, enrollment_id, occurred_at)
    join usage_invoiced_periods p on p.account_id = e.account_id and p.environment = e.environment and p.enrollment_id = e.enrollment_id
                                 and e.occurred_at >= p.period_start and e.occurred_at < p.period_end
    join invoices i on i.id = p.invoice_id and i.status <> 'void'
    where runnable[e.req]
  loop
    runnable[rec.req] := false;
    request := rec.req; outcome := 'refused'; status_code := null; body := null; detail := null;
    return next;
  end loop;

  -- 4. Insert the first occurrence of each event id, in key order (concurrent groups then lock index
  -- entries and rollup rows in the same order); an id recorded before conflicts and is skipped. Fold
  -- what was inserted into this group's rollup shard.
  with candidates as (
    select distinct on (account_id, environment, event_id) e.*
    from unnest(e_request, e_account, e_environment, e_event_id, e_enrollment, e_meter, e_value, e_occurred_at, e_metadata)
      with ordinality e(req, account_id, environment, event_id, enrollment_id, meter_id, value, occurred_at, metadata, n)
    where runnable[e.req]
    order by account_id, environment, event_id, n
  ),
  inserted as (
    insert into usage_events (account_id, environment, event_id, enrollment_id, meter_id, value, occurred_at, metadata, received_at)
    select account_id, environment, event_id, enrollment_id, meter_id, value, occurred_at, metadata, p_now
    from candidates
    order by account_id, environment, event_id
    on conflict do nothing
    returning account_id, environment, event_id, enrollment_id, meter_id, value, occurred_at
  ),
  hourly as (
    insert into usage_hourly as h (account_id, environment, enrollment_id, meter_id, hour, total, event_count, max_value,
                                   latest_value, latest_at, latest_event_id, shard)
    select account_id, environment, enrollment_id, meter_id, date_trunc('hour', occurred_at, 'UTC'), sum(value), count(*), max(value),
           (array_agg(value order by occurred_at desc, event_id desc))[1], max(occurred_at),
           (array_agg(event_id order by occurred_at desc, event_id desc))[1], p_shard
    from inserted
    group by account_id, environment, enrollment_id, meter_id, date_trunc('hour', occurred_at, 'UTC')
    order by account_id, environment, enrollment_id, meter_id, date_trunc('hour', occurred_at, 'UTC')
    on conflict (account_id, environment, enrollment_id, meter_id, hour, shard) do update set
      total = h.total + excluded.total,
      event_count = h.event_count + excluded.event_count,
      max_value = greatest(h.max_value, excluded.max_value),
      latest_value = case when (excluded.latest_at, excluded.latest_event_id) > (h.latest_at, h.latest_event_id)
                          then excluded.latest_value else h.latest_value end,
      latest_event_id = case when (excluded.latest_at, excluded.latest_event_id) > (h.latest_at, h.latest_event_id)
                             then excluded.latest_event_id else h.latest_event_id end,
      latest_at = greatest(h.latest_at, excluded.latest_at)
  )
  select (select count(*) from candidates) = (select count(*) from inserted) into all_new;

  -- From here on, statements see the rows this transaction inserted (xmin is its id), and those that
  -- concurrent groups committed meanwhile (an id both sent: ours skipped it, theirs is the answer).
  -- Distinct values of unique_count meters, for the events inserted now.
  if exists (select from unnest(e_distinct) v where v is not null) then
    insert into usage_hourly_distinct (account_id, environment, enrollment_id, meter_id, hour, value)
    select distinct u.account_id, u.environment, u.enrollment_id, u.meter_id, date_trunc('hour', u.occurred_at, 'UTC'), e.distinct_value
    from unnest(e_request, e_account, e_environment, e_event_id, e_distinct) e(req, account_id, environment, event_id, distinct_value)
    cross join lateral (
      select u.account_id, u.environment, u.enrollment_id, u.meter_id, u.occurred_at from usage_events u
      where u.account_id = e.account_id and u.environment = e.environment and u.event_id = e.event_id
        and u.xmin = pg_current_xact_id()::xid
      limit 1
    ) u
    where runnable[e.req] and e.distinct_value is not null
    order by 1, 2, 3, 4, 5, 6
    on conflict do nothing;
  end if;

  -- 5. The answers, stored with their keys in this transaction (an expired record is replaced). An
  -- event is accepted when this transaction inserted its id and it is the id's first occurrence in
  -- the group; otherwise it is a duplicate, answered with the time recorded first. Each event is one
  -- primary-key probe: no join between intermediate results, whose sizes a cached plan cannot know.
  for rec in
    with ev as (
      select e.*,
             case when all_new then first_value(e.occurred_at) over first else u.occurred_at end as recorded,
             all_new or coalesce(u.mine, false) as mine,
             first_value(e.n) over first as first_n
      from unnest(e_request, e_index, e_account, e_environment, e_event_id, e_occurred_at)
        with ordinality e(req, idx, account_id, environment, event_id, occurred_at, n)
      left join lateral (
        select u.occurred_at, u.xmin = pg_current_xact_id()::xid as mine from usage_events u
        where not all_new -- when every id was new, each one's first occurrence is the answer: no probe
          and u.account_id = e.account_id and u.environment = e.environment and u.event_id = e.event_id
        limit 1
      ) u on true
      where runnable[e.req]
      window first as (partition by e.account_id, e.environment, e.event_id order by e.n)
    ),
    statuses as (
      select ev.*, case when mine and n = first_n then 'accepted' else 'duplicate' end as status,
             api_instant(coalesce(recorded, occurred_at)) as instant
      from ev
    ),
    answers as (
      select req, count(*) filter (where status = 'accepted') as accepted, count(*) as events,
             string_agg('{"index":' || idx || ',"eventId":' || to_json(event_id)::text || ',"status":"' || status
                        || '","timestamp":"' || instant || '"}', ',' order by n) as results,
             min(case when not r_batch[req] then '{"eventId":' || to_json(event_id)::text || ',"status":"' || status || '","timestamp":"' || instant || '"}' end) as single
      from statuses
      group by req
    ),
    bodies as (
      select req, case when r_batch[req] then 200 when accepted > 0 then 201 else 200 end as code,
             case when r_batch[req] then '{"results":[' || results || '],"accepted":' || accepted || ',"duplicates":' || (events - accepted) || '}'
                  else single end as text
      from answers
    )
    select req, code, text from bodies
  loop
    r_code[rec.req] := rec.code; r_body[rec.req] := rec.text;
    request := rec.req; outcome := 'recorded'; status_code := rec.code; body := rec.text; detail := null;
    return next;
  end loop;
  -- Zipped by position with the request arrays (no join: see step 5).
  insert into idempotency_keys (scope, key, fingerprint, status_code, response_body, created_at, expires_at)
  select r.scope, r.key, r.fingerprint, r.code, r.body, p_now, p_expires_at
  from unnest(r_scope, r_key, r_fingerprint, r_code, r_body) r(scope, key, fingerprint, code, body)
  where r.body is not null
  order by r.scope, r.key
  on conflict (scope, key) do update set
    fingerprint = excluded.fingerprint, status_code = excluded.status_code, response_body = excluded.response_body,
    created_at = excluded.created_at, expires_at = excluded.expires_at;
end;
$$;
