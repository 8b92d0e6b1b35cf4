import { Migration } from '@mikro-orm/migrations';

export class Migration20261123014953 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "countries" ("id" serial primary key, "name" varchar(100) not null, "country_code" varchar(2) not null);`);
    this.addSql(`create index "countries_name_index" on "countries" ("name");`);
    this.addSql(`alter table "countries" add constraint "countries_country_code_unique" unique ("country_code");`);

    this.addSql(`create table "email_templates" ("id" serial primary key, "slug" varchar(100) not null, "name" varchar(255) not null, "subject" varchar(500) not null, "body" text not null, "type" varchar(50) not null default 'system', "updated_at" timestamptz not null default current_timestamp);`);
    this.addSql(`alter table "email_templates" add constraint "email_templates_slug_unique" unique ("slug");`);

    this.addSql(`create table "help_hints" ("id" serial primary key, "flag" varchar(100) not null, "title" varchar(255) not null, "content" text not null);`);
    this.addSql(`alter table "help_hints" add constraint "help_hints_flag_unique" unique ("flag");`);

    this.addSql(`create table "requirements" ("id" serial primary key, "type" text check ("type" in ('hidden', 'integer', 'phone', 'select', 'string', 'text', 'url', 'email', 'tierselect', 'groupselect', 'db_select', 'copy', 'timezone')) not null, "label" varchar(255) not null, "code_label" varchar(100) not null, "options" jsonb null, "additional_settings" jsonb null);`);

    this.addSql(`create table "users" ("id" serial primary key, "first_name" varchar(100) not null, "last_name" varchar(100) not null, "email" varchar(254) not null, "phone" varchar(25) null, "phone_country_code" varchar(2) not null default 'US', "country_id" int null, "city" varchar(100) null, "focus_group" varchar(100) null, "role" text check ("role" in ('super_admin', 'program_manager', 'business_manager', 'caller', 'api')) not null default 'caller', "type" text check ("type" in ('basic', 'admin')) not null default 'basic', "status" text check ("status" in ('active', 'inactive')) not null default 'active', "approval_status" text check ("approval_status" in ('approved', 'pending', 'rejected')) not null default 'approved', "email_verified_at" timestamptz null, "company_id" int null, "password_hash" varchar(255) null, "agreement_date" timestamptz null, "force_update_profile" boolean not null default false, "force_update_agreement" boolean not null default false, "is_key_contact" boolean not null default false, "registration_type" text check ("registration_type" in ('seed', 'admin', 'registration', 'email_link', 'sso', 'onboarding')) not null default 'admin', "last_login_at" timestamptz null, "created_at" timestamptz not null default current_timestamp, "updated_at" timestamptz not null default current_timestamp);`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`create index "users_country_id_index" on "users" ("country_id");`);
    this.addSql(`create index "users_company_id_approval_status_index" on "users" ("company_id", "approval_status");`);
    this.addSql(`create index "users_company_id_status_last_name_index" on "users" ("company_id", "status", "last_name");`);

    this.addSql(`create table "saved_searches" ("id" serial primary key, "user_id" int not null, "term" varchar(255) not null, "location" varchar(50) null, "created_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "saved_searches_user_id_index" on "saved_searches" ("user_id");`);

    this.addSql(`create table "search_result_picks" ("id" serial primary key, "search_id" int not null, "member" varchar(255) not null, "created_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "search_result_picks_search_id_index" on "search_result_picks" ("search_id");`);

    this.addSql(`create table "one_time_tokens" ("id" serial primary key, "token_hash" varchar(64) not null, "purpose" text check ("purpose" in ('verification', 'password_reset', 'login_link', 'auto_login', 'registration_approval')) not null, "user_id" int not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "data" jsonb null, "created_at" timestamptz not null default current_timestamp);`);
    this.addSql(`alter table "one_time_tokens" add constraint "one_time_tokens_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "one_time_tokens_user_id_purpose_index" on "one_time_tokens" ("user_id", "purpose");`);

    this.addSql(`create table "login_events" ("id" serial primary key, "user_id" int not null, "ip" varchar(45) null, "created_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "login_events_user_id_index" on "login_events" ("user_id");`);
    this.addSql(`create index "login_events_created_at_index" on "login_events" ("created_at");`);

    this.addSql(`create table "export_jobs" ("id" serial primary key, "user_id" int not null, "kind" varchar(100) not null, "status" text check ("status" in ('queued', 'building', 'ready', 'failed', 'expired')) not null default 'queued', "file_name" varchar(255) null, "file_path" varchar(500) null, "row_count" int null, "error" text null, "params" jsonb null, "expires_at" timestamptz null, "created_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "export_jobs_status_expires_at_index" on "export_jobs" ("status", "expires_at");`);
    this.addSql(`create index "export_jobs_user_id_created_at_index" on "export_jobs" ("user_id", "created_at");`);

    this.addSql(`create table "companies" ("id" serial primary key, "name" varchar(100) not null, "full_name" varchar(255) null, "slug" varchar(100) not null, "url" varchar(255) null, "domain" varchar(255) null, "additional_domains" text null, "status" text check ("status" in ('active', 'inactive')) not null default 'active', "membership_type" text check ("membership_type" in ('basic', 'standard', 'premium', 'elite', 'limited', 'offline_partner')) not null default 'limited', "membership_level_text" varchar(255) null, "login_method" text check ("login_method" in ('email_link', 'requires_registration', 'sso')) not null default 'requires_registration', "login_page_text" text null, "region_text" text null, "public_web_text" text null, "logo_path" varchar(500) null, "show_in_public_web" boolean not null default false, "allow_notes" boolean not null default true, "use_group_login" boolean not null default false, "note" text null, "communications_email" varchar(254) null, "bcc_response_email" varchar(254) null, "sso_idp_federation_url" varchar(500) null, "sso_idp_logout_url" varchar(500) null, "sso_idp_entity_url" varchar(500) null, "sso_login_section" text null, "sso_registration_section" text null, "sso_identity_source" text check ("sso_identity_source" in ('url', 'file')) null, "sso_identity_file_path" varchar(500) null, "sso_idp_certificate" text null, "requires_approval" boolean not null default false, "signup_manager_id" int null, "alt_signup_manager_id" int null, "created_at" timestamptz not null default current_timestamp, "updated_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "companies_name_index" on "companies" ("name");`);
    this.addSql(`alter table "companies" add constraint "companies_slug_unique" unique ("slug");`);
    this.addSql(`create index "companies_domain_index" on "companies" ("domain");`);
    this.addSql(`create index "companies_signup_manager_id_index" on "companies" ("signup_manager_id");`);
    this.addSql(`create index "companies_alt_signup_manager_id_index" on "companies" ("alt_signup_manager_id");`);

    this.addSql(`create table "contact_documents" ("id" serial primary key, "company_id" int not null, "name" varchar(255) not null, "static_document" text null, "parent_option_name" varchar(255) null, "current_version_id" int null, "created_at" timestamptz not null default current_timestamp, "updated_at" timestamptz not null default current_timestamp, "deleted_at" timestamptz null);`);
    this.addSql(`create index "contact_documents_current_version_id_index" on "contact_documents" ("current_version_id");`);
    this.addSql(`create index "contact_documents_company_id_deleted_at_index" on "contact_documents" ("company_id", "deleted_at");`);

    this.addSql(`create table "process_views" ("id" serial primary key, "user_id" int not null, "document_id" int not null, "created_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "process_views_user_id_index" on "process_views" ("user_id");`);
    this.addSql(`create index "process_views_document_id_index" on "process_views" ("document_id");`);
    this.addSql(`create index "process_views_created_at_index" on "process_views" ("created_at");`);

    this.addSql(`create table "manager_requests" ("id" serial primary key, "token" varchar(64) not null, "submitter_company_id" int not null, "receiver_company_id" int not null, "document_id" int not null, "user_id" int null, "first_name" varchar(100) not null, "last_name" varchar(100) not null, "email" varchar(254) not null, "phone" varchar(25) null, "phone_country_code" varchar(2) not null default 'US', "internal_reference" varchar(100) null, "vendor_reference" varchar(100) null, "business_impact" text null, "escalation_type" varchar(100) null, "notes" text null, "created_at" timestamptz not null default current_timestamp);`);
    this.addSql(`alter table "manager_requests" add constraint "manager_requests_token_unique" unique ("token");`);
    this.addSql(`create index "manager_requests_submitter_company_id_index" on "manager_requests" ("submitter_company_id");`);
    this.addSql(`create index "manager_requests_receiver_company_id_index" on "manager_requests" ("receiver_company_id");`);
    this.addSql(`create index "manager_requests_document_id_index" on "manager_requests" ("document_id");`);
    this.addSql(`create index "manager_requests_user_id_index" on "manager_requests" ("user_id");`);

    this.addSql(`create table "manager_responses" ("id" serial primary key, "request_id" int not null, "first_name" varchar(100) not null, "last_name" varchar(100) not null, "email" varchar(254) not null, "phone" varchar(25) null, "phone_country_code" varchar(2) not null default 'US', "internal_reference" varchar(100) null, "escalation_type" varchar(100) null, "notes" text null, "created_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "manager_responses_request_id_index" on "manager_responses" ("request_id");`);

    this.addSql(`create table "document_versions" ("id" serial primary key, "document_id" int not null, "version_number" int not null, "status" text check ("status" in ('approved', 'pending', 'rejected')) not null default 'approved', "document_type" text check ("document_type" in ('ticket', 'solution_support', 'json', 'default', 'parent', 'manager')) not null default 'ticket', "json_type" varchar(100) null, "title" varchar(255) null, "support_hours" varchar(100) not null default '7/24/365', "product_supported" varchar(255) not null default 'All', "collaborate_email" varchar(254) null, "collaborate_cc_email" varchar(1000) null, "escalation_instructions" text null, "escalation_alias" varchar(254) null, "admin_note" text null, "common_customer_section_title" varchar(255) null, "escalation_user_id" int null, "alt_escalation_user_id" int null, "created_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "document_versions_escalation_user_id_index" on "document_versions" ("escalation_user_id");`);
    this.addSql(`create index "document_versions_alt_escalation_user_id_index" on "document_versions" ("alt_escalation_user_id");`);
    this.addSql(`alter table "document_versions" add constraint "document_versions_document_id_version_number_unique" unique ("document_id", "version_number");`);

    this.addSql(`create table "document_tags" ("id" serial primary key, "document_id" int not null, "tag" varchar(100) not null);`);
    this.addSql(`create index "document_tags_tag_index" on "document_tags" ("tag");`);
    this.addSql(`alter table "document_tags" add constraint "document_tags_document_id_tag_unique" unique ("document_id", "tag");`);

    this.addSql(`create table "document_notes" ("id" serial primary key, "document_id" int not null, "company_id" int not null, "user_id" int null, "note" text not null, "location" varchar(50) not null default 'contact_document', "created_at" timestamptz not null default current_timestamp, "updated_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "document_notes_document_id_index" on "document_notes" ("document_id");`);
    this.addSql(`create index "document_notes_user_id_index" on "document_notes" ("user_id");`);
    this.addSql(`create index "document_notes_company_id_document_id_index" on "document_notes" ("company_id", "document_id");`);

    this.addSql(`create table "document_managers" ("id" serial primary key, "document_id" int not null, "user_id" int not null, "user_type" text check ("user_type" in ('main', 'alternate')) not null default 'main');`);
    this.addSql(`create index "document_managers_document_id_index" on "document_managers" ("document_id");`);
    this.addSql(`create index "document_managers_user_id_index" on "document_managers" ("user_id");`);

    this.addSql(`create table "document_linkages" ("id" serial primary key, "parent_id" int not null, "child_id" int not null, "option_name" varchar(255) not null, "deleted" boolean not null default false, "position" int not null default 0);`);
    this.addSql(`create index "document_linkages_parent_id_index" on "document_linkages" ("parent_id");`);
    this.addSql(`create index "document_linkages_child_id_index" on "document_linkages" ("child_id");`);

    this.addSql(`create table "document_email_templates" ("id" serial primary key, "document_id" int not null, "type" varchar(100) not null, "template_id" int not null);`);
    this.addSql(`create index "document_email_templates_template_id_index" on "document_email_templates" ("template_id");`);
    this.addSql(`alter table "document_email_templates" add constraint "document_email_templates_document_id_type_unique" unique ("document_id", "type");`);

    this.addSql(`create table "communities" ("id" serial primary key, "name" varchar(100) not null, "description" text null, "type" text check ("type" in ('solution_support', 'partner_program', 'open_group')) not null default 'solution_support', "status" text check ("status" in ('active', 'inactive')) not null default 'active', "sponsor_company_id" int null, "department_id" int null, "document_id" int null, "vhost" varchar(100) null, "host_email" varchar(254) null, "price" numeric(10,2) not null default 0, "price_three_years" numeric(10,2) not null default 0, "instructions" text null, "links" jsonb null, "logo_path" varchar(500) null, "banner_path" varchar(500) null, "code_of_conduct_path" varchar(500) null, "current_license_path" varchar(500) null, "addendum_path" varchar(500) null, "addendum_name" varchar(255) null, "force_addendum" boolean not null default false, "registration_status_url" varchar(500) null, "custom_sla" boolean not null default false, "p1_message" text null, "p2_message" text null, "p3_message" text null, "p1_response_time" int null, "p2_response_time" int null, "p3_response_time" int null, "msteams_integration" boolean not null default false, "msteams_manager_email" varchar(254) null, "msteams_team_url" varchar(500) null, "msteams_webhook_url" varchar(1000) null, "created_at" timestamptz not null default current_timestamp, "updated_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "communities_name_index" on "communities" ("name");`);
    this.addSql(`create index "communities_sponsor_company_id_index" on "communities" ("sponsor_company_id");`);
    this.addSql(`create index "communities_department_id_index" on "communities" ("department_id");`);
    this.addSql(`create index "communities_document_id_index" on "communities" ("document_id");`);
    this.addSql(`alter table "communities" add constraint "communities_vhost_unique" unique ("vhost");`);
    this.addSql(`create index "communities_type_status_index" on "communities" ("type", "status");`);

    this.addSql(`create table "onboarding_sessions" ("id" serial primary key, "token" varchar(64) not null, "community_id" int not null, "company_id" int null, "email" varchar(254) not null, "step" text check ("step" in ('contact', 'agreements', 'process', 'choose-process', 'basic-premium', 'success')) not null default 'contact', "status" text check ("status" in ('in_progress', 'saved_for_later', 'pending_review', 'approved', 'rejected')) not null default 'in_progress', "save_for_later" boolean not null default false, "membership_type" text check ("membership_type" in ('basic', 'standard', 'premium', 'elite', 'limited', 'offline_partner')) null, "data" jsonb not null, "sf_opportunity" varchar(100) null, "payment_status" text check ("payment_status" in ('pending', 'paid', 'invoiced', 'failed')) null, "created_at" timestamptz not null default current_timestamp, "updated_at" timestamptz not null default current_timestamp);`);
    this.addSql(`alter table "onboarding_sessions" add constraint "onboarding_sessions_token_unique" unique ("token");`);
    this.addSql(`create index "onboarding_sessions_company_id_index" on "onboarding_sessions" ("company_id");`);
    this.addSql(`create index "onboarding_sessions_email_index" on "onboarding_sessions" ("email");`);
    this.addSql(`create index "onboarding_sessions_community_id_status_index" on "onboarding_sessions" ("community_id", "status");`);

    this.addSql(`create table "onboarding_payments" ("id" serial primary key, "session_id" int not null, "amount_cents" int not null, "contract_length" text check ("contract_length" in ('one_year', 'three_years')) not null, "stripe_charge_id" varchar(255) null, "status" text check ("status" in ('pending', 'paid', 'invoiced', 'failed')) not null default 'pending', "created_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "onboarding_payments_session_id_index" on "onboarding_payments" ("session_id");`);

    this.addSql(`create table "group_documents" ("id" serial primary key, "community_id" int not null, "company_id" int not null, "name" varchar(255) not null, "document_type" text check ("document_type" in ('file', 'url')) not null, "url" varchar(1000) null, "file_path" varchar(500) null, "original_filename" varchar(255) null, "mime_type" varchar(100) null, "created_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "group_documents_community_id_index" on "group_documents" ("community_id");`);
    this.addSql(`create index "group_documents_company_id_index" on "group_documents" ("company_id");`);

    this.addSql(`create table "document_files" ("id" serial primary key, "document_id" int not null, "name" varchar(255) not null, "document_type" text check ("document_type" in ('file', 'url')) not null, "url" varchar(1000) null, "community_id" int null, "file_path" varchar(500) null, "original_filename" varchar(255) null);`);
    this.addSql(`create index "document_files_document_id_index" on "document_files" ("document_id");`);
    this.addSql(`create index "document_files_community_id_index" on "document_files" ("community_id");`);

    this.addSql(`create table "departments" ("id" serial primary key, "company_id" int not null, "name" varchar(100) not null, "description" text null, "community_id" int null, "contact_document_id" int null, "status" text check ("status" in ('active', 'inactive')) not null default 'active', "created_at" timestamptz not null default current_timestamp, "updated_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "departments_company_id_index" on "departments" ("company_id");`);
    this.addSql(`create index "departments_community_id_index" on "departments" ("community_id");`);
    this.addSql(`create index "departments_contact_document_id_index" on "departments" ("contact_document_id");`);

    this.addSql(`create table "favorites" ("id" serial primary key, "user_id" int not null, "company_id" int not null, "department_id" int null, "document_id" int null, "created_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "favorites_company_id_index" on "favorites" ("company_id");`);
    this.addSql(`create index "favorites_department_id_index" on "favorites" ("department_id");`);
    this.addSql(`create index "favorites_document_id_index" on "favorites" ("document_id");`);
    this.addSql(`alter table "favorites" add constraint "favorites_user_company_department_unique" unique nulls not distinct ("user_id", "company_id", "department_id");`);

    this.addSql(`create table "document_groups" ("id" serial primary key, "document_id" int not null, "community_id" int not null, "department_id" int null);`);
    this.addSql(`create index "document_groups_document_id_index" on "document_groups" ("document_id");`);
    this.addSql(`create index "document_groups_community_id_index" on "document_groups" ("community_id");`);
    this.addSql(`create index "document_groups_department_id_index" on "document_groups" ("department_id");`);

    this.addSql(`create table "contact_document_departments" ("contact_document_id" int not null, "department_id" int not null, constraint "contact_document_departments_pkey" primary key ("contact_document_id", "department_id"));`);

    this.addSql(`create table "company_group_relations" ("id" serial primary key, "community_id" int not null, "company_id" int not null, "department_id" int null, "document_id" int null, "is_active" boolean not null default true, "user_access_flag" text check ("user_access_flag" in ('all', 'limit')) not null default 'all', "member_relationship" text check ("member_relationship" in ('many_to_many', 'one_to_many')) not null default 'many_to_many', "created_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "company_group_relations_company_id_index" on "company_group_relations" ("company_id");`);
    this.addSql(`create index "company_group_relations_department_id_index" on "company_group_relations" ("department_id");`);
    this.addSql(`create index "company_group_relations_document_id_index" on "company_group_relations" ("document_id");`);
    this.addSql(`create index "company_group_relations_community_id_is_active_index" on "company_group_relations" ("community_id", "is_active");`);

    this.addSql(`create table "company_group_relation_users" ("company_group_relation_id" int not null, "user_id" int not null, constraint "company_group_relation_users_pkey" primary key ("company_group_relation_id", "user_id"));`);

    this.addSql(`create table "company_registration_communities" ("company_id" int not null, "community_id" int not null, constraint "company_registration_communities_pkey" primary key ("company_id", "community_id"));`);

    this.addSql(`create table "change_requests" ("id" serial primary key, "company_id" int not null, "user_id" int null, "change_type" varchar(100) not null, "changes" text not null, "created_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "change_requests_company_id_index" on "change_requests" ("company_id");`);
    this.addSql(`create index "change_requests_user_id_index" on "change_requests" ("user_id");`);

    this.addSql(`create table "cases" ("id" serial primary key, "token" varchar(64) not null, "internal_case_number" varchar(100) not null, "submitter_company_id" int not null, "submitter_user_id" int null, "receiver_company_id" int not null, "receiver_department_id" int null, "document_id" int not null, "document_version_id" int not null, "status" text check ("status" in ('open', 'accepted', 'information', 'rejected', 'closed')) not null default 'open', "priority" text check ("priority" in ('low', 'medium', 'high')) not null default 'low', "summary" varchar(255) not null, "description" text not null, "engineer_first_name" varchar(100) not null, "engineer_last_name" varchar(100) not null, "engineer_email" varchar(254) not null, "engineer_phone" varchar(25) null, "engineer_phone_country_code" varchar(2) not null default 'US', "receiver_case_number" varchar(100) null, "receiver_engineer_name" varchar(200) null, "receiver_engineer_email" varchar(254) null, "receiver_engineer_phone" varchar(50) null, "event_seq" int not null default 0, "response_due_at" timestamptz null, "sla_paused_at" timestamptz null, "sla_paused_seconds" int not null default 0, "sla_stopped_at" timestamptz null, "late_at" timestamptz null, "late_notified_at" timestamptz null, "customer_data_purged_at" timestamptz null, "is_sample" boolean not null default false, "created_at" timestamptz not null default current_timestamp, "updated_at" timestamptz not null default current_timestamp, "accepted_at" timestamptz null, "closed_at" timestamptz null, "deleted_at" timestamptz null);`);
    this.addSql(`alter table "cases" add constraint "cases_token_unique" unique ("token");`);
    this.addSql(`create index "cases_receiver_department_id_index" on "cases" ("receiver_department_id");`);
    this.addSql(`create index "cases_document_id_index" on "cases" ("document_id");`);
    this.addSql(`create index "cases_document_version_id_index" on "cases" ("document_version_id");`);
    this.addSql(`create index "cases_created_at_index" on "cases" ("created_at");`);
    this.addSql(`create index "cases_status_response_due_at_index" on "cases" ("status", "response_due_at");`);
    this.addSql(`create index "cases_submitter_user_id_updated_at_index" on "cases" ("submitter_user_id", "updated_at");`);
    this.addSql(`create index "cases_submitter_company_id_updated_at_index" on "cases" ("submitter_company_id", "updated_at");`);
    this.addSql(`create index "cases_receiver_company_id_updated_at_index" on "cases" ("receiver_company_id", "updated_at");`);
    this.addSql(`create index "cases_submitter_company_id_status_created_at_index" on "cases" ("submitter_company_id", "status", "created_at");`);
    this.addSql(`create index "cases_receiver_company_id_status_created_at_index" on "cases" ("receiver_company_id", "status", "created_at");`);

    this.addSql(`create table "case_responses" ("id" serial primary key, "case_id" int not null, "type" text check ("type" in ('approval', 'rejection', 'information-request', 'information-response')) not null, "case_number" varchar(100) null, "engineer_name" varchar(200) null, "engineer_email" varchar(254) null, "engineer_phone" varchar(50) null, "reviewer_name" varchar(200) null, "reviewer_email" varchar(254) null, "next_steps" text null, "additional_information" text null, "user_id" int null, "company_id" int null, "created_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "case_responses_case_id_index" on "case_responses" ("case_id");`);
    this.addSql(`create index "case_responses_user_id_index" on "case_responses" ("user_id");`);
    this.addSql(`create index "case_responses_company_id_index" on "case_responses" ("company_id");`);

    this.addSql(`create table "case_notes" ("id" serial primary key, "case_id" int not null, "user_id" int null, "company_id" int null, "creator_name" varchar(200) not null, "summary" varchar(255) null, "description" text null, "created_at" timestamptz not null default current_timestamp, "deleted_at" timestamptz null);`);
    this.addSql(`create index "case_notes_case_id_index" on "case_notes" ("case_id");`);
    this.addSql(`create index "case_notes_user_id_index" on "case_notes" ("user_id");`);
    this.addSql(`create index "case_notes_company_id_index" on "case_notes" ("company_id");`);
    this.addSql(`create index "case_notes_created_at_index" on "case_notes" ("created_at");`);

    this.addSql(`create table "case_events" ("id" serial primary key, "case_id" int not null, "seq" int not null, "type" varchar(100) not null, "actor_user_id" int null, "actor_label" varchar(200) null, "payload" jsonb null, "created_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "case_events_actor_user_id_index" on "case_events" ("actor_user_id");`);
    this.addSql(`alter table "case_events" add constraint "case_events_case_id_seq_unique" unique ("case_id", "seq");`);

    this.addSql(`create table "case_customer_data" ("id" serial primary key, "case_id" int not null, "section" text check ("section" in ('common_customer_section', 'problem_section', 'contact_section')) not null, "field" varchar(255) not null, "value" text null, "type" varchar(50) not null default 'string', "requirement_id" int null);`);
    this.addSql(`create index "case_customer_data_case_id_index" on "case_customer_data" ("case_id");`);
    this.addSql(`create index "case_customer_data_requirement_id_index" on "case_customer_data" ("requirement_id");`);

    this.addSql(`create table "case_attachments" ("id" serial primary key, "case_id" int not null, "user_id" int null, "company_id" int null, "original_filename" varchar(255) not null, "storage_path" varchar(500) not null, "size_bytes" bigint not null, "mime_type" varchar(100) null, "description" text null, "upload_state" text check ("upload_state" in ('pending', 'uploading', 'done', 'failed', 'not_required')) not null default 'pending', "attempts" int not null default 0, "last_error" text null, "created_at" timestamptz not null default current_timestamp, "uploaded_at" timestamptz null);`);
    this.addSql(`create index "case_attachments_case_id_index" on "case_attachments" ("case_id");`);
    this.addSql(`create index "case_attachments_user_id_index" on "case_attachments" ("user_id");`);
    this.addSql(`create index "case_attachments_company_id_index" on "case_attachments" ("company_id");`);
    this.addSql(`create index "case_attachments_upload_state_index" on "case_attachments" ("upload_state");`);

    this.addSql(`create table "auth_sessions" ("uuid" uuid not null, "user_id" int not null, "current_jti" varchar(64) not null, "impersonator_id" int null, "created_at" timestamptz not null default current_timestamp, "last_used_at" timestamptz not null, "refresh_until" timestamptz not null, "revoked_at" timestamptz null, "revoked_reason" varchar(50) null, constraint "auth_sessions_pkey" primary key ("uuid"));`);
    this.addSql(`create index "auth_sessions_impersonator_id_index" on "auth_sessions" ("impersonator_id");`);
    this.addSql(`create index "auth_sessions_user_id_revoked_at_index" on "auth_sessions" ("user_id", "revoked_at");`);

    this.addSql(`create table "api_tokens" ("id" serial primary key, "user_id" int not null, "name" varchar(100) not null, "token_hash" varchar(64) not null, "last_used_at" timestamptz null, "revoked_at" timestamptz null, "created_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "api_tokens_user_id_index" on "api_tokens" ("user_id");`);
    this.addSql(`alter table "api_tokens" add constraint "api_tokens_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "version_requirements" ("id" serial primary key, "version_id" int not null, "requirement_id" int not null, "section" text check ("section" in ('common_customer_section', 'problem_section', 'contact_section')) not null, "required" boolean not null default false, "group" varchar(100) null, "options" jsonb null, "additional_settings" jsonb null, "position" int not null default 0);`);
    this.addSql(`create index "version_requirements_version_id_index" on "version_requirements" ("version_id");`);
    this.addSql(`create index "version_requirements_requirement_id_index" on "version_requirements" ("requirement_id");`);

    this.addSql(`create table "webhook_endpoints" ("id" serial primary key, "company_id" int not null, "url" varchar(1000) not null, "secret" varchar(255) not null, "active" boolean not null default true, "created_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "webhook_endpoints_company_id_index" on "webhook_endpoints" ("company_id");`);

    this.addSql(`create table "webhook_deliveries" ("id" serial primary key, "endpoint_id" int not null, "event_type" varchar(100) not null, "payload" jsonb not null, "status" text check ("status" in ('pending', 'delivered', 'failed')) not null default 'pending', "attempts" int not null default 0, "response_code" int null, "created_at" timestamptz not null default current_timestamp, "delivered_at" timestamptz null);`);
    this.addSql(`create index "webhook_deliveries_endpoint_id_index" on "webhook_deliveries" ("endpoint_id");`);
    this.addSql(`create index "webhook_deliveries_status_created_at_index" on "webhook_deliveries" ("status", "created_at");`);

    this.addSql(`alter table "users" add constraint "users_country_id_foreign" foreign key ("country_id") references "countries" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "users" add constraint "users_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "saved_searches" add constraint "saved_searches_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "search_result_picks" add constraint "search_result_picks_search_id_foreign" foreign key ("search_id") references "saved_searches" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "one_time_tokens" add constraint "one_time_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "login_events" add constraint "login_events_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "export_jobs" add constraint "export_jobs_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "companies" add constraint "companies_signup_manager_id_foreign" foreign key ("signup_manager_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "companies" add constraint "companies_alt_signup_manager_id_foreign" foreign key ("alt_signup_manager_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "contact_documents" add constraint "contact_documents_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "contact_documents" add constraint "contact_documents_current_version_id_foreign" foreign key ("current_version_id") references "document_versions" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "process_views" add constraint "process_views_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "process_views" add constraint "process_views_document_id_foreign" foreign key ("document_id") references "contact_documents" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "manager_requests" add constraint "manager_requests_submitter_company_id_foreign" foreign key ("submitter_company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "manager_requests" add constraint "manager_requests_receiver_company_id_foreign" foreign key ("receiver_company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "manager_requests" add constraint "manager_requests_document_id_foreign" foreign key ("document_id") references "contact_documents" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "manager_requests" add constraint "manager_requests_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "manager_responses" add constraint "manager_responses_request_id_foreign" foreign key ("request_id") references "manager_requests" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "document_versions" add constraint "document_versions_document_id_foreign" foreign key ("document_id") references "contact_documents" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "document_versions" add constraint "document_versions_escalation_user_id_foreign" foreign key ("escalation_user_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "document_versions" add constraint "document_versions_alt_escalation_user_id_foreign" foreign key ("alt_escalation_user_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "document_tags" add constraint "document_tags_document_id_foreign" foreign key ("document_id") references "contact_documents" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "document_notes" add constraint "document_notes_document_id_foreign" foreign key ("document_id") references "contact_documents" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "document_notes" add constraint "document_notes_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "document_notes" add constraint "document_notes_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "document_managers" add constraint "document_managers_document_id_foreign" foreign key ("document_id") references "contact_documents" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "document_managers" add constraint "document_managers_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "document_linkages" add constraint "document_linkages_parent_id_foreign" foreign key ("parent_id") references "contact_documents" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "document_linkages" add constraint "document_linkages_child_id_foreign" foreign key ("child_id") references "contact_documents" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "document_email_templates" add constraint "document_email_templates_document_id_foreign" foreign key ("document_id") references "contact_documents" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "document_email_templates" add constraint "document_email_templates_template_id_foreign" foreign key ("template_id") references "email_templates" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "communities" add constraint "communities_sponsor_company_id_foreign" foreign key ("sponsor_company_id") references "companies" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "communities" add constraint "communities_department_id_foreign" foreign key ("department_id") references "departments" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "communities" add constraint "communities_document_id_foreign" foreign key ("document_id") references "contact_documents" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "onboarding_sessions" add constraint "onboarding_sessions_community_id_foreign" foreign key ("community_id") references "communities" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "onboarding_sessions" add constraint "onboarding_sessions_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "onboarding_payments" add constraint "onboarding_payments_session_id_foreign" foreign key ("session_id") references "onboarding_sessions" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "group_documents" add constraint "group_documents_community_id_foreign" foreign key ("community_id") references "communities" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "group_documents" add constraint "group_documents_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "document_files" add constraint "document_files_document_id_foreign" foreign key ("document_id") references "contact_documents" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "document_files" add constraint "document_files_community_id_foreign" foreign key ("community_id") references "communities" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "departments" add constraint "departments_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "departments" add constraint "departments_community_id_foreign" foreign key ("community_id") references "communities" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "departments" add constraint "departments_contact_document_id_foreign" foreign key ("contact_document_id") references "contact_documents" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "favorites" add constraint "favorites_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "favorites" add constraint "favorites_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "favorites" add constraint "favorites_department_id_foreign" foreign key ("department_id") references "departments" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "favorites" add constraint "favorites_document_id_foreign" foreign key ("document_id") references "contact_documents" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "document_groups" add constraint "document_groups_document_id_foreign" foreign key ("document_id") references "contact_documents" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "document_groups" add constraint "document_groups_community_id_foreign" foreign key ("community_id") references "communities" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "document_groups" add constraint "document_groups_department_id_foreign" foreign key ("department_id") references "departments" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "contact_document_departments" add constraint "contact_document_departments_contact_document_id_foreign" foreign key ("contact_document_id") references "contact_documents" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "contact_document_departments" add constraint "contact_document_departments_department_id_foreign" foreign key ("department_id") references "departments" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "company_group_relations" add constraint "company_group_relations_community_id_foreign" foreign key ("community_id") references "communities" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "company_group_relations" add constraint "company_group_relations_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "company_group_relations" add constraint "company_group_relations_department_id_foreign" foreign key ("department_id") references "departments" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "company_group_relations" add constraint "company_group_relations_document_id_foreign" foreign key ("document_id") references "contact_documents" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "company_group_relation_users" add constraint "company_group_relation_users_company_group_relation_id_foreign" foreign key ("company_group_relation_id") references "company_group_relations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "company_group_relation_users" add constraint "company_group_relation_users_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "company_registration_communities" add constraint "company_registration_communities_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "company_registration_communities" add constraint "company_registration_communities_community_id_foreign" foreign key ("community_id") references "communities" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "change_requests" add constraint "change_requests_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "change_requests" add constraint "change_requests_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "cases" add constraint "cases_submitter_company_id_foreign" foreign key ("submitter_company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "cases" add constraint "cases_submitter_user_id_foreign" foreign key ("submitter_user_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "cases" add constraint "cases_receiver_company_id_foreign" foreign key ("receiver_company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "cases" add constraint "cases_receiver_department_id_foreign" foreign key ("receiver_department_id") references "departments" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "cases" add constraint "cases_document_id_foreign" foreign key ("document_id") references "contact_documents" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "cases" add constraint "cases_document_version_id_foreign" foreign key ("document_version_id") references "document_versions" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "case_responses" add constraint "case_responses_case_id_foreign" foreign key ("case_id") references "cases" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "case_responses" add constraint "case_responses_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "case_responses" add constraint "case_responses_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "case_notes" add constraint "case_notes_case_id_foreign" foreign key ("case_id") references "cases" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "case_notes" add constraint "case_notes_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "case_notes" add constraint "case_notes_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "case_events" add constraint "case_events_case_id_foreign" foreign key ("case_id") references "cases" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "case_events" add constraint "case_events_actor_user_id_foreign" foreign key ("actor_user_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "case_customer_data" add constraint "case_customer_data_case_id_foreign" foreign key ("case_id") references "cases" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "case_customer_data" add constraint "case_customer_data_requirement_id_foreign" foreign key ("requirement_id") references "requirements" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "case_attachments" add constraint "case_attachments_case_id_foreign" foreign key ("case_id") references "cases" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "case_attachments" add constraint "case_attachments_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "case_attachments" add constraint "case_attachments_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "auth_sessions" add constraint "auth_sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "auth_sessions" add constraint "auth_sessions_impersonator_id_foreign" foreign key ("impersonator_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "api_tokens" add constraint "api_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "version_requirements" add constraint "version_requirements_version_id_foreign" foreign key ("version_id") references "document_versions" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "version_requirements" add constraint "version_requirements_requirement_id_foreign" foreign key ("requirement_id") references "requirements" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "webhook_endpoints" add constraint "webhook_endpoints_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "webhook_deliveries" add constraint "webhook_deliveries_endpoint_id_foreign" foreign key ("endpoint_id") references "webhook_endpoints" ("id") on update cascade on delete cascade;`);
  }

}
