-- metering_ingest_v7: one commit group of usage ingestion, in one call (docs/metering.md, "Group
-- commit"). A stored function of src/db/functions/: applied with `create or replace` after the
-- migrations at every start, whenever this text changes (src/db/functions.ts). Edit it here: this
-- file is its only text (src/db/migrations/README.md). A change a process of the previous release could not
-- call (another signature, other outcomes) is a new file with the next version's name; this one
-- stays until the release after, then its signature goes to retired.sql (CONTRIBUTING.md).
--
-- One row per request, its outcome: 'key_refused' (its key from memory no longer authenticates),
-- 'clocked' (its key from memory is a sandbox key whose account has a test clock now: nothing looked
-- at; detail: the clock's instant, so the service checks the request again on that clock and sends
-- it in a later group),
-- 'in_use' (its Idempotency-Key is held elsewhere), 'stored' (an answer was stored under its key),
-- 'invalid' (an event names no meter or enrollment, or lacks the meter's property), 'busy' (an
-- invoice holds the usage lock of an enrollment it names: nothing of it looked at, to be sent
-- again), 'refused' (an event inside an invoiced period), 'insufficient' (its events would take a
-- prepaid balance below its floor; detail: the first such event's index, the balance and the floor)
-- or 'recorded' (written, or every event recorded before; its answer stored with its key).
-- v6 added the prepaid balances (step 3b) and the 'insufficient' outcome to v5. v7 posts each
-- enrollment's draws of the call in the ledger (step 3c: one `prepaid.drawn` transaction per drawn
-- enrollment, `enrollments:<id>:prepaid` debit / `revenue` credit) and adds the 'clocked' outcome.
create or replace function metering_ingest_v7(
  -- One element per request of the group; r_lock is the key's lock name (lockNameOf in the service).
  r_scope text[], r_key text[], r_lock text[], r_fingerprint text[], r_batch boolean[],
  -- Per request, the id of its API key when the service took the key from memory (step 0 reads it); null when
  -- the key's row was read for this request before.
  r_key_to_confirm uuid[],
  -- One element per subject: a distinct (tenant, customer id or externalId, product, meter key) named in the group.
  s_account uuid[], s_environment text[], s_customer_ref text[], s_customer_id uuid[], s_product_id uuid[], s_meter_key text[],
  -- One element per event: the 1-based position of its request, its place there, its 1-based subject, its
  -- fields; its time as the API writes instants (api_instant's form), which the answer repeats.
  e_request int[], e_index int[], e_subject int[], e_event_id text[], e_value numeric[], e_instant text[], e_metadata jsonb[],
  p_now timestamptz, p_expires_at timestamptz, p_shard smallint
) returns table (request int, outcome text, status_code int, body text, detail jsonb)
language plpgsql
-- The statements' plans are made once per connection and reused: planning them anew for each group
-- cost more than running them. Every lookup in them is a parameterised key probe, so one plan suits all.
set plan_cache_mode = force_generic_plan
as $$
#variable_conflict use_column
-- Arrays of events are read with unnest, never by subscript: finding element n of an array of
-- variable-width values (text, numeric) or with nulls walks the array, so subscripts over a
-- 1,000-event batch cost a quadratic time. Subscripts are used on `runnable` (booleans, no nulls)
-- and on the subjects' arrays, which are short (one element per distinct name in the group).
declare
  n_requests int := coalesce(array_length(r_scope, 1), 0);
  -- Per request: whether its key still authenticates (step 0; read by subscript, so booleans).
  key_live boolean[];
  runnable boolean[];
  -- Per subject, aligned with the s_ arrays: what step 2 resolved (null when nothing matched).
  s_enrollment uuid[];
  s_meter uuid[];
  -- The metadata property whose distinct values the subject's meter counts (unique_count meters).
  s_property text[];
  -- Enrollments whose usage lock an invoice holds now (step 2).
  busy_enrollments uuid[];
  -- Step 4: events of runnable requests, distinct ids among them, and ids inserted.
  n_events int;
  n_candidates int;
  n_inserted int;
  -- Step 4a: the answers of a group whose every event was recorded before, by request.
  d_request int[];
  d_body text[];
  all_recorded boolean := false;
  -- The answers' texts (steps 4a and 5): whether no event id needs escaping as a JSON string (then
  -- it is quoted as it is, instead of a to_json per event), and the group's first instant, parsed and
  -- written once (an event recorded at that instant, the usual case, reuses the text: no to_char per event).
  -- Step 4 reuses the parsed instant too for every event sent with the first event's text (a parse
  -- is about 0.5 µs, a text comparison next to nothing).
  ids_plain boolean;
  common_text text;
  common_time timestamptz;
  common_instant text;
  -- Per request: the answer recorded in step 5 (null for the others).
  r_code int[] := array_fill(null::int, array[coalesce(array_length(r_scope, 1), 0)]);
  r_body text[] := array_fill(null::text, array[coalesce(array_length(r_scope, 1), 0)]);
  rec record;
  -- Step 3b: the group's prepaid balances (aligned arrays, by enrollment id), before and as drawn.
  pb_id uuid[];
  pb_before numeric[];
  pb_balance numeric[];
  pb_floor numeric[];
  req_balance numeric[];
  cur_req int := 0;
  cur_refused boolean := false;
  pos int;
  -- Ids sent more than once in the group, drawn on already (so a later occurrence draws nothing).
  charged text[] := '{}';
  req_charged text[] := '{}';
  -- Step 3c: each balance's tenant and currency (aligned with pb_id), and one posting's ids.
  pb_account uuid[];
  pb_environment text[];
  pb_currency text[];
  d_customer uuid;
  d_ids uuid[];
  d_prepaid_account uuid;
  d_revenue_account uuid;
