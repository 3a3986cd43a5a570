/**
 * The case load bench:cases measures, inserted in bulk with SQL (the same statements on PostgreSQL and PGlite): an
 * organisation of `members` members (an owner, an admin, five reviewers, analysts, an auditor) holding `openCases`
 * open cases and `closedCases` closed ones, and four smaller organisations beside it, so every list must keep to its
 * own. What a case looks like follows from a hash of its number, so two runs seed the same load:
 *
 * - opened over the last 120 days, more of them recent (age = 120 days × u², as a backlog that is being worked);
 * - priority sanctions 20 %, PEP 30 %, media 50 %; due its opening plus the organisation's hours for it (set to 14, 60
 *   and 120 days, so that about a fifth of the backlog is overdue, not nearly all of it as with 24/72/120 hours);
 * - open 70 %, investigating 30 %; a quarter unassigned, 2 % escalated (unassigned, waiting for a reviewer), the rest
 *   spread unevenly over the reviewers and analysts (the first ones hold more); 3 % reopened (opened again later);
 * - tags on 30 %; a birth date on the subject of 20 %; one to three searches each (manual searches, batch rows and
 *   monitoring checks), each holding the hit of the case's priority (a real-shaped sanctions hit, PEP listing or
 *   negative article) and needing review; closed cases' searches decided (false positives, a few true matches);
 * - on the timeline: opened, each search added, assigned.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../data/db.ts";
import { FIRST_NAMES, LAST_NAMES } from "./services.ts";

export const CASE_TAGS = ["pep-review", "high-risk-country", "onboarding", "periodic-review", "sar-candidate"];
/** The hours per priority the measured organisation uses (see above). */
export const BENCH_DUE_HOURS = { sanctions: 14 * 24, pep: 60 * 24, media: 120 * 24 };
/** Reviewers are members 2 to 6; analysts 7 to members - 2; the last member is the auditor. */
export const memberEmail = (org: number, j: number) => `o${org}m${j}@bench.example`;

/** The rows of db.execute, whichever driver answered (postgres.js: an array; PGlite: an object with rows). */
export const rowsOf = (result: unknown): unknown[] => (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []));

const list = (words: string[]) => sql.raw(`array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(",")}]`);

export interface CaseSeed {
  members: number;
  openCases: number;
  closedCases: number;
  /** Open cases of each of the four other organisations. */
  otherCases: number;
}

