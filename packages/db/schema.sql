-- The schema a fresh install's migrations make, as PostgreSQL describes it: do not edit.
-- Written by `pnpm --filter @vsi/db schema`; test/schema.test.ts fails while it is out of date.

CREATE EXTENSION fuzzystrmatch;

CREATE TABLE answer_figures (
    visit_id integer NOT NULL,
    question_id integer NOT NULL,
    visitor_key bytea,
    location_id integer NOT NULL,
    program_id integer NOT NULL,
    time_in timestamp with time zone NOT NULL,
    buckets text[] NOT NULL,
    number numeric,
    CONSTRAINT answer_figures_pkey PRIMARY KEY (visit_id, question_id),
    CONSTRAINT answer_figures_visit_id_fkey FOREIGN KEY (visit_id) REFERENCES visits(id) ON DELETE CASCADE
);

CREATE TABLE api_tokens (
    id integer DEFAULT nextval('api_tokens_id_seq'::regclass) NOT NULL,
    user_id integer NOT NULL,
    name text NOT NULL,
    token_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_used_at timestamp with time zone,
    revoked_at timestamp with time zone,
    CONSTRAINT api_tokens_pkey PRIMARY KEY (id),
    CONSTRAINT api_tokens_token_hash_key UNIQUE (token_hash),
    CONSTRAINT api_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

CREATE TABLE audit_log (
    id integer DEFAULT nextval('audit_log_id_seq'::regclass) NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    actor text NOT NULL,
    user_id integer,
    tablet_id integer,
    action text NOT NULL,
    subject_type text,
    subject_id integer,
    location_id integer,
    details jsonb DEFAULT '{}'::jsonb NOT NULL,
    CONSTRAINT audit_log_actor_check CHECK ((actor = ANY (ARRAY['user'::text, 'tablet'::text, 'system'::text]))),
    CONSTRAINT audit_log_pkey PRIMARY KEY (at, id)
);

CREATE UNLOGGED TABLE change_feed (
    xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    written_at timestamp with time zone DEFAULT now() NOT NULL,
    channel text NOT NULL,
    payload text NOT NULL
);

CREATE TABLE door_codes (
    code text NOT NULL,
    location_id integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    replaced_at timestamp with time zone,
    CONSTRAINT door_codes_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE,
    CONSTRAINT door_codes_pkey PRIMARY KEY (code)
);

CREATE TABLE door_visits (
    token_hash text NOT NULL,
    visit_id integer NOT NULL,
    CONSTRAINT door_visits_pkey PRIMARY KEY (token_hash),
    CONSTRAINT door_visits_visit_id_fkey FOREIGN KEY (visit_id) REFERENCES visits(id) ON DELETE CASCADE,
    CONSTRAINT door_visits_visit_id_key UNIQUE (visit_id)
);

CREATE TABLE eligibility_bases (
    id integer DEFAULT nextval('eligibility_bases_id_seq'::regclass) NOT NULL,
    label jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT eligibility_bases_pkey PRIMARY KEY (id)
);

CREATE TABLE files (
    id integer DEFAULT nextval('files_id_seq'::regclass) NOT NULL,
    key text NOT NULL,
    filename text NOT NULL,
    content_type text NOT NULL,
    byte_size integer NOT NULL,
    checksum text,
    created_by_user_id integer,
    uploaded_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT files_created_by_user_id_fkey FOREIGN KEY (created_by_user_id) REFERENCES users(id) ON DELETE SET NULL,
    CONSTRAINT files_key_key UNIQUE (key),
    CONSTRAINT files_pkey PRIMARY KEY (id)
);

CREATE TABLE household_members (
    id integer DEFAULT nextval('household_members_id_seq'::regclass) NOT NULL,
    household_id integer NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    phone_number text,
    birth_date date,
    relationship text,
    erased_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT household_members_household_id_fkey FOREIGN KEY (household_id) REFERENCES households(id) ON DELETE CASCADE,
    CONSTRAINT household_members_pkey PRIMARY KEY (id)
);

CREATE TABLE households (
    id integer DEFAULT nextval('households_id_seq'::regclass) NOT NULL,
    address_line1 text DEFAULT ''::text NOT NULL,
    zip text DEFAULT ''::text NOT NULL,
    size integer NOT NULL,
    eligibility_basis_id integer,
    certified_at timestamp with time zone,
    erased_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT households_eligibility_basis_id_fkey FOREIGN KEY (eligibility_basis_id) REFERENCES eligibility_bases(id),
    CONSTRAINT households_pkey PRIMARY KEY (id),
    CONSTRAINT households_size_check CHECK (((size >= 1) AND (size <= 50)))
);

CREATE TABLE invites (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    first_name text NOT NULL,
    last_name text DEFAULT ''::text NOT NULL,
    email text NOT NULL,
    message text DEFAULT ''::text NOT NULL,
    created_by_user_id integer,
    accepted_by_user_id integer,
    revoked_by_user_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    accepted_at timestamp with time zone,
    revoked_at timestamp with time zone,
    language text,
    access jsonb,
    CONSTRAINT invites_accepted_by_user_id_fkey FOREIGN KEY (accepted_by_user_id) REFERENCES users(id) ON DELETE SET NULL,
    CONSTRAINT invites_created_by_user_id_fkey FOREIGN KEY (created_by_user_id) REFERENCES users(id) ON DELETE SET NULL,
    CONSTRAINT invites_language_check CHECK ((language = ANY (ARRAY['en'::text, 'es'::text]))),
    CONSTRAINT invites_pkey PRIMARY KEY (id),
    CONSTRAINT invites_revoked_by_user_id_fkey FOREIGN KEY (revoked_by_user_id) REFERENCES users(id) ON DELETE SET NULL
);

CREATE TABLE label_prints (
    visit_id integer NOT NULL,
    state text NOT NULL,
    attempt integer DEFAULT 1 NOT NULL,
    error text,
    requested_at timestamp with time zone NOT NULL,
    finished_at timestamp with time zone,
    CONSTRAINT label_prints_pkey PRIMARY KEY (visit_id),
    CONSTRAINT label_prints_state_check CHECK ((state = ANY (ARRAY['sending'::text, 'printed'::text, 'failed'::text]))),
    CONSTRAINT label_prints_visit_id_fkey FOREIGN KEY (visit_id) REFERENCES visits(id) ON DELETE CASCADE
);

CREATE TABLE location_access (
    user_id integer NOT NULL,
    location_id integer NOT NULL,
    role text NOT NULL,
    CONSTRAINT location_access_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE,
    CONSTRAINT location_access_pkey PRIMARY KEY (user_id, location_id),
    CONSTRAINT location_access_role_check CHECK ((role = ANY (ARRAY['staff'::text, 'admin'::text]))),
    CONSTRAINT location_access_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

CREATE TABLE location_labels (
    location_id integer NOT NULL,
    size text DEFAULT '62x29mm'::text NOT NULL,
    printer_kind text,
    printer_host text,
    printer_port integer,
    CONSTRAINT location_labels_check CHECK ((((printer_kind IS NULL) = (printer_host IS NULL)) AND ((printer_host IS NULL) = (printer_port IS NULL)))),
    CONSTRAINT location_labels_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE,
    CONSTRAINT location_labels_pkey PRIMARY KEY (location_id),
    CONSTRAINT location_labels_printer_kind_check CHECK ((printer_kind = 'zpl'::text)),
    CONSTRAINT location_labels_printer_port_check CHECK (((printer_port >= 1) AND (printer_port <= 65535))),
    CONSTRAINT location_labels_size_check CHECK ((size = ANY (ARRAY['62x29mm'::text, '2.25x1.25in'::text, 'letter'::text])))
);

CREATE TABLE location_programs (
    location_id integer NOT NULL,
    program_id integer NOT NULL,
    "position" integer NOT NULL,
    CONSTRAINT location_programs_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE,
    CONSTRAINT location_programs_location_position_key UNIQUE (location_id, "position"),
    CONSTRAINT location_programs_pkey PRIMARY KEY (location_id, program_id),
    CONSTRAINT location_programs_program_id_fkey FOREIGN KEY (program_id) REFERENCES programs(id) ON DELETE CASCADE
);

CREATE TABLE locations (
    id integer DEFAULT nextval('locations_id_seq'::regclass) NOT NULL,
    name text NOT NULL,
    address text DEFAULT ''::text NOT NULL,
    archived_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    time_zone text DEFAULT 'America/Los_Angeles'::text NOT NULL,
    auto_sign_out_time time without time zone,
    max_stay_minutes integer,
    temperature_unit text DEFAULT 'F'::text NOT NULL,
    logo_file_id integer,
    idle_reset_seconds integer DEFAULT 60 NOT NULL,
    confirmation_seconds integer DEFAULT 3 NOT NULL,
    send_timeout_seconds integer DEFAULT 5 NOT NULL,
    asks_temperature boolean DEFAULT false NOT NULL,
    self_sign_in boolean DEFAULT false NOT NULL,
    queue text DEFAULT 'off'::text NOT NULL,
    lottery_at time without time zone,
    CONSTRAINT locations_confirmation_seconds_check CHECK ((confirmation_seconds > 0)),
    CONSTRAINT locations_idle_reset_seconds_check CHECK ((idle_reset_seconds > 0)),
    CONSTRAINT locations_logo_file_id_fkey FOREIGN KEY (logo_file_id) REFERENCES files(id) ON DELETE SET NULL,
    CONSTRAINT locations_max_stay_minutes_check CHECK ((max_stay_minutes > 0)),
    CONSTRAINT locations_pkey PRIMARY KEY (id),
    CONSTRAINT locations_queue_check CHECK ((queue = ANY (ARRAY['off'::text, 'arrival'::text, 'lottery'::text]))),
    CONSTRAINT locations_send_timeout_seconds_check CHECK ((send_timeout_seconds > 0)),
    CONSTRAINT locations_temperature_unit_check CHECK ((temperature_unit = ANY (ARRAY['F'::text, 'C'::text])))
);

CREATE TABLE password_resets (
    id integer DEFAULT nextval('password_resets_id_seq'::regclass) NOT NULL,
    user_id integer NOT NULL,
    token_hash text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT password_resets_pkey PRIMARY KEY (id),
    CONSTRAINT password_resets_token_hash_key UNIQUE (token_hash),
    CONSTRAINT password_resets_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

CREATE TABLE programs (
    id integer DEFAULT nextval('programs_id_seq'::regclass) NOT NULL,
    name text NOT NULL,
    archived_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    name_es text,
    signs_in_household boolean DEFAULT false NOT NULL,
    visit_limit jsonb,
    asks_signature boolean DEFAULT false NOT NULL,
    location_id integer,
    own_queue boolean DEFAULT false NOT NULL,
    CONSTRAINT programs_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE,
    CONSTRAINT programs_pkey PRIMARY KEY (id)
);

CREATE TABLE questions (
    id integer DEFAULT nextval('questions_id_seq'::regclass) NOT NULL,
    kind text NOT NULL,
    label jsonb NOT NULL,
    help jsonb DEFAULT '{"en": "", "es": ""}'::jsonb NOT NULL,
    required boolean DEFAULT false NOT NULL,
    choices jsonb DEFAULT '[]'::jsonb NOT NULL,
    min double precision,
    max double precision,
    program_ids jsonb DEFAULT '[]'::jsonb NOT NULL,
    ask_every text DEFAULT 'visit'::text NOT NULL,
    reask_after_months integer,
    "position" integer NOT NULL,
    retired_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    revision bigint DEFAULT nextval('questions_revision_seq'::regclass) NOT NULL,
    location_id integer,
    CONSTRAINT questions_ask_every_check CHECK ((ask_every = ANY (ARRAY['visit'::text, 'visitor'::text]))),
    CONSTRAINT questions_kind_check CHECK ((kind = ANY (ARRAY['text'::text, 'number'::text, 'yesno'::text, 'choice'::text, 'choices'::text, 'date'::text, 'zip'::text, 'consent'::text]))),
    CONSTRAINT questions_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE,
    CONSTRAINT questions_pkey PRIMARY KEY (id)
);

CREATE TABLE queue_days (
    location_id integer NOT NULL,
    day date NOT NULL,
    last_number integer NOT NULL,
    line integer DEFAULT 0 NOT NULL,
    CONSTRAINT queue_days_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE,
    CONSTRAINT queue_days_pkey PRIMARY KEY (location_id, day, line)
);

CREATE TABLE queue_draws (
    location_id integer NOT NULL,
    day date NOT NULL,
    seed text NOT NULL,
    visit_ids integer[] NOT NULL,
    drawn_at timestamp with time zone NOT NULL,
    CONSTRAINT queue_draws_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE,
    CONSTRAINT queue_draws_pkey PRIMARY KEY (location_id, day)
);

CREATE TABLE queue_screens (
    code text NOT NULL,
    location_id integer NOT NULL,
    created_at timestamp with time zone NOT NULL,
    CONSTRAINT queue_screens_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE,
    CONSTRAINT queue_screens_pkey PRIMARY KEY (code)
);

CREATE TABLE rate_limits (
    key text NOT NULL,
    hits integer NOT NULL,
    reset_at timestamp with time zone NOT NULL,
    CONSTRAINT rate_limits_pkey PRIMARY KEY (key)
);

CREATE TABLE report_presets (
    id integer DEFAULT nextval('report_presets_id_seq'::regclass) NOT NULL,
    name text NOT NULL,
    age_bands text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT report_presets_pkey PRIMARY KEY (id)
);

CREATE TABLE roll_call_marks (
    id integer DEFAULT nextval('roll_call_marks_id_seq'::regclass) NOT NULL,
    roll_call_id integer NOT NULL,
    person_id integer NOT NULL,
    safe boolean NOT NULL,
    marked_at timestamp with time zone NOT NULL,
    marked_by integer,
    device text,
    received_at timestamp with time zone NOT NULL,
    CONSTRAINT roll_call_marks_marked_by_fkey FOREIGN KEY (marked_by) REFERENCES users(id) ON DELETE SET NULL,
    CONSTRAINT roll_call_marks_person_id_fkey FOREIGN KEY (person_id) REFERENCES roll_call_people(id) ON DELETE CASCADE,
    CONSTRAINT roll_call_marks_pkey PRIMARY KEY (id),
    CONSTRAINT roll_call_marks_roll_call_id_fkey FOREIGN KEY (roll_call_id) REFERENCES roll_calls(id) ON DELETE CASCADE
);

CREATE TABLE roll_call_people (
    id integer DEFAULT nextval('roll_call_people_id_seq'::regclass) NOT NULL,
    roll_call_id integer NOT NULL,
    visit_id integer,
    name text NOT NULL,
    program text,
    erased_at timestamp with time zone,
    CONSTRAINT roll_call_people_pkey PRIMARY KEY (id),
    CONSTRAINT roll_call_people_roll_call_id_fkey FOREIGN KEY (roll_call_id) REFERENCES roll_calls(id) ON DELETE CASCADE,
    CONSTRAINT roll_call_people_visit_id_fkey FOREIGN KEY (visit_id) REFERENCES visits(id) ON DELETE SET NULL
);

CREATE TABLE roll_calls (
    id integer DEFAULT nextval('roll_calls_id_seq'::regclass) NOT NULL,
    location_id integer NOT NULL,
    drill boolean DEFAULT false NOT NULL,
    started_at timestamp with time zone NOT NULL,
    started_by integer,
    ended_at timestamp with time zone,
    ended_by integer,
    CONSTRAINT roll_calls_ended_by_fkey FOREIGN KEY (ended_by) REFERENCES users(id) ON DELETE SET NULL,
    CONSTRAINT roll_calls_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE,
    CONSTRAINT roll_calls_pkey PRIMARY KEY (id),
    CONSTRAINT roll_calls_started_by_fkey FOREIGN KEY (started_by) REFERENCES users(id) ON DELETE SET NULL
);

CREATE TABLE sessions (
    id text NOT NULL,
    user_id integer NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT sessions_pkey PRIMARY KEY (id),
    CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

CREATE TABLE settings (
    id integer DEFAULT 1 NOT NULL,
    erase_after_days integer,
    retention_ran_at timestamp with time zone,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    visitor_key_inner bytea,
    visitor_key_outer bytea,
    retention_chosen_at timestamp with time zone,
    setup_dismissed_at timestamp with time zone,
    demo_password_hash text,
    fiscal_year_start_month smallint DEFAULT 1 NOT NULL,
    retention_rule text DEFAULT 'days'::text NOT NULL,
    CONSTRAINT settings_erase_after_days_check CHECK (((erase_after_days >= 1) AND (erase_after_days <= 36500))),
    CONSTRAINT settings_fiscal_year_start_month_check CHECK (((fiscal_year_start_month >= 1) AND (fiscal_year_start_month <= 12))),
    CONSTRAINT settings_one_row_check CHECK ((id = 1)),
    CONSTRAINT settings_pkey PRIMARY KEY (id),
    CONSTRAINT settings_retention_rule_check CHECK ((retention_rule = ANY (ARRAY['days'::text, 'federal_fiscal_year'::text]))),
    CONSTRAINT settings_retention_rule_days CHECK (((retention_rule = 'days'::text) OR (erase_after_days IS NULL)))
);

CREATE TABLE staff_alert_subscriptions (
    user_id integer NOT NULL,
    location_id integer NOT NULL,
    program_id integer NOT NULL,
    CONSTRAINT staff_alert_subscriptions_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE,
    CONSTRAINT staff_alert_subscriptions_pkey PRIMARY KEY (location_id, program_id, user_id),
    CONSTRAINT staff_alert_subscriptions_program_id_fkey FOREIGN KEY (program_id) REFERENCES programs(id) ON DELETE CASCADE,
    CONSTRAINT staff_alert_subscriptions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

CREATE TABLE staff_alerts (
    id bigint DEFAULT nextval('staff_alerts_id_seq'::regclass) NOT NULL,
    event_id bigint NOT NULL,
    user_id integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    locked_until timestamp with time zone,
    CONSTRAINT staff_alerts_event_id_fkey FOREIGN KEY (event_id) REFERENCES webhook_events(id) ON DELETE CASCADE,
    CONSTRAINT staff_alerts_pkey PRIMARY KEY (id),
    CONSTRAINT staff_alerts_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

CREATE TABLE staff_daily_summaries (
    user_id integer NOT NULL,
    time_zone text NOT NULL,
    day date NOT NULL,
    locked_until timestamp with time zone,
    done_at timestamp with time zone,
    visits integer,
    CONSTRAINT staff_daily_summaries_pkey PRIMARY KEY (user_id, time_zone, day),
    CONSTRAINT staff_daily_summaries_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);

CREATE TABLE tablets (
    id integer DEFAULT nextval('tablets_id_seq'::regclass) NOT NULL,
    location_id integer NOT NULL,
    token_hash text NOT NULL,
    created_by_user_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_seen_at timestamp with time zone,
    revoked_at timestamp with time zone,
    CONSTRAINT tablets_created_by_user_id_fkey FOREIGN KEY (created_by_user_id) REFERENCES users(id) ON DELETE SET NULL,
    CONSTRAINT tablets_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE,
    CONSTRAINT tablets_pkey PRIMARY KEY (id),
    CONSTRAINT tablets_token_hash_key UNIQUE (token_hash)
);

CREATE TABLE users (
    id integer DEFAULT nextval('users_id_seq'::regclass) NOT NULL,
    first_name text NOT NULL,
    last_name text DEFAULT ''::text NOT NULL,
    email text NOT NULL,
    password_hash text NOT NULL,
    picture_file_id integer,
    is_admin boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    deactivated_at timestamp with time zone,
    language text,
    daily_summary boolean DEFAULT false NOT NULL,
    staff_of_every_location boolean DEFAULT true NOT NULL,
    CONSTRAINT users_language_check CHECK ((language = ANY (ARRAY['en'::text, 'es'::text]))),
    CONSTRAINT users_picture_file_id_fkey FOREIGN KEY (picture_file_id) REFERENCES files(id) ON DELETE SET NULL,
    CONSTRAINT users_pkey PRIMARY KEY (id)
);

CREATE TABLE visit_signatures (
    visit_id integer NOT NULL,
    content_type text NOT NULL,
    image bytea NOT NULL,
    CONSTRAINT visit_signatures_content_type_check CHECK ((content_type = ANY (ARRAY['image/png'::text, 'image/svg+xml'::text]))),
    CONSTRAINT visit_signatures_pkey PRIMARY KEY (visit_id),
    CONSTRAINT visit_signatures_visit_id_fkey FOREIGN KEY (visit_id) REFERENCES visits(id) ON DELETE CASCADE
);

CREATE TABLE visits (
    id integer DEFAULT nextval('visits_id_seq'::regclass) NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    phone_number character varying(10) NOT NULL,
    temperature text,
    time_in timestamp with time zone DEFAULT now() NOT NULL,
    time_out timestamp with time zone,
    location_id integer NOT NULL,
    program_id integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    signed_out_by text,
    erased_at timestamp with time zone,
    visitor_key bytea,
    answers jsonb DEFAULT '{}'::jsonb NOT NULL,
    signed_in_from text DEFAULT 'staff'::text NOT NULL,
    unproven boolean DEFAULT false NOT NULL,
    idempotency_key bytea,
    household_id integer,
    party_size smallint DEFAULT 1 NOT NULL,
    household_member_ids integer[],
    eligibility text,
    eligibility_reason text,
    eligibility_decided_by integer,
    eligibility_decided_at timestamp with time zone,
    queue_number integer,
    queue_place integer,
    called_at timestamp with time zone,
    called_to text,
    served_at timestamp with time zone,
    no_show_at timestamp with time zone,
    signed text,
    queue_line integer,
    CONSTRAINT visits_eligibility_check CHECK ((eligibility = ANY (ARRAY['waiting'::text, 'approved'::text, 'declined'::text]))),
    CONSTRAINT visits_eligibility_decided_by_fkey FOREIGN KEY (eligibility_decided_by) REFERENCES users(id) ON DELETE SET NULL,
    CONSTRAINT visits_household_id_fkey FOREIGN KEY (household_id) REFERENCES households(id) ON DELETE SET NULL,
    CONSTRAINT visits_party_size_check CHECK (((party_size >= 1) AND (party_size <= 50))),
    CONSTRAINT visits_pkey PRIMARY KEY (id),
    CONSTRAINT visits_signed_check CHECK ((signed = ANY (ARRAY['yes'::text, 'declined'::text]))),
    CONSTRAINT visits_signed_in_from_check CHECK ((signed_in_from = ANY (ARRAY['tablet'::text, 'phone'::text, 'staff'::text]))),
    CONSTRAINT visits_signed_out_by_check CHECK ((signed_out_by = ANY (ARRAY['visitor'::text, 'staff'::text, 'auto'::text]))),
    CONSTRAINT visits_signed_out_by_closed_check CHECK (((signed_out_by IS NULL) OR (time_out IS NOT NULL)))
);

CREATE TABLE webhook_attempts (
    id bigint DEFAULT nextval('webhook_attempts_id_seq'::regclass) NOT NULL,
    delivery_id bigint NOT NULL,
    endpoint_id integer NOT NULL,
    attempt integer NOT NULL,
    at timestamp with time zone NOT NULL,
    status integer,
    duration_ms integer NOT NULL,
    response text NOT NULL,
    CONSTRAINT webhook_attempts_delivery_id_fkey FOREIGN KEY (delivery_id) REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
    CONSTRAINT webhook_attempts_endpoint_id_fkey FOREIGN KEY (endpoint_id) REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
    CONSTRAINT webhook_attempts_pkey PRIMARY KEY (id)
);

CREATE TABLE webhook_deliveries (
    id bigint DEFAULT nextval('webhook_deliveries_id_seq'::regclass) NOT NULL,
    event_id bigint NOT NULL,
    endpoint_id integer NOT NULL,
    state text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    locked_until timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    finished_at timestamp with time zone,
    CONSTRAINT webhook_deliveries_event_id_fkey FOREIGN KEY (event_id) REFERENCES webhook_events(id) ON DELETE CASCADE,
    CONSTRAINT webhook_deliveries_pkey PRIMARY KEY (id),
    CONSTRAINT webhook_deliveries_state_check CHECK ((state = ANY (ARRAY['pending'::text, 'delivered'::text, 'failed'::text])))
);

CREATE TABLE webhook_endpoints (
    id integer DEFAULT nextval('webhook_endpoints_id_seq'::regclass) NOT NULL,
    url text NOT NULL,
    events jsonb NOT NULL,
    location_ids jsonb DEFAULT '[]'::jsonb NOT NULL,
    include_personal_details boolean DEFAULT false NOT NULL,
    enabled boolean DEFAULT true NOT NULL,
    secret text NOT NULL,
    failing_since timestamp with time zone,
    paused_for_failures_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    retry_after timestamp with time zone,
    location_id integer,
    CONSTRAINT webhook_endpoints_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE,
    CONSTRAINT webhook_endpoints_pkey PRIMARY KEY (id)
);

CREATE TABLE webhook_events (
    id bigint DEFAULT nextval('webhook_events_id_seq'::regclass) NOT NULL,
    message_id text NOT NULL,
    type text NOT NULL,
    visit_id integer,
    location_id integer,
    data jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT webhook_events_pkey PRIMARY KEY (id)
);

CREATE TABLE webhook_fan_outs (
    event_id bigint NOT NULL,
    CONSTRAINT webhook_fan_outs_pkey PRIMARY KEY (event_id)
);

CREATE SEQUENCE api_tokens_id_seq AS integer OWNED BY api_tokens.id;

CREATE SEQUENCE audit_log_id_seq AS integer OWNED BY audit_log.id;

CREATE SEQUENCE eligibility_bases_id_seq AS integer OWNED BY eligibility_bases.id;

CREATE SEQUENCE files_id_seq AS integer OWNED BY files.id;

CREATE SEQUENCE household_members_id_seq AS integer OWNED BY household_members.id;

CREATE SEQUENCE households_id_seq AS integer OWNED BY households.id;

CREATE SEQUENCE locations_id_seq AS integer OWNED BY locations.id;

CREATE SEQUENCE password_resets_id_seq AS integer OWNED BY password_resets.id;

CREATE SEQUENCE programs_id_seq AS integer OWNED BY programs.id;

CREATE SEQUENCE questions_id_seq AS integer OWNED BY questions.id;

CREATE SEQUENCE questions_revision_seq AS bigint;

CREATE SEQUENCE report_presets_id_seq AS integer OWNED BY report_presets.id;

CREATE SEQUENCE roll_call_marks_id_seq AS integer OWNED BY roll_call_marks.id;

CREATE SEQUENCE roll_call_people_id_seq AS integer OWNED BY roll_call_people.id;

CREATE SEQUENCE roll_calls_id_seq AS integer OWNED BY roll_calls.id;

CREATE SEQUENCE staff_alerts_id_seq AS bigint OWNED BY staff_alerts.id;

CREATE SEQUENCE tablets_id_seq AS integer OWNED BY tablets.id;

CREATE SEQUENCE users_id_seq AS integer OWNED BY users.id;

CREATE SEQUENCE visits_id_seq AS integer OWNED BY visits.id;

CREATE SEQUENCE webhook_attempts_id_seq AS bigint OWNED BY webhook_attempts.id;

CREATE SEQUENCE webhook_deliveries_id_seq AS bigint OWNED BY webhook_deliveries.id;

CREATE SEQUENCE webhook_endpoints_id_seq AS integer OWNED BY webhook_endpoints.id;

CREATE SEQUENCE webhook_events_id_seq AS bigint OWNED BY webhook_events.id;

CREATE INDEX answer_figures_location_time_in_idx ON public.answer_figures USING btree (location_id, time_in) INCLUDE (visitor_key, question_id, program_id, buckets, number);

CREATE INDEX answer_figures_time_in_idx ON public.answer_figures USING btree (time_in) INCLUDE (visitor_key, question_id, location_id, program_id, buckets, number);

CREATE INDEX api_tokens_user_id_idx ON public.api_tokens USING btree (user_id);

CREATE INDEX audit_log_action_at_idx ON public.audit_log USING btree (action, at, id) WHERE (action <> 'visit.sign_in'::text);

CREATE INDEX audit_log_location_at_idx ON public.audit_log USING btree (location_id, at, id) WHERE (action <> 'visit.sign_in'::text);

CREATE UNIQUE INDEX audit_log_lookup_day_idx ON public.audit_log USING btree (tablet_id, ((details ->> 'day'::text))) WHERE (action = 'visitor.lookup'::text);

CREATE INDEX audit_log_user_at_idx ON public.audit_log USING btree (user_id, at, id) WHERE (user_id IS NOT NULL);

CREATE INDEX change_feed_xid_idx ON public.change_feed USING btree (xid);

CREATE UNIQUE INDEX door_codes_current_idx ON public.door_codes USING btree (location_id) WHERE (replaced_at IS NULL);

CREATE INDEX household_members_household_idx ON public.household_members USING btree (household_id);

CREATE UNIQUE INDEX household_members_phone_idx ON public.household_members USING btree (phone_number) WHERE (phone_number IS NOT NULL);

CREATE INDEX invites_pending_idx ON public.invites USING btree (updated_at DESC) WHERE ((accepted_at IS NULL) AND (revoked_at IS NULL));

CREATE INDEX location_access_location_id_idx ON public.location_access USING btree (location_id);

CREATE INDEX location_programs_program_id_idx ON public.location_programs USING btree (program_id);

CREATE INDEX programs_location_id_idx ON public.programs USING btree (location_id) WHERE (location_id IS NOT NULL);

CREATE INDEX questions_live_position_idx ON public.questions USING btree ("position") WHERE (retired_at IS NULL);

CREATE UNIQUE INDEX report_presets_name_key ON public.report_presets USING btree (lower(name));

CREATE INDEX roll_call_marks_person_idx ON public.roll_call_marks USING btree (person_id, marked_at, id);

CREATE INDEX roll_call_people_roll_call_idx ON public.roll_call_people USING btree (roll_call_id);

CREATE INDEX roll_calls_location_idx ON public.roll_calls USING btree (location_id, started_at);

CREATE UNIQUE INDEX roll_calls_open_idx ON public.roll_calls USING btree (location_id) WHERE (ended_at IS NULL);

CREATE INDEX sessions_user_id_idx ON public.sessions USING btree (user_id);

CREATE INDEX staff_alert_subscriptions_user_idx ON public.staff_alert_subscriptions USING btree (user_id);

CREATE INDEX staff_alerts_user_idx ON public.staff_alerts USING btree (user_id, created_at);

CREATE INDEX tablets_location_id_idx ON public.tablets USING btree (location_id);

CREATE UNIQUE INDEX users_email_lower_key ON public.users USING btree (lower(email));

CREATE INDEX visits_household_idx ON public.visits USING btree (household_id, time_in) INCLUDE (location_id, program_id) WHERE (household_id IS NOT NULL);

CREATE INDEX visits_location_time_in_idx ON public.visits USING btree (location_id, time_in) INCLUDE (program_id, time_out, visitor_key, household_id, party_size, household_member_ids) WITH (fillfactor='100');

CREATE UNIQUE INDEX visits_one_open_idx ON public.visits USING btree (location_id, program_id, phone_number, (
CASE
    WHEN unproven THEN id
    ELSE 0
END)) WHERE (time_out IS NULL);

CREATE INDEX visits_phone_idx ON public.visits USING btree (phone_number);

CREATE INDEX visits_queue_idx ON public.visits USING btree (location_id, time_in) WHERE ((queue_number IS NOT NULL) AND (served_at IS NULL) AND (no_show_at IS NULL));

CREATE INDEX visits_time_in_idx ON public.visits USING btree (time_in, id) INCLUDE (location_id, program_id, time_out, visitor_key, household_id, party_size, household_member_ids) WITH (fillfactor='100');

CREATE INDEX webhook_attempts_endpoint_idx ON public.webhook_attempts USING btree (endpoint_id, at, id);

CREATE INDEX webhook_deliveries_endpoint_due_idx ON public.webhook_deliveries USING btree (endpoint_id, next_attempt_at, id) WHERE (state = 'pending'::text);

CREATE INDEX webhook_deliveries_event_idx ON public.webhook_deliveries USING btree (event_id);

CREATE INDEX webhook_events_test_idx ON public.webhook_events USING btree (id) WHERE (type = 'webhook.test'::text);

CREATE INDEX webhook_events_visit_idx ON public.webhook_events USING btree (visit_id);

CREATE VIEW roll_call_states AS
 SELECT p.id,
    p.roll_call_id,
    p.visit_id,
    p.name,
    p.program,
    p.erased_at,
    COALESCE(latest.safe, false) AS safe,
    latest.marked_at,
    latest.marked_by
   FROM roll_call_people p
     LEFT JOIN LATERAL ( SELECT m.safe,
            m.marked_at,
            m.marked_by
           FROM roll_call_marks m
          WHERE m.person_id = p.id
          ORDER BY m.marked_at DESC, m.id DESC
         LIMIT 1) latest ON true;

CREATE VIEW staff_alert_recipients AS
 SELECT 'visit.signed_in'::text AS event_type,
    s.location_id,
    s.program_id,
    s.user_id
   FROM staff_alert_subscriptions s
     JOIN users u ON u.id = s.user_id
  WHERE u.deactivated_at IS NULL AND (u.is_admin OR u.staff_of_every_location OR (EXISTS ( SELECT 1
           FROM location_access a
          WHERE a.user_id = s.user_id AND a.location_id = s.location_id)));

CREATE OR REPLACE FUNCTION public.answer_figure_rows(given_answers jsonb, at_location integer, at_time timestamp with time zone)
 RETURNS TABLE(question_id integer, buckets text[], number numeric)
 LANGUAGE sql
 STABLE
AS $function$
      select asked.id,
        case when asked.kind = 'choices' then
          case when jsonb_typeof(given.value -> 'value') = 'array'
            then array(select jsonb_array_elements_text(given.value -> 'value')) else '{}' end
        else array[case
          when asked.kind in ('choice', 'yesno', 'consent') then given.value #>> '{value}'
          when asked.kind = 'zip' then left(given.value #>> '{value}', 5)
          when asked.kind = 'date' then coalesce(given.value ->> 'age',
            case when given.value ->> 'value' ~ '^\d{4}-\d{2}-\d{2}$' then
              floor((to_char((at_time at time zone place.time_zone)::date, 'YYYYMMDD')::int
                - replace(given.value ->> 'value', '-', '')::int) / 10000.0)::int::text end)
        end] end,
        case when asked.kind = 'number' and jsonb_typeof(given.value -> 'value') = 'number'
          then (given.value #>> '{value}')::numeric end
      from jsonb_each(given_answers) given
      join questions asked on asked.id::text = given.key
      cross join (select time_zone from locations where id = at_location) place
    $function$;

CREATE OR REPLACE FUNCTION public.household_lock(household integer)
 RETURNS void
 LANGUAGE sql
AS $function$
      select pg_advisory_xact_lock(45, household)
    $function$;

CREATE OR REPLACE FUNCTION public.household_visits_past_limit(program integer, household integer, location integer, visit_at timestamp with time zone)
 RETURNS boolean
 LANGUAGE plpgsql
AS $function$
    declare
      visit_limit jsonb;
      local_zone text;
      local_start timestamp;
      counted integer;
    begin
      if household is null then
        return false;
      end if;
      select p.visit_limit into visit_limit from programs p where p.id = program;
      if visit_limit is null then
        return false;
      end if;
      perform household_lock(household);
      select l.time_zone into local_zone from locations l where l.id = location;
      local_start := date_trunc(case when visit_limit->>'per' = 'week' then 'week' else 'month' end,
        visit_at at time zone local_zone);
      select count(*) into counted from visits v
        where v.household_id = household and v.program_id = program
          and (v.eligibility is null or v.eligibility = 'approved')
          and (coalesce((visit_limit->>'acrossLocations')::boolean, false) or v.location_id = location)
          and case when visit_limit->>'per' = 'days' then
              v.time_in > visit_at - make_interval(days => (visit_limit->>'days')::int)
              and v.time_in < visit_at + make_interval(days => (visit_limit->>'days')::int)
            else v.time_in >= local_start at time zone local_zone
              and v.time_in < (local_start + case when visit_limit->>'per' = 'week'
                then interval '7 days' else interval '1 month' end) at time zone local_zone
            end;
      return counted >= (visit_limit->>'count')::int;
    end
    $function$;

CREATE OR REPLACE FUNCTION public.location_programs_own_site()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      if exists (select 1 from programs p
                 where p.id = new.program_id and p.location_id <> new.location_id) then
        raise check_violation using constraint = 'location_programs_own_site',
          message = 'a location''s own program is offered at that location alone';
      end if;
      return new;
    end
  $function$;

CREATE OR REPLACE FUNCTION public.names_alike(a text, b text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
      select x <> '' and y <> ''
        and levenshtein(x, y) <= (least(length(x), length(y)) + 1) / 4
      from (select left(lower(regexp_replace(a, '[^[:alnum:]]', '', 'g')), 255) as x,
          left(lower(regexp_replace(b, '[^[:alnum:]]', '', 'g')), 255) as y) bare
    $function$;

CREATE OR REPLACE FUNCTION public.open_visits(location integer, program integer)
 RETURNS SETOF visits
 LANGUAGE plpgsql
 STABLE
 SET enable_bitmapscan TO 'off'
 SET enable_seqscan TO 'off'
AS $function$
    begin
      if program is null then
        return query select * from visits v where v.location_id = location and v.time_out is null;
      else
        return query select * from visits v
          where v.location_id = location and v.program_id = program and v.time_out is null;
      end if;
    end
    $function$;

CREATE OR REPLACE FUNCTION public.places_keep_visits()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      if tg_op = 'UPDATE' and new.id = old.id then
        return new;
      end if;
      -- Waits for the visits being written and holds new ones off until this ends, so that none
      -- names a place that is gone.
      lock table visits in share mode;
      if tg_table_name = 'locations' and exists (select 1 from visits where location_id = old.id) then
        raise foreign_key_violation using constraint = 'visits_location_id_fkey',
          message = 'update or delete on table "locations" violates foreign key constraint "visits_location_id_fkey" on table "visits"';
      end if;
      if tg_table_name = 'programs' and exists (select 1 from visits where program_id = old.id) then
        raise foreign_key_violation using constraint = 'visits_program_id_fkey',
          message = 'update or delete on table "programs" violates foreign key constraint "visits_program_id_fkey" on table "visits"';
      end if;
      if tg_op = 'DELETE' then
        return old;
      end if;
      return new;
    end
  $function$;

CREATE OR REPLACE FUNCTION public.questions_answer_figures()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      delete from answer_figures f using visits v
        where f.question_id = new.id and v.id = f.visit_id and v.erased_at is null;
      insert into answer_figures (visit_id, question_id, visitor_key, location_id, program_id,
                                  time_in, buckets, number)
        select v.id, f.question_id, v.visitor_key, v.location_id, v.program_id, v.time_in,
               f.buckets, f.number
        from visits v
        cross join lateral answer_figure_rows(jsonb_build_object(new.id::text, v.answers -> new.id::text),
                                              v.location_id, v.time_in) f
        where v.erased_at is null and v.answers ? new.id::text;
      return null;
    end
  $function$;

CREATE OR REPLACE FUNCTION public.queue_number_next(loc integer, at timestamp with time zone, own_line integer)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
    declare
      n integer;
    begin
      insert into queue_days as d (location_id, day, line, last_number)
        select l.id, (at at time zone l.time_zone)::date, coalesce(own_line, 0), 1 from locations l
        where l.id = loc and l.queue <> 'off'
        on conflict (location_id, day, line) do update set last_number = d.last_number + 1
        returning d.last_number into n;
      return n;
    end
  $function$;

CREATE OR REPLACE FUNCTION public.visit_change(o visits, n visits)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
    select case
      when o.erased_at is null and n.erased_at is not null then 'erased'
      when o.time_out is null and n.time_out is not null then 'signed_out'
      when o.called_at is null and n.called_at is not null then 'called'
      when o.served_at is null and n.served_at is not null then 'served'
      when (o.first_name, o.last_name, o.phone_number, o.temperature, o.time_in, o.time_out,
            o.signed_out_by, o.location_id, o.program_id, o.answers)
        is distinct from (n.first_name, n.last_name, n.phone_number, n.temperature, n.time_in,
            n.time_out, n.signed_out_by, n.location_id, n.program_id, n.answers)
        then 'updated'
      else 'unchanged'
    end
  $function$;

CREATE OR REPLACE FUNCTION public.visitor_key_of(phone text)
 RETURNS bytea
 LANGUAGE sql
 STABLE
AS $function$
    select sha256(visitor_key_outer || sha256(visitor_key_inner || convert_to(phone, 'UTF8'))) from settings
  $function$;

CREATE OR REPLACE FUNCTION public.visits_answer_figures()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      if tg_op = 'UPDATE' then
        if new.answers = '{}' and new.erased_at is not null then
          update answer_figures set visitor_key = new.visitor_key, location_id = new.location_id,
              program_id = new.program_id, time_in = new.time_in
            where visit_id = new.id and (visitor_key, location_id, program_id, time_in)
              is distinct from (new.visitor_key, new.location_id, new.program_id, new.time_in);
          return null;
        end if;
        delete from answer_figures where visit_id = new.id;
      end if;
      insert into answer_figures (visit_id, question_id, visitor_key, location_id, program_id,
                                  time_in, buckets, number)
        select new.id, f.question_id, new.visitor_key, new.location_id, new.program_id,
               new.time_in, f.buckets, f.number
        from answer_figure_rows(new.answers, new.location_id, new.time_in) f;
      return null;
    end
  $function$;

CREATE OR REPLACE FUNCTION public.visits_place_exists()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      -- Read, not locked: a place named by a visit is not deleted (places_keep_visits).
      if not exists (select 1 from locations where id = new.location_id) then
        raise foreign_key_violation using constraint = 'visits_location_id_fkey',
          message = format('insert or update on table "visits" violates foreign key constraint "visits_location_id_fkey": no location %s', new.location_id);
      end if;
      if not exists (select 1 from programs where id = new.program_id) then
        raise foreign_key_violation using constraint = 'visits_program_id_fkey',
          message = format('insert or update on table "visits" violates foreign key constraint "visits_program_id_fkey": no program %s', new.program_id);
      end if;
      return new;
    end
  $function$;

CREATE OR REPLACE FUNCTION public.visits_visitor_key()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      if new.phone_number <> '' then
        new.visitor_key := visitor_key_of(new.phone_number);
      end if;
      return new;
    end
  $function$;

CREATE OR REPLACE FUNCTION public.vsi_access_notify()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      if tg_table_name = 'tablets' then
        perform pg_notify('vsi_access', 'tablet:' || new.id);
      else
        perform pg_notify('vsi_access', 'location:' || new.id);
      end if;
      return null;
    end
    $function$;

CREATE OR REPLACE FUNCTION public.vsi_feed(channel text, payload text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
    begin
      insert into change_feed (channel, payload) values (channel, payload);
    end
  $function$;

CREATE OR REPLACE FUNCTION public.vsi_roll_calls_notify()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      if tg_table_name = 'roll_calls' then
        perform pg_notify('vsi_roll_calls', json_build_object(
          'locationId', r.location_id, 'rollCallId', r.id, 'open', r.ended_at is null)::text)
        from changed_rows r;
      else
        perform pg_notify('vsi_roll_calls', json_build_object(
          'locationId', r.location_id, 'rollCallId', r.id, 'open', r.ended_at is null)::text)
        from roll_calls r where r.id in (select roll_call_id from changed_rows);
      end if;
      return null;
    end
    $function$;

CREATE OR REPLACE FUNCTION public.vsi_user_access_notify()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      if tg_table_name = 'users' then
        perform pg_notify('vsi_access', 'user:' || new.id);
      elsif tg_op = 'DELETE' then
        perform pg_notify('vsi_access', 'user:' || old.user_id);
      else
        perform pg_notify('vsi_access', 'user:' || new.user_id);
      end if;
      return null;
    end
    $function$;

CREATE OR REPLACE FUNCTION public.vsi_visit_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    declare
      many boolean;
    begin
      -- 1. The change feed, for the live sheets and staff pages: every write, whoever listens.
      if tg_op = 'DELETE' then
        many := (select count(*) from (select 1 from old_rows limit 51) s) > 50;
      else
        many := (select count(*) from (select 1 from new_rows limit 51) s) > 50;
      end if;
      if many then
        if tg_op = 'DELETE' then
          perform vsi_feed('vsi_visits', json_build_object('locationId', l, 'kind', 'refresh')::text)
          from (select distinct location_id as l from old_rows) s;
        else
          perform vsi_feed('vsi_visits', json_build_object('locationId', l, 'kind', 'refresh')::text)
          from (select distinct location_id as l from new_rows) s;
        end if;
      elsif tg_op = 'INSERT' then
        perform vsi_feed('vsi_visits', json_build_object('locationId', location_id, 'programId', program_id, 'visitId', id, 'kind', 'in')::text)
        from new_rows;
      elsif tg_op = 'UPDATE' then
        perform vsi_feed('vsi_visits', json_build_object(
          'locationId', n.location_id, 'programId', n.program_id, 'visitId', n.id,
          'kind', case visit_change(o, n) when 'signed_out' then 'out' else 'changed' end)::text)
        from new_rows n join old_rows o on o.id = n.id;
        -- A visit moved to another location leaves the old one's sheet.
        perform vsi_feed('vsi_visits', json_build_object('locationId', o.location_id, 'programId', o.program_id, 'visitId', o.id, 'kind', 'deleted')::text)
        from new_rows n join old_rows o on o.id = n.id
        where o.location_id <> n.location_id or o.program_id <> n.program_id;
      else
        perform vsi_feed('vsi_visits', json_build_object('locationId', location_id, 'programId', program_id, 'visitId', id, 'kind', 'deleted')::text)
        from old_rows;
      end if;

      -- 2. An erased or deleted visit's details leave its earlier events (kept for their deliveries).
      -- Guarded: most updates (a sign-out) erase nothing, and need not look at the events at all.
      -- (Nested: a statement naming old_rows cannot even be planned in an INSERT's trigger.)
      if tg_op = 'UPDATE' then
        if exists (select 1 from new_rows n join old_rows o on o.id = n.id
            where visit_change(o, n) = 'erased') then
          update webhook_events ev set data = ev.data - webhook_personal_keys()
          from new_rows n join old_rows o on o.id = n.id
          where ev.visit_id = n.id and visit_change(o, n) = 'erased';
        end if;
      elsif tg_op = 'DELETE' then
        update webhook_events ev set data = ev.data - webhook_personal_keys()
        from old_rows o where ev.visit_id = o.id;
      end if;

      -- 3. The webhooks' and staff alerts' event, only when an endpoint or a subscriber wants it:
      -- a new row is a sign-in, a deleted row a deletion, an update what visit_change says it is.
      if not exists (select 1 from webhook_endpoints where enabled)
          and not exists (select 1 from staff_alert_recipients) then
        return null;
      end if;
      -- Each statement's transition tables exist only in its own kind of trigger.
      if tg_op = 'INSERT' then
        with written as (insert into webhook_events (message_id, type, visit_id, location_id, data)
        select 'msg_' || replace(gen_random_uuid()::text, '-', ''), 'visit.signed_in', v.id, v.location_id,
          webhook_visit_data(v, l.name, p.name)
        from new_rows v
        left join locations l on l.id = v.location_id
        left join programs p on p.id = v.program_id
        where exists (select 1 from webhook_endpoints e where webhook_endpoint_wants(e, 'visit.signed_in', v.location_id))
          or exists (select 1 from staff_alert_recipients r where r.event_type = 'visit.signed_in'
            and r.location_id = v.location_id and r.program_id = v.program_id)
        returning id)
        insert into webhook_fan_outs (event_id) select id from written;
      elsif tg_op = 'UPDATE' then
        if exists (select 1 from webhook_endpoints where enabled and events <> '["visit.signed_in"]')
            or exists (select 1 from staff_alert_recipients where event_type <> 'visit.signed_in') then
        with written as (insert into webhook_events (message_id, type, visit_id, location_id, data)
        select 'msg_' || replace(gen_random_uuid()::text, '-', ''), k.kind, v.id, v.location_id,
          webhook_visit_data(v, l.name, p.name)
            - case when k.kind = 'visit.deleted' then webhook_personal_keys() else '{}' end
        from new_rows v join old_rows o on o.id = v.id
        cross join lateral (select case visit_change(o, v)
            when 'erased' then 'visit.deleted'
            when 'signed_out' then 'visit.signed_out'
            when 'updated' then 'visit.updated'
            when 'called' then 'visit.called'
            when 'served' then 'visit.served'
          end::text as kind) k
        left join locations l on l.id = v.location_id
        left join programs p on p.id = v.program_id
        where k.kind is not null and (
          exists (select 1 from webhook_endpoints e where webhook_endpoint_wants(e, k.kind, v.location_id))
          or exists (select 1 from staff_alert_recipients r where r.event_type = k.kind
            and r.location_id = v.location_id and r.program_id = v.program_id))
        returning id)
        insert into webhook_fan_outs (event_id) select id from written;
        end if;
      else
        with written as (insert into webhook_events (message_id, type, visit_id, location_id, data)
        select 'msg_' || replace(gen_random_uuid()::text, '-', ''), 'visit.deleted', v.id, v.location_id,
          webhook_visit_data(v, l.name, p.name) - webhook_personal_keys()
        from old_rows v
        left join locations l on l.id = v.location_id
        left join programs p on p.id = v.program_id
        where exists (select 1 from webhook_endpoints e where webhook_endpoint_wants(e, 'visit.deleted', v.location_id))
          or exists (select 1 from staff_alert_recipients r where r.event_type = 'visit.deleted'
            and r.location_id = v.location_id and r.program_id = v.program_id)
        returning id)
        insert into webhook_fan_outs (event_id) select id from written;
      end if;
      return null;
    end
  $function$;

CREATE OR REPLACE FUNCTION public.vsi_webhook_endpoint_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      delete from webhook_deliveries d using old_rows o where d.endpoint_id = o.id;
      return null;
    end
  $function$;

CREATE OR REPLACE FUNCTION public.webhook_answer_values(answers jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
      begin
        return (select coalesce(jsonb_object_agg(a.key, a.value -> 'value'), '{}')
          from jsonb_each(answers) a);
      end
    $function$;

CREATE OR REPLACE FUNCTION public.webhook_endpoint_wants(e webhook_endpoints, event_type text, at_location integer)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
      select e.enabled and e.events @> to_jsonb(event_type)
        and (e.location_id is null or e.location_id = at_location)
        and (jsonb_array_length(e.location_ids) = 0 or e.location_ids @> to_jsonb(at_location))
    $function$;

CREATE OR REPLACE FUNCTION public.webhook_personal_keys()
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE
AS $function$
    select array['firstName', 'lastName', 'phoneNumber', 'temperature', 'answers']
  $function$;

CREATE OR REPLACE FUNCTION public.webhook_visit_data(v visits, location_name text, program_name text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
      select jsonb_build_object(
        'visitId', v.id,
        'location', jsonb_build_object('id', v.location_id, 'name', location_name),
        'program', jsonb_build_object('id', v.program_id, 'name', program_name),
        'firstName', v.first_name,
        'lastName', v.last_name,
        'phoneNumber', v.phone_number,
        'temperature', v.temperature,
        'answers', webhook_answer_values(v.answers),
        'timeIn', to_char(v.time_in at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'timeOut', to_char(v.time_out at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'signedOutBy', v.signed_out_by,
        'signedInFrom', v.signed_in_from,
        'partySize', v.party_size,
        'householdId', v.household_id)
    $function$;

CREATE TRIGGER api_tokens_notify_revoked AFTER UPDATE OF revoked_at ON public.api_tokens FOR EACH ROW WHEN (((old.revoked_at IS NULL) AND (new.revoked_at IS NOT NULL))) EXECUTE FUNCTION vsi_user_access_notify();

CREATE TRIGGER location_access_notify_removed AFTER DELETE ON public.location_access FOR EACH ROW EXECUTE FUNCTION vsi_user_access_notify();

CREATE TRIGGER location_programs_own_site BEFORE INSERT OR UPDATE ON public.location_programs FOR EACH ROW EXECUTE FUNCTION location_programs_own_site();

CREATE TRIGGER locations_keep_visits BEFORE DELETE OR UPDATE OF id ON public.locations FOR EACH ROW EXECUTE FUNCTION places_keep_visits();

CREATE TRIGGER locations_notify_archived AFTER UPDATE OF archived_at ON public.locations FOR EACH ROW WHEN (((old.archived_at IS NULL) AND (new.archived_at IS NOT NULL))) EXECUTE FUNCTION vsi_access_notify();

CREATE TRIGGER programs_keep_visits BEFORE DELETE OR UPDATE OF id ON public.programs FOR EACH ROW EXECUTE FUNCTION places_keep_visits();

CREATE TRIGGER questions_answer_figures AFTER UPDATE OF kind ON public.questions FOR EACH ROW WHEN ((old.kind IS DISTINCT FROM new.kind)) EXECUTE FUNCTION questions_answer_figures();

CREATE TRIGGER roll_call_marks_notify_insert AFTER INSERT ON public.roll_call_marks REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION vsi_roll_calls_notify();

CREATE TRIGGER roll_call_people_notify_insert AFTER INSERT ON public.roll_call_people REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION vsi_roll_calls_notify();

CREATE TRIGGER roll_call_people_notify_update AFTER UPDATE ON public.roll_call_people REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION vsi_roll_calls_notify();

CREATE TRIGGER roll_calls_notify_insert AFTER INSERT ON public.roll_calls REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION vsi_roll_calls_notify();

CREATE TRIGGER roll_calls_notify_update AFTER UPDATE ON public.roll_calls REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION vsi_roll_calls_notify();

CREATE TRIGGER sessions_notify_ended AFTER DELETE ON public.sessions FOR EACH ROW EXECUTE FUNCTION vsi_user_access_notify();

CREATE TRIGGER tablets_notify_revoked AFTER UPDATE OF revoked_at ON public.tablets FOR EACH ROW WHEN (((old.revoked_at IS NULL) AND (new.revoked_at IS NOT NULL))) EXECUTE FUNCTION vsi_access_notify();

CREATE TRIGGER users_notify_deactivated AFTER UPDATE OF deactivated_at ON public.users FOR EACH ROW WHEN (((old.deactivated_at IS NULL) AND (new.deactivated_at IS NOT NULL))) EXECUTE FUNCTION vsi_user_access_notify();

CREATE TRIGGER users_notify_narrowed AFTER UPDATE OF staff_of_every_location, is_admin ON public.users FOR EACH ROW WHEN (((old.staff_of_every_location AND (NOT new.staff_of_every_location)) OR (old.is_admin AND (NOT new.is_admin)))) EXECUTE FUNCTION vsi_user_access_notify();

CREATE TRIGGER visits_answer_figures_insert AFTER INSERT ON public.visits FOR EACH ROW WHEN ((new.answers <> '{}'::jsonb)) EXECUTE FUNCTION visits_answer_figures();

CREATE TRIGGER visits_answer_figures_update AFTER UPDATE OF answers, phone_number, visitor_key, location_id, program_id, time_in, erased_at ON public.visits FOR EACH ROW EXECUTE FUNCTION visits_answer_figures();

CREATE TRIGGER visits_changed_delete AFTER DELETE ON public.visits REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vsi_visit_changed();

CREATE TRIGGER visits_changed_insert AFTER INSERT ON public.visits REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vsi_visit_changed();

CREATE TRIGGER visits_changed_update AFTER UPDATE ON public.visits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vsi_visit_changed();

CREATE TRIGGER visits_place BEFORE INSERT OR UPDATE OF location_id, program_id ON public.visits FOR EACH ROW EXECUTE FUNCTION visits_place_exists();

CREATE TRIGGER visits_visitor_key BEFORE INSERT OR UPDATE OF phone_number ON public.visits FOR EACH ROW EXECUTE FUNCTION visits_visitor_key();

CREATE TRIGGER webhook_endpoints_deleted AFTER DELETE ON public.webhook_endpoints REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vsi_webhook_endpoint_deleted();
