// The generator's steps: set-based INSERT ... SELECT statements over generate_series, run in one transaction
// after a fixed setseed(). Generated companies have slugs bench-0001...; their cases are numbered BC-0000001...
// Sizes are validated integers (interpolated); the password hash is the only bound value.

const WORDS = ['Storage', 'Network', 'Cloud', 'Systems', 'Data', 'Compute', 'Security', 'Software'];
const PROBLEMS = ['controller failure', 'firmware crash', 'latency spike', 'replication lag', 'license error'];
const FIRST_NAMES = ['Ana', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hugo'];

const sqlArray = (values) => `array[${values.map((value) => `'${value}'`).join(', ')}]`;
const pick = (values, randomExpression) =>
  `(${sqlArray(values)})[1 + floor(${randomExpression} * ${values.length})::int]`;
const BENCH_CASES = "c.internal_case_number like 'BC-%'";
const int = (value) => {
  if (!Number.isInteger(value) || value < 1) throw new Error(`Not a positive integer: ${value}`);
  return value;
};

export const GENERATION_STEPS = [
  {
    name: 'companies',
    sql: ({ companies }) => ({
      text: `insert into companies (name, full_name, slug, url, domain, status, membership_type, login_method,
          allow_notes, created_at, updated_at)
        select 'Bench ' || ${pick(WORDS, 'random()')} || ' ' || lpad(g::text, 4, '0'),
          'Bench Company ' || lpad(g::text, 4, '0') || ' Inc.', 'bench-' || lpad(g::text, 4, '0'),
          'https://bench-' || lpad(g::text, 4, '0') || '.test', 'bench-' || lpad(g::text, 4, '0') || '.test',
          'active', (${sqlArray(['basic', 'standard', 'premium', 'elite', 'limited'])})[1 + g % 5],
          'requires_registration', true, now() - interval '2 years', now()
        from generate_series(1, ${int(companies)}) g`,
    }),
  },
  {
    name: 'company ordinals (temporary)',
    sql: () => ({
      text: `create temporary table bench_companies as
        select id, substr(slug, 7)::int as n, domain from companies where slug like 'bench-%'`,
    }),
  },
  {
    name: 'departments',
    sql: () => ({
      text: `insert into departments (company_id, name, description, status)
        select id, 'Support', 'Product support', 'active' from bench_companies`,
    }),
  },
  {
    name: 'processes',
    sql: () => ({
      text: `insert into contact_documents (company_id, name) select id, 'Bench support process' from bench_companies`,
    }),
  },
  {
    name: 'process versions',
    sql: () => ({
      text: `insert into document_versions (document_id, version_number, status, document_type, title, collaborate_email)
        select d.id, 1, 'approved', 'ticket', 'Support', 'support@' || bc.domain
        from contact_documents d join bench_companies bc on bc.id = d.company_id`,
    }),
  },
  {
    name: 'process current versions',
    sql: () => ({
      text: `update contact_documents d set current_version_id = v.id
        from document_versions v, bench_companies bc
        where v.document_id = d.id and bc.id = d.company_id`,
    }),
  },
  {
    name: 'receiving processes (temporary)',
    sql: () => ({
      text: `create temporary table bench_processes as
        select bc.n, bc.id as company_id, dep.id as department_id, d.id as document_id, d.current_version_id as version_id
        from bench_companies bc
        join departments dep on dep.company_id = bc.id
        join contact_documents d on d.company_id = bc.id`,
    }),
  },
  {
    // User i belongs to company 1 + (i - 1) % C as its k-th user: k = 1 manages it, k = 2 is its program manager.
    name: 'users',
    sql: ({ companies, users, passwordHash }) => ({
      text: `insert into users (first_name, last_name, email, role, type, status, approval_status, email_verified_at,
          company_id, password_hash, agreement_date, registration_type, created_at, updated_at)
        select ${pick(FIRST_NAMES, 'random()')}, 'Bench' || s.i,
          'user' || s.k || '@bench-' || lpad(s.n::text, 4, '0') || '.test',
          case s.k when 1 then 'business_manager' when 2 then 'program_manager' else 'caller' end,
          'basic', 'active', 'approved', now(), bc.id, $1, now(), 'admin', now() - interval '1 year', now()
        from (select i, 1 + (i - 1) % ${int(companies)} as n, 1 + (i - 1) / ${int(companies)} as k
              from generate_series(1, ${int(users)}) i) s
        join bench_companies bc on bc.n = s.n`,
      values: [passwordHash],
    }),
  },
  {
    name: 'user ordinals (temporary)',
    sql: () => ({
      text: `create temporary table bench_users as
        select u.id, u.first_name, u.last_name, u.email, bc.n, split_part(substr(u.email, 5), '@', 1)::int as k,
          count(*) over (partition by bc.n) as company_users
        from users u join bench_companies bc on bc.id = u.company_id;
        create index on bench_users (n, k)`,
    }),
  },
  {
    // Submitters are skewed (floor(C * r^2.5)): company 1 submits about 6% of the cases at the default sizes,
    // so a big company exists; receivers are uniform among the others. Ages spread over a year.
    name: 'cases',
    sql: ({ companies, cases }) => ({
      text: `with draws as (
          select g, floor(${int(companies)} * power(random(), 2.5))::int as s0, random() as r_receiver,
            random() as r_user, random() as r_status, random() as r_priority, random() as r_update,
            now() - random() * interval '365 days' as created, random() as r_word, random() as r_problem
          from generate_series(1, ${int(cases)}) g
        ), picks as (
          select d.*, d.s0 + 1 as sn,
            ((d.s0 + 1 + floor(d.r_receiver * (${int(companies)} - 1))::int) % ${int(companies)}) + 1 as rn,
            case when d.r_status < 0.3 then 'open' when d.r_status < 0.6 then 'accepted'
              when d.r_status < 0.7 then 'information' when d.r_status < 0.8 then 'rejected' else 'closed' end as status,
            d.created + d.r_update * (now() - d.created) as updated
          from draws d
        )
        insert into cases (token, internal_case_number, submitter_company_id, submitter_user_id, receiver_company_id,
          receiver_department_id, document_id, document_version_id, status, priority, summary, description,
          engineer_first_name, engineer_last_name, engineer_email, engineer_phone, receiver_case_number,
          response_due_at, sla_stopped_at, late_at, customer_data_purged_at, created_at, updated_at, accepted_at,
          closed_at)
        select encode(sha256(('bench-case-' || p.g)::bytea), 'hex'), 'BC-' || lpad(p.g::text, 7, '0'),
          sp.company_id, su.id, rp.company_id, rp.department_id, rp.document_id, rp.version_id, p.status,
          ${pick(['low', 'medium', 'high'], 'p.r_priority')},
          ${pick(WORDS, 'p.r_word')} || ' ' || ${pick(PROBLEMS, 'p.r_problem')} || ' on node ' || p.g,
          'The ' || ${pick(PROBLEMS, 'p.r_problem')} || ' started after a maintenance window; logs are attached.',
          su.first_name, su.last_name, su.email, '+1 555 0100',
          case when p.status <> 'open' then 'RC-' || p.g end,
          p.created + interval '4 hours',
          case when p.status in ('accepted', 'rejected', 'closed') then p.updated end,
          case when p.status in ('open', 'information') and p.r_update < 0.5
            and p.created + interval '4 hours' < now() then p.created + interval '4 hours' end,
          case when p.created < now() - interval '1 month' then p.created + interval '1 month' end,
          p.created, p.updated,
          case when p.status in ('accepted', 'closed') then p.created + (p.updated - p.created) / 2 end,
          case when p.status = 'closed' then p.updated end
        from picks p
        join bench_processes sp on sp.n = p.sn
        join bench_processes rp on rp.n = p.rn
        join bench_users su on su.n = p.sn and su.k = 1 + floor(p.r_user * su.company_users)::int`,
    }),
  },
  {
    // Notes older than 30 days are purged by the retention job, so every note is recent: 0 to 2 per case.
    name: 'case notes',
    sql: () => ({
      text: `insert into case_notes (case_id, user_id, company_id, creator_name, summary, description, created_at)
        select c.id, c.submitter_user_id, c.submitter_company_id, c.engineer_first_name || ' ' || c.engineer_last_name,
          'Update ' || s.j, '<p>Collected new logs and shared them with the partner (update ' || s.j || ').</p>',
          greatest(c.created_at, now() - interval '29 days')
            + random() * (now() - greatest(c.created_at, now() - interval '29 days'))
        from cases c cross join lateral generate_series(1, c.id % 3) s(j)
        where ${BENCH_CASES}`,
    }),
  },
  {
    name: 'case responses',
    sql: () => ({
      text: `insert into case_responses (case_id, type, case_number, engineer_name, engineer_email, next_steps,
          company_id, created_at)
        select c.id, case c.status when 'rejected' then 'rejection' when 'information' then 'information-request'
            else 'approval' end,
          c.receiver_case_number, 'Receiver Engineer', 'support@' || rc.domain, 'We are looking into it.',
          c.receiver_company_id, coalesce(c.accepted_at, c.created_at + (c.updated_at - c.created_at) / 2)
        from cases c join companies rc on rc.id = c.receiver_company_id
        where ${BENCH_CASES} and c.status <> 'open'
        union all
        select c.id, 'information-response', null, c.engineer_first_name || ' ' || c.engineer_last_name,
          c.engineer_email, 'Here are the details.', c.submitter_company_id, c.updated_at
        from cases c where ${BENCH_CASES} and c.status = 'information' and c.id % 2 = 0`,
    }),
  },
  {
    // Numbered events as the api appends them: submitted, the status change, then one per note.
    name: 'case events',
    sql: () => ({
      text: `insert into case_events (case_id, seq, type, actor_user_id, actor_label, payload, created_at)
        select c.id, 1, 'submitted', c.submitter_user_id, c.engineer_first_name || ' ' || c.engineer_last_name,
          jsonb_build_object('status', 'open', 'priority', c.priority), c.created_at
        from cases c where ${BENCH_CASES}
        union all
        select c.id, 2, case c.status when 'information' then 'information_requested' else c.status end, null,
          'Receiver Engineer', jsonb_build_object('status', c.status), coalesce(c.accepted_at, c.updated_at)
        from cases c where ${BENCH_CASES} and c.status <> 'open'
        union all
        select n.case_id, 1 + (c.status <> 'open')::int + row_number() over (partition by n.case_id order by n.id),
          'note_added', n.user_id, n.creator_name, jsonb_build_object('summary', n.summary), n.created_at
        from case_notes n join cases c on c.id = n.case_id where ${BENCH_CASES}`,
    }),
  },
  {
    name: 'case event counters',
    sql: () => ({
      text: `update cases c set event_seq = e.last_seq
        from (select case_id, max(seq) as last_seq from case_events group by case_id) e
        where e.case_id = c.id and ${BENCH_CASES}`,
    }),
  },
];

/** First day of the login events made for the exports benchmark: far before anything the demo seed makes. */
export const EXPORT_ROWS_FIRST_DAY = '2001-01-01';
/** The exports benchmark's login events are spread evenly over this many days (one day holds a tenth). */
export const EXPORT_ROWS_DAYS = 10;

/**
 * `rows` login events of the generated users in EXPORT_ROWS_DAYS days from EXPORT_ROWS_FIRST_DAY (replacing any made
 * before), for the user_logins export of the exports benchmark: one day is a tenth of them, all days all of them.
 */
export function exportRowsSql(rows) {
  const perDay = Math.ceil(int(rows) / EXPORT_ROWS_DAYS);
  const first = `timestamptz '${EXPORT_ROWS_FIRST_DAY} 00:00:00+00'`;
  return [
    {
      text: `delete from login_events where created_at >= ${first}
        and created_at < ${first} + interval '${EXPORT_ROWS_DAYS} days'`,
    },
    {
      text: `with bench_users as (
          select array_agg(id order by id) as ids from users where email like 'user%@bench-%.test')
        insert into login_events (user_id, ip, created_at)
        select u.ids[1 + g % cardinality(u.ids)], '10.' || (g % 250) || '.' || (g / 250 % 250) || '.1',
          ${first} + make_interval(days => g / ${perDay}, secs => (g % ${perDay}) * ${86_000 / perDay})
        from generate_series(0, ${rows - 1}) g, bench_users u`,
    },
  ];
}