export async function seedCases(db: Db, seed: CaseSeed): Promise<void> {
  const { members, openCases, closedCases, otherCases } = seed;
  // Organisation 0 is the measured one (`members` members); 1 to 4 have 6 each.
  await db.execute(sql`
    create unlogged table bench_members as
    select o.org, j, o.organisation_id, gen_random_uuid() as user_id,
           case when j = 0 then 'owner' when j = 1 then 'admin' when j = size - 1 then 'auditor'
                when j between 2 and 6 then 'reviewer' else 'analyst' end as role
    from (select org, gen_random_uuid() as organisation_id, case when org = 0 then ${members}::int else 6 end as size
          from generate_series(0, 4) as org) o
    cross join lateral generate_series(0, o.size - 1) as j`);
  await db.execute(sql`
    insert into organisations (id, name, credits, created_at)
    select organisation_id, (array['Harbor Compliance','Nordic Timber','Alpine Dental','Rossi Imports','Becker Metals'])[1 + org],
           1000000, now() - interval '400 days'
    from bench_members where j = 0`);
  await db.execute(sql`
    insert into users (id, email, password, full_name, company, position, organisation_id, organisation_role, email_verified, created_at)
    select user_id, 'o' || org || 'm' || j || '@bench.example', (select password from users where email = 'admin@example.com'),
           (${list(FIRST_NAMES)})[1 + j % 16] || ' ' || (${list(LAST_NAMES)})[1 + (j / 16 + org) % 16],
           'Bench ' || org, initcap(role), organisation_id, role::organisation_role, true,
           now() - interval '400 days' + j * interval '1 day'
    from bench_members`);
  // The measured organisation's hours; auto-assignment stays off until the batch is measured.
  await db.execute(sql`
    insert into case_settings (organisation_id, auto_assign, per_member_cap, sanctions_hours, pep_hours, media_hours)
    select organisation_id, false, null, ${BENCH_DUE_HOURS.sanctions}::int, ${BENCH_DUE_HOURS.pep}::int, ${BENCH_DUE_HOURS.media}::int
    from bench_members where j = 0 and org = 0`);
  // Two analysts are on holiday: auto-assignment passes them over, their cases stay theirs.
  await db.execute(sql`
    insert into case_unavailable_members (user_id, organisation_id, since)
    select user_id, organisation_id, now() - interval '3 days' from bench_members where org = 0 and j in (8, 9)`);
  await db.execute(sql`
    insert into batch_jobs (user_id, organisation_id, name, status, total_entities, processed_entities, created_at, completed_at)
    select user_id, organisation_id, 'Customer base ' || org, 'completed', 20000, 20000, now() - interval '130 days', now() - interval '130 days'
    from bench_members where j = 0`);

  // Case n: organisation 0 for n < open + closed, else one of the four others; closed for open <= n < open + closed.
  const measured = openCases + closedCases;
  await db.execute(sql`
    create unlogged table bench_cases as
    with numbered as (
      select n, abs(hashtext('case ' || n)::bigint) as x,
             case when n < ${measured}::int then 0 else 1 + (n - ${measured}::int) % 4 end as org,
             n >= ${openCases}::int and n < ${measured}::int as closed
      from generate_series(0, ${measured + otherCases * 4 - 1}::int) as n
    ),
    shaped as (
      select numbered.*,
             case when x % 10 < 2 then 'sanctions' when x % 10 < 5 then 'pep' else 'media' end as priority,
             case when (x / 13) % 4 = 0 then 'company' else 'person' end as entity_type,
             now() - (case when closed then 60 + 300 * ((x / 17) % 1000) / 1000.0 else 120 * power(((x / 17) % 10000) / 10000.0, 2) end)
                     * interval '1 day' - (n % 86400) * interval '1 second' as created_at,
             (x / 100) % 100 as a, (x / 1000000) % 1000 as skew
      from numbered
    ),
    named as (
      select shaped.*,
             case when entity_type = 'company'
                  then (array['Acme','Global','Nordic','Harbor','Alpine','Bluewater','Maple','Greenfield'])[1 + (x / 7) % 8] || ' '
                       || (array['Trading','Shipping','Metals','Energy','Logistics','Holdings'])[1 + (x / 11) % 6] || ' ' || n || ' Ltd'
                  else (${list(FIRST_NAMES)})[1 + (x / 7) % 16] || ' ' || (${list(LAST_NAMES)})[1 + (x / 11) % 16] || ' ' || n end as name,
             case when (x / 23) % 5 = 0 and entity_type = 'person' then (1950 + (x / 29) % 50)::text || '-0' || (1 + (x / 31) % 9)::text || '-1' || ((x / 37) % 10)::text end as birth_date,
             case when not closed and (x / 41) % 33 = 0 then created_at + ((x / 43) % 20) * interval '1 day' end as reopened_at
      from shaped
    )
    select n, x, org, closed, priority, entity_type, name, birth_date, created_at,
           gen_random_uuid() as id,
           least(coalesce(reopened_at, created_at), now()) as opened_at,
           case when closed then 'closed' when (x / 10) % 10 < 3 then 'investigating' else 'open' end as status,
           case when closed then (array['false_positive','false_positive','false_positive','false_positive','risk_accepted','relationship_declined','true_match'])[1 + (x / 47) % 7] end as outcome,
           -- a quarter unassigned, 2 % escalated (unassigned), the rest on reviewers and analysts 2..members-2, unevenly
           case when a < 27 then null
                when org = 0 then 2 + floor(${members - 3}::int * power(skew / 1000.0, 1.4))::int
                else 1 + (x / 53) % 4 end as member,
           a between 25 and 26 and not closed as escalated,
           case when (x / 7) % 10 < 3 then (case when (x / 59) % 3 = 0 then array[(${list(CASE_TAGS)})[1 + (x / 61) % 5], (${list(CASE_TAGS)})[1 + (x / 67) % 5]]
                                               else array[(${list(CASE_TAGS)})[1 + (x / 61) % 5]] end)
                else '{}'::text[] end as tags,
           1 + case when x % 3 = 0 then 1 else 0 end + case when x % 7 = 0 then 1 else 0 end as search_count
    from named`);
  await db.execute(sql`
    insert into cases (id, organisation_id, title, subject_key, subject_name, entity_type, subject_details, status, outcome, priority,
                       assignee_id, due_at, escalated_at, tags, opened_at, closed_at, version, created_at, updated_at)
    select c.id, o.organisation_id, c.name,
           c.entity_type || ' | ' || lower(c.name) || coalesce(' | born ' || c.birth_date, ''),
           c.name, c.entity_type::entity_type, case when c.birth_date is not null then jsonb_build_object('birthDate', c.birth_date) end,
           c.status, c.outcome, c.priority, m.user_id,
           c.opened_at + case c.priority when 'sanctions' then ${BENCH_DUE_HOURS.sanctions}::int when 'pep' then ${BENCH_DUE_HOURS.pep}::int
                                         else ${BENCH_DUE_HOURS.media}::int end * interval '1 hour',
           case when c.escalated then least(c.opened_at + interval '1 day', now()) end,
           distinct_tags.tags, c.opened_at, case when c.closed then c.created_at + interval '20 days' end,
           2 + c.search_count + case when c.closed then 1 else 0 end, c.created_at, greatest(c.opened_at, c.created_at + interval '1 hour')
    from bench_cases c
    join bench_members o on o.org = c.org and o.j = 0
    left join bench_members m on m.org = c.org and m.j = c.member
    cross join lateral (select coalesce(array_agg(distinct t), '{}'::text[]) as tags from unnest(c.tags) t) distinct_tags`);

  // The searches: the first made by an analyst of the organisation when the case opened, the others later; a third
  // of the manual ones are batch rows and a fifth monitoring checks. Each holds the hit of its case's priority.
  await db.execute(sql`
    create unlogged table bench_searches as
    select c.id as case_id, c.org, c.closed, c.outcome = 'true_match' and k = 1 as confirmed, c.priority, c.entity_type, c.name, c.birth_date, c.x, k,
           gen_random_uuid() as id,
           c.created_at + (k - 1) * interval '9 days' as created_at,
           case when (c.x / 71 + k) % 5 = 0 then 'monitoring' when (c.x / 71 + k) % 3 = 0 then 'batch' else 'search' end as source,
           case c.priority when 'sanctions' then 's:' when 'pep' then 'p:' else 'm:' end || left(md5(c.id::text || k), 12) as hit_id,
           left(md5('listing ' || c.id::text), 32) as fingerprint,
           case when c.org = 0 then 7 + (c.x / 73 + k) % greatest(${members - 8}::int, 1) else 1 + (c.x / 73) % 4 end as member
    from bench_cases c cross join lateral generate_series(1, c.search_count) as k`);
  await db.execute(sql`
    insert into searches (id, user_id, organisation_id, search_term, entity_name, entity_type, details, status, risk_level, ai_summary, results,
                          is_automated, credits_used, batch_job_id, review_status, open_hits, created_at, updated_at)
    select s.id, m.user_id, m.organisation_id, s.name, s.name, s.entity_type::entity_type,
           case when s.birth_date is not null then jsonb_build_object('birthDate', s.birth_date) end,
           'completed', level, 'The screening found a listing or article that resembles the subject; review it before onboarding.',
           jsonb_build_object(
             'sanctionsList', jsonb_build_array(jsonb_build_object(
               'source', 'OFAC SDN', 'datasetId', 'us_ofac_sdn', 'match', s.priority = 'sanctions',
               'details', case when s.priority = 'sanctions' then '1 listed entity resembles the name' else 'No listed entity matches the name' end,
               'lastUpdated', '2026-11-01', 'entityCount', case when s.priority = 'sanctions' then 1 else 0 end, 'url', null, 'listedEntities', 18250,
               'hits', case when s.priority = 'sanctions' then jsonb_build_array(jsonb_build_object(
                 'hitId', s.hit_id, 'listingFingerprint', s.fingerprint, 'entityId', 'ofac-' || (s.x % 18250), 'name', upper(s.name),
                 'matchedName', upper(s.name), 'score', 0.88 + (s.x % 12) / 100.0, 'schema', case when s.entity_type = 'company' then 'Organization' else 'Person' end,
                 'programs', jsonb_build_array((array['SDGT','RUSSIA-EO14024','IRAN','CYBER2','SDNTK'])[1 + s.x % 5]),
                 'nationality', jsonb_build_array((array['ru','ir','ae','tr','cn'])[1 + (s.x / 3) % 5]), 'birthDate', '[]'::jsonb,
                 'sourceUrl', 'https://sanctionssearch.ofac.treas.gov/', 'differences', '[]'::jsonb, 'mismatches', '[]'::jsonb))
                 else '[]'::jsonb end)),
             'pepListings', case when s.priority = 'pep' then jsonb_build_array(jsonb_build_object(
               'hitId', s.hit_id, 'listingFingerprint', s.fingerprint, 'entityId', 'pep-' || (s.x % 9000), 'name', s.name, 'matchedName', s.name,
               'score', 0.9, 'dataset', 'US Congress', 'datasetId', 'us_congress_peps', 'listVersion', '2026-11-01', 'url', null,
               'nationality', jsonb_build_array('us'), 'birthDate', '[]'::jsonb, 'mismatches', '[]'::jsonb)) else '[]'::jsonb end,
             'adverseMedia', jsonb_build_array(jsonb_build_object(
               'hitId', case when s.priority = 'media' then s.hit_id else 'm:' || left(md5(s.id::text), 8) end,
               'title', s.name || case when s.priority = 'media' then ' charged with fraud in court' else ' attends trade conference' end,
               'summary', 'A report naming the subject.', 'source', 'news.example', 'date', '2026-10-01',
               'url', 'https://news.example/' || s.id, 'category', case when s.priority = 'media' then 'criminal' else 'others' end,
               'isNegative', s.priority = 'media')),
             'risk', jsonb_build_object('level', level, 'reasons', jsonb_build_array(jsonb_build_object(
               'code', case s.priority when 'sanctions' then 'sanctions_match' when 'pep' then 'pep' else 'negative_media' end,
               'level', level, 'params', jsonb_build_object('count', 1)))),
             'sources', jsonb_build_array(jsonb_build_object('source', 'OFAC SDN', 'kind', 'sanctions', 'status', 'ok'),
                                          jsonb_build_object('source', 'GDELT', 'kind', 'media', 'status', 'ok')),
             'datasetsUsed', jsonb_build_array(jsonb_build_object('id', 'us_ofac_sdn', 'name', 'OFAC SDN', 'type', 'sanctions',
                                                                  'versionDate', '2026-11-01', 'entityCount', 18250)),
             'clean', false, 'summarySource', 'model', 'summaryLanguage', 'en'),
           s.source = 'monitoring', case when s.source = 'monitoring' then 1 else 10 end, case when s.source = 'batch' then b.id end,
           case when not s.closed then 'needs_review' when s.confirmed then 'confirmed' else 'cleared' end,
           case when s.closed then 0 else 1 end, s.created_at, s.created_at + interval '6 seconds'
    from (select bench_searches.*, case priority when 'sanctions' then 'critical' when 'pep' then 'high' else 'medium' end as level from bench_searches) s
    join bench_members m on m.org = s.org and m.j = s.member
    join batch_jobs b on b.organisation_id = m.organisation_id`);
  await db.execute(sql`
    insert into case_searches (search_id, case_id, added_at) select id, case_id, created_at + interval '6 seconds' from bench_searches`);
  // Closed cases' hits decided by a reviewer of the organisation.
  await db.execute(sql`
    insert into hit_decisions (search_id, hit_id, hit_kind, hit_label, decision, reason, state, decided_by, decided_at, listing_fingerprint)
    select s.id, s.hit_id, s.priority, s.name, case when s.confirmed then 'true_match' else 'false_positive' end,
           case when s.confirmed then 'confirmed_identity' else 'common_name' end, 'decided', m.user_id,
           s.created_at + interval '2 days', case when s.priority <> 'media' then s.fingerprint end
    from bench_searches s join bench_members m on m.org = s.org and m.j = 2 + s.x % 5
    where s.closed`);
  await db.execute(sql`
    insert into case_events (case_id, kind, actor_user_id, details, at)
    select c.id, 'opened', null::uuid, jsonb_build_object('priority', c.priority, 'subject', c.name), c.created_at from bench_cases c
    union all
    select s.case_id, 'search_added', null, jsonb_build_object('searchId', s.id, 'searchTerm', s.name, 'source', s.source, 'hits', 1), s.created_at + interval '6 seconds'
    from bench_searches s
    union all
    select c.id, 'assigned', null, jsonb_build_object('before', jsonb_build_object('assignee', null), 'after', jsonb_build_object('assignee', m.user_id), 'auto', true),
           c.created_at + interval '1 second'
    from bench_cases c join bench_members m on m.org = c.org and m.j = c.member`);
  await db.execute(sql`drop table bench_searches`);
  await db.execute(sql`drop table bench_cases`);
  await db.execute(sql`drop table bench_members`);
  await db.execute(sql`vacuum analyze`);
}