begin
  -- 0. The API keys taken from memory, each read once (a group mostly carries one): a request whose
  -- key is revoked, unknown, or of an account no longer active is refused before anything else.
  key_live := array_fill(true, array[n_requests]);
  if exists (select from unnest(r_key_to_confirm) k where k is not null) then
    for rec in
      select r.i, st.state, st.clock
      from unnest(r_key_to_confirm) with ordinality r(key_id, i)
      join (
        -- A sandbox key of an account with a test clock is 'clocked': the service remembers only keys
        -- whose account had none when it read them (modules/accounts/authenticator.ts).
        select d.key_id, coalesce(k.state, 'unknown') as state, k.clock
        from (select distinct key_id from unnest(r_key_to_confirm) key_id where key_id is not null) d
        left join lateral (
          select case when k.revoked_at is not null then 'revoked' when a.status <> 'active' then a.status
                      when k.environment = 'sandbox' and a.sandbox_clock is not null then 'clocked' else 'live' end as state,
                 api_instant(a.sandbox_clock) as clock
          from api_keys k join accounts a on a.id = k.account_id where k.id = d.key_id
        ) k on true
      ) st on st.key_id = r.key_id
      where st.state <> 'live'
    loop
      key_live[rec.i] := false;
      if rec.state = 'clocked' then
        -- The key is live, but the request was checked on the real clock (the service remembered the
        -- key before the account's test clock was set): it goes back to be checked on the test clock.
        request := rec.i; outcome := 'clocked'; status_code := null; body := null; detail := to_jsonb(rec.clock);
      else
        request := rec.i; outcome := 'key_refused'; status_code := null; body := null; detail := to_jsonb(rec.state);
      end if;
      return next;
    end loop;
  end if;

  -- 1. Idempotency: the key's lock (the same one the rest of the service takes), then any stored answer.
  select array_agg(case when key_live[r.i] then pg_try_advisory_xact_lock(hashtextextended(r.lock, 0)) else false end order by r.i)
    into runnable from unnest(r_lock) with ordinality r(lock, i);
  for i in 1 .. n_requests loop
    if not runnable[i] and key_live[i] then
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

  -- 2. Resolve each subject: its meter, and its enrollment (customer id or externalId, product; the
  -- newest enrollment not canceled, an id match first).
  select array_agg(en.id order by s.i), array_agg(m.id order by s.i),
         array_agg(case when m.aggregation = 'unique_count' then m.property end order by s.i)
    into s_enrollment, s_meter, s_property
  from unnest(s_account, s_environment, s_customer_ref, s_customer_id, s_product_id, s_meter_key)
    with ordinality s(account_id, environment, ref, ref_id, product_id, meter_key, i)
  left join lateral (
    select en.id from enrollments en
    where en.account_id = s.account_id and en.environment = s.environment and en.product_id = s.product_id and en.status <> 'canceled'
      and en.customer_id = (
        select c.id from (
          select c.id from customers c where c.account_id = s.account_id and c.environment = s.environment and c.id = s.ref_id
          union all
          select c.id from customers c where c.account_id = s.account_id and c.environment = s.environment and c.external_id = s.ref
        ) c limit 1)
    order by en.id desc limit 1
  ) en on true
  left join lateral (
    select m.id, m.aggregation, m.property from meters m
    where m.account_id = s.account_id and m.environment = s.environment and m.key = s.meter_key
  ) m on true;

  -- A request with an event that names no meter, no enrollment or lacks the meter's distinct
  -- property is refused whole (nothing of it is written); the service renders the field errors.
  if array_position(s_enrollment, null) is not null or array_position(s_meter, null) is not null
     or exists (select from unnest(s_property) p where p is not null) then
    for rec in
      select e.req, jsonb_agg(jsonb_build_object(
               'index', e.idx, 'meter', s_meter[e.subject] is not null, 'enrolled', s_enrollment[e.subject] is not null,
               'property', case when e.metadata ->> s_property[e.subject] is null then s_property[e.subject] end) order by e.n) as problems
      from unnest(e_request, e_index, e_subject, e_metadata) with ordinality e(req, idx, subject, metadata, n)
      where runnable[e.req]
        and (s_meter[e.subject] is null or s_enrollment[e.subject] is null
             or (s_property[e.subject] is not null and e.metadata ->> s_property[e.subject] is null))
      group by e.req
    loop
      runnable[rec.req] := false;
      request := rec.req; outcome := 'invalid'; status_code := null; body := null; detail := rec.problems;
      return next;
    end loop;
  end if;

  -- Each enrollment's shared usage lock, tried, never waited for. Held until commit, it makes an
  -- invoice of the enrollment wait for these events. While an invoice holds it (or waits for it),
  -- the requests with an event of that enrollment are answered 'busy' and nothing of them is looked
  -- at further: the service sends them again in a later group, so one account's invoicing never
  -- holds up the group's other requests (docs/metering.md, "Invoicing never stalls ingestion").
  -- A statement of its own, so that the next statement's snapshot sees any invoice committed before
  -- the locks were granted.
  select coalesce(array_agg(x.id) filter (where not pg_try_advisory_xact_lock_shared(hashtextextended('usage:' || x.id::text, 0))), '{}')
    into busy_enrollments
  from (select distinct id from unnest(s_enrollment) id where id is not null order by id) x;
  if cardinality(busy_enrollments) > 0 then
    for rec in
      select distinct e.req
      from unnest(e_request, e_subject) e(req, subject)
      where runnable[e.req] and s_enrollment[e.subject] = any(busy_enrollments)
    loop
      runnable[rec.req] := false;
      request := rec.req; outcome := 'busy'; status_code := null; body := null; detail := null;
      return next;
    end loop;
  end if;

  -- 3. A request with an event inside a period an invoice (not void) billed is refused whole. Events
  -- are compared with periods only when one of the group's enrollments has any.
  if exists (
    select from unnest(s_account, s_environment, s_enrollment) s(account_id, environment, enrollment_id)
    join usage_invoiced_periods p on p.account_id = s.account_id and p.environment = s.environment and p.enrollment_id = s.enrollment_id
    join invoices i on i.id = p.invoice_id and i.status <> 'void'
  ) then
    for rec in
      select distinct e.req
      from unnest(e_request, e_subject, e_instant) e(req, subject, instant)
      cross join lateral (select e.instant::timestamptz as occurred_at) t
      join usage_invoiced_periods p on p.account_id = s_account[e.subject] and p.environment = s_environment[e.subject]
                                   and p.enrollment_id = s_enrollment[e.subject]
                                   and t.occurred_at >= p.period_start and t.occurred_at < p.period_end
      join invoices i on i.id = p.invoice_id and i.status <> 'void'
      where runnable[e.req]
    loop
      runnable[rec.req] := false;
      request := rec.req; outcome := 'refused'; status_code := null; body := null; detail := null;
      return next;
    end loop;
  end if;

  -- 3b. Prepaid balances: each new event of a prepaid enrollment draws value x its meter's rate
  -- (prepaid_rates; a meter without one is free) from the balance, request by request in order. A
  -- request that would take a balance below its floor is refused whole ('insufficient', nothing of
  -- it written or drawn). An event id recorded before draws nothing (a resend), nor does a later
  -- occurrence of an id the group drew for already. Groups that name no prepaid enrollment pay
  -- one index probe per enrollment here.
  if exists (select from prepaid_balances b where b.enrollment_id = any(s_enrollment)) then
    -- Locked in id order: groups drawing on one balance take turns, and the statements below see
    -- what the group before committed.
    perform from prepaid_balances b where b.enrollment_id = any(s_enrollment) order by b.enrollment_id for update;
    select array_agg(b.enrollment_id order by b.enrollment_id), array_agg(b.balance order by b.enrollment_id), array_agg(b.floor order by b.enrollment_id),
           array_agg(b.account_id order by b.enrollment_id), array_agg(b.environment order by b.enrollment_id), array_agg(b.currency order by b.enrollment_id)
      into pb_id, pb_balance, pb_floor, pb_account, pb_environment, pb_currency
    from prepaid_balances b where b.enrollment_id = any(s_enrollment);
    pb_before := pb_balance;
    for rec in
      select ev.req, ev.idx, ev.enrollment_id, ev.cost, ev.id_key, ev.repeated
      from (
        select e.req, e.idx, e.n, s_enrollment[e.subject] as enrollment_id, e.value * r.unit_price as cost,
               s_account[e.subject]::text || ' ' || s_environment[e.subject] || ' ' || e.event_id as id_key,
               count(*) over (partition by s_account[e.subject], s_environment[e.subject], e.event_id) > 1 as repeated
        from unnest(e_request, e_index, e_subject, e_event_id, e_value) with ordinality e(req, idx, subject, event_id, value, n)
        join prepaid_rates r on r.enrollment_id = s_enrollment[e.subject] and r.meter_id = s_meter[e.subject]
        where runnable[e.req]
          and not exists (select from usage_events u where u.account_id = s_account[e.subject] and u.environment = s_environment[e.subject] and u.event_id = e.event_id)
      ) ev
      order by ev.n
    loop
      if rec.req <> cur_req then
        -- The request before passed: its draws stand.
        if cur_req > 0 and not cur_refused then pb_balance := req_balance; charged := charged || req_charged; end if;
        cur_req := rec.req; cur_refused := false; req_balance := pb_balance; req_charged := '{}';
      end if;
      continue when cur_refused;
      if rec.repeated then
        continue when rec.id_key = any(charged) or rec.id_key = any(req_charged);
        req_charged := req_charged || rec.id_key;
      end if;
      pos := array_position(pb_id, rec.enrollment_id);
      req_balance[pos] := req_balance[pos] - rec.cost;
      if req_balance[pos] < pb_floor[pos] then
        cur_refused := true;
        runnable[rec.req] := false;
        request := rec.req; outcome := 'insufficient'; status_code := null; body := null;
        detail := jsonb_build_object('index', rec.idx, 'balance', pb_balance[pos]::text, 'floor', pb_floor[pos]::text);
        return next;
      end if;
    end loop;
    if cur_req > 0 and not cur_refused then pb_balance := req_balance; end if;
    update prepaid_balances b set balance = x.balance, updated_at = p_now
    from unnest(pb_id, pb_balance, pb_before) x(id, balance, before)
    where b.enrollment_id = x.id and x.balance <> x.before;

    -- 3c. The ledger (docs/ledger.md, "Prepaid draws"): what this call drew from each balance, summed,
    -- as ONE balanced transaction per drawn enrollment, in this transaction: `enrollments:<id>:prepaid`
    -- debit, `revenue` credit, kind `prepaid.drawn`. The ledger accounts are made on first use (the
    -- same insert-or-nothing, in the same code order, as the service's postTransaction). Its key
    -- names the enrollment and the transaction's own id: a call posts once (a retried request draws
    -- nothing again: its events are recorded, or its stored answer is replayed). Ids are UUIDv7 like
    -- the service's (time-ordered: the listing's order), drawn sorted so the entries keep posting
    -- order. Only balances this call changed pay for it: a call that drew nothing posts nothing.
    for i in 1 .. coalesce(array_length(pb_id, 1), 0) loop
      continue when pb_balance[i] = pb_before[i];
      select en.customer_id into d_customer from enrollments en where en.id = pb_id[i];
      select array_agg(u order by u) into d_ids from (
        select encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
                 placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid as u
        from generate_series(1, 5)
      ) ids;
      insert into ledger_accounts (id, account_id, environment, code, currency, customer_id, created_at)
      values (d_ids[1], pb_account[i], pb_environment[i], 'enrollments:' || pb_id[i]::text || ':prepaid', pb_currency[i], d_customer, p_now),
             (d_ids[2], pb_account[i], pb_environment[i], 'revenue', pb_currency[i], null, p_now)
      on conflict (account_id, environment, code, currency) do nothing;
      select a.id into d_prepaid_account from ledger_accounts a
      where a.account_id = pb_account[i] and a.environment = pb_environment[i] and a.code = 'enrollments:' || pb_id[i]::text || ':prepaid' and a.currency = pb_currency[i];
      select a.id into d_revenue_account from ledger_accounts a
      where a.account_id = pb_account[i] and a.environment = pb_environment[i] and a.code = 'revenue' and a.currency = pb_currency[i];
      insert into ledger_transactions (id, account_id, environment, key, kind, resource_type, resource_id, invoice_id, customer_id, created_at)
      values (d_ids[3], pb_account[i], pb_environment[i], 'prepaid:' || pb_id[i]::text || ':drawn:' || d_ids[3]::text, 'prepaid.drawn',
              'enrollment', pb_id[i], null, d_customer, p_now);
      insert into ledger_entries (id, account_id, environment, transaction_id, ledger_account_id, currency, amount, created_at)
      values (d_ids[4], pb_account[i], pb_environment[i], d_ids[3], d_prepaid_account, pb_currency[i], pb_before[i] - pb_balance[i], p_now),
             (d_ids[5], pb_account[i], pb_environment[i], d_ids[3], d_revenue_account, pb_currency[i], pb_balance[i] - pb_before[i], p_now);
    end loop;
  end if;

  -- 4a. A resend (every event already recorded) writes nothing. With no request left to answer (each
  -- stored, refused or set aside), there is nothing to write: steps 4 and 5 are skipped.
  all_recorded := not (true = any(runnable));
  if not all_recorded then
    -- to_json escapes '"', '\' and characters below U+0020; an id with none of them is its own JSON text.
    ids_plain := array_to_string(e_event_id, '') !~ '["\\\x01-\x1f]';
    common_text := e_instant[1];
    common_time := common_text::timestamptz;
    common_instant := api_instant(common_time);
  end if;
  -- Otherwise, when the group's first event id is recorded already, every event is looked up first;
  -- if all are, the answers come from those lookups (each event a duplicate, answered with its
  -- recorded time) and steps 4 and 5 are skipped. A group only partly recorded goes on to step 4:
  -- the lookups were wasted, not wrong.
  if not all_recorded and exists (
    select from (
      select e.subject, e.event_id from unnest(e_request, e_subject, e_event_id) e(req, subject, event_id) where runnable[e.req] limit 1
    ) f
    join usage_events u on u.account_id = s_account[f.subject] and u.environment = s_environment[f.subject] and u.event_id = f.event_id
  ) then
    select array_agg(req order by req), array_agg(text order by req), bool_and(found)
      into d_request, d_body, all_recorded
    from (
      select e.req, bool_and(u.occurred_at is not null) as found,
             case when r_batch[e.req]
                  then '{"results":[' || string_agg('{"index":' || e.idx || ',"eventId":' || case when ids_plain then '"' || e.event_id || '"' else to_json(e.event_id)::text end
                                                     || ',"status":"duplicate","timestamp":"' || case when u.occurred_at = common_time then common_instant else api_instant(u.occurred_at) end || '"}', ',' order by e.n)
                       || '],"accepted":0,"duplicates":' || count(*) || '}'
                  else min('{"eventId":' || case when ids_plain then '"' || e.event_id || '"' else to_json(e.event_id)::text end || ',"status":"duplicate","timestamp":"' || case when u.occurred_at = common_time then common_instant else api_instant(u.occurred_at) end || '"}')
             end as text
      from unnest(e_request, e_index, e_subject, e_event_id) with ordinality e(req, idx, subject, event_id, n)
      left join lateral (
        select u.occurred_at from usage_events u
        where u.account_id = s_account[e.subject] and u.environment = s_environment[e.subject] and u.event_id = e.event_id
        limit 1
      ) u on true
      where runnable[e.req]
      group by e.req
    ) answers;
  end if;
  if all_recorded then
    for i in 1 .. coalesce(array_length(d_request, 1), 0) loop
      r_code[d_request[i]] := 200; r_body[d_request[i]] := d_body[i];
      request := d_request[i]; outcome := 'recorded'; status_code := 200; body := d_body[i]; detail := null;
      return next;
    end loop;
  else
    -- 4. Insert the first occurrence of each event id, in key order (concurrent groups then lock index
    -- entries and rollup rows in the same order; the key's order is byte order, "C"); an id recorded
    -- before conflicts and is skipped. Fold what was inserted into this group's rollup shard. An
    -- event's UTC hour is date_bin from a UTC midnight, the same instant as date_trunc('hour', t, 'UTC')
    -- for every timestamptz (hours have no leap seconds), as arithmetic on the instant: date_trunc
    -- with a time zone looks the zone up per row, which was most of the rollup's time.
    with events as (
      select s_account[e.subject] as account_id, s_environment[e.subject] as environment, e.event_id collate "C" as event_id,
             s_enrollment[e.subject] as enrollment_id, s_meter[e.subject] as meter_id, e.value,
             case when e.instant = common_text then common_time else e.instant::timestamptz end as occurred_at, e.metadata, e.n
      from unnest(e_request, e_subject, e_event_id, e_value, e_instant, e_metadata)
        with ordinality e(req, subject, event_id, value, instant, metadata, n)
      where runnable[e.req]
    ),
    candidates as (
      select distinct on (account_id, environment, event_id) * from events
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
      select account_id, environment, enrollment_id, meter_id, date_bin('1 hour', occurred_at, timestamptz '2000-01-01 00:00:00+00'), sum(value), count(*), max(value),
             ((array_agg((value, event_id)::usage_latest order by occurred_at desc, event_id desc))[1]).value, max(occurred_at),
             ((array_agg((value, event_id)::usage_latest order by occurred_at desc, event_id desc))[1]).event_id, p_shard
      from inserted
      group by account_id, environment, enrollment_id, meter_id, date_bin('1 hour', occurred_at, timestamptz '2000-01-01 00:00:00+00')
      order by account_id, environment, enrollment_id, meter_id, date_bin('1 hour', occurred_at, timestamptz '2000-01-01 00:00:00+00')
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
    select (select count(*) from events), (select count(*) from candidates), (select count(*) from inserted)
      into n_events, n_candidates, n_inserted;

    -- From here on, statements see the rows this transaction inserted (xmin is its id), and those that
    -- concurrent groups committed meanwhile (an id both sent: ours skipped it, theirs is the answer).
    -- Distinct values of unique_count meters, for the events inserted now. The value is read from
    -- the row inserted, never from the event sent: a later occurrence of the same id in this group
    -- (a duplicate, not recorded) finds the same row and so brings no value of its own.
    if exists (select from unnest(s_property) p where p is not null) then
      insert into usage_hourly_distinct (account_id, environment, enrollment_id, meter_id, hour, value)
      select distinct u.account_id, u.environment, u.enrollment_id, u.meter_id, date_bin('1 hour', u.occurred_at, timestamptz '2000-01-01 00:00:00+00'),
             u.metadata ->> s_property[e.subject]
      from unnest(e_request, e_subject, e_event_id) e(req, subject, event_id)
      cross join lateral (
        select u.account_id, u.environment, u.enrollment_id, u.meter_id, u.occurred_at, u.metadata from usage_events u
        where u.account_id = s_account[e.subject] and u.environment = s_environment[e.subject] and u.event_id = e.event_id
          and u.xmin = pg_current_xact_id()::xid
        limit 1
      ) u
      where runnable[e.req] and s_property[e.subject] is not null
      order by 1, 2, 3, 4, 5, 6
      on conflict do nothing;
    end if;

    -- 5. The answers, stored with their keys in this transaction (an expired record is replaced). An
    -- event is accepted when this transaction inserted its id and it is the id's first occurrence in
    -- the group; otherwise it is a duplicate, answered with the time recorded first. When every event
    -- of the group was new and its id appeared once (a fresh batch), each is accepted at its own time:
    -- no probe and no window. Otherwise each event is one primary-key probe: no join between
    -- intermediate results, whose sizes a cached plan cannot know.
    if n_inserted = n_events then
      for rec in
        select req, case when r_batch[req] then 200 else 201 end as code,
               case when r_batch[req] then '{"results":[' || results || '],"accepted":' || events || ',"duplicates":0}' else single end as text
        from (
          select e.req, count(*) as events,
                 string_agg('{"index":' || e.idx || ',"eventId":' || case when ids_plain then '"' || e.event_id || '"' else to_json(e.event_id)::text end || ',"status":"accepted","timestamp":"'
                            || e.instant || '"}', ',' order by e.n) as results,
                 min(case when not r_batch[e.req] then '{"eventId":' || case when ids_plain then '"' || e.event_id || '"' else to_json(e.event_id)::text end || ',"status":"accepted","timestamp":"'
                                                       || e.instant || '"}' end) as single
          from unnest(e_request, e_index, e_event_id, e_instant) with ordinality e(req, idx, event_id, instant, n)
          where runnable[e.req]
          group by e.req
        ) answers
      loop
        r_code[rec.req] := rec.code; r_body[rec.req] := rec.text;
        request := rec.req; outcome := 'recorded'; status_code := rec.code; body := rec.text; detail := null;
        return next;
      end loop;
    else
      for rec in
        select req, case when r_batch[req] then 200 when accepted > 0 then 201 else 200 end as code,
               case when r_batch[req] then '{"results":[' || results || '],"accepted":' || accepted || ',"duplicates":' || (events - accepted) || '}'
                    else single end as text
        from (
          select req, count(*) filter (where status = 'accepted') as accepted, count(*) as events,
                 string_agg('{"index":' || idx || ',"eventId":' || case when ids_plain then '"' || event_id || '"' else to_json(event_id)::text end || ',"status":"' || status
                            || '","timestamp":"' || instant || '"}', ',' order by n) as results,
                 min(case when not r_batch[req] then '{"eventId":' || case when ids_plain then '"' || event_id || '"' else to_json(event_id)::text end || ',"status":"' || status
                                                     || '","timestamp":"' || instant || '"}' end) as single
          from (
            select ev.*, case when mine and n = first_n then 'accepted' else 'duplicate' end as status,
                   coalesce(case when recorded = common_time then common_instant else api_instant(recorded) end, sent_instant) as instant
            from (
              select e.*, u.occurred_at as recorded, coalesce(u.mine, false) as mine, first_value(e.n) over first as first_n
              from unnest(e_request, e_index, e_subject, e_event_id, e_instant)
                with ordinality e(req, idx, subject, event_id, sent_instant, n)
              left join lateral (
                select u.occurred_at, u.xmin = pg_current_xact_id()::xid as mine from usage_events u
                where u.account_id = s_account[e.subject] and u.environment = s_environment[e.subject] and u.event_id = e.event_id
                limit 1
              ) u on true
              where runnable[e.req]
              window first as (partition by s_account[e.subject], s_environment[e.subject], e.event_id collate "C" order by e.n)
            ) ev
          ) statuses
          group by req
        ) answers
      loop
        r_code[rec.req] := rec.code; r_body[rec.req] := rec.text;
        request := rec.req; outcome := 'recorded'; status_code := rec.code; body := rec.text; detail := null;
        return next;
      end loop;
    end if;
  end if;
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
