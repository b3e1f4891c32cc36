CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"is_protocol_analysis_tool_enabled" boolean DEFAULT false NOT NULL,
	"sso_protocol" text,
	"sso_config" jsonb,
	"logo_data" "bytea",
	"logo_content_type" text,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studies" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"name" text NOT NULL,
	"display_id" text NOT NULL,
	"display_name" text NOT NULL,
	"is_retired" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"company_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"display_name" text NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"password_hash" text,
	"password_changed_at" timestamp (6) with time zone,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"mfa_by_email" boolean DEFAULT false NOT NULL,
	"sso_subject" text,
	"home_company_id" text NOT NULL,
	"profile_picture_data" "bytea",
	"profile_picture_content_type" text,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permission_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"principal_type" text NOT NULL,
	"principal_id" text NOT NULL,
	"scope" text NOT NULL,
	"company_id" text,
	"study_id" text,
	"pattern" text NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permission_grants_principal_type_check" CHECK ("permission_grants"."principal_type" in ('user', 'group')),
	CONSTRAINT "permission_grants_scope_check" CHECK (("permission_grants"."scope" = 'system' and "permission_grants"."company_id" is null and "permission_grants"."study_id" is null)
        or ("permission_grants"."scope" = 'company' and "permission_grants"."company_id" is not null and "permission_grants"."study_id" is null)
        or ("permission_grants"."scope" = 'study' and "permission_grants"."company_id" is not null and "permission_grants"."study_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "audit_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"timestamp" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"company_id" text,
	"study_id" text,
	"entry_point" jsonb NOT NULL,
	"context_of_change" jsonb,
	"requester" jsonb NOT NULL,
	"request_body" text,
	"response_body" text,
	"data_changes" jsonb NOT NULL,
	"rationale" text,
	"prev_hash" text DEFAULT '' NOT NULL,
	"hash" text DEFAULT '' NOT NULL,
	CONSTRAINT "audit_entries_seq_unique" UNIQUE("seq"),
	CONSTRAINT "audit_entries_hash_unique" UNIQUE("hash"),
	CONSTRAINT "audit_entries_level_check" CHECK ("audit_entries"."level" in ('Study', 'Company', 'System'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp (6) with time zone,
	"sent_at" timestamp (6) with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"alg" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk_encrypted" text NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp (6) with time zone
);
--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_home_company_id_companies_id_fk" FOREIGN KEY ("home_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_grants" ADD CONSTRAINT "permission_grants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_grants" ADD CONSTRAINT "permission_grants_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "studies_company_name_key" ON "studies" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "studies_company_idx" ON "studies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_members_user_idx" ON "company_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_company_name_key" ON "groups" USING btree ("company_id","display_name");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_home_company_idx" ON "users" USING btree ("home_company_id");--> statement-breakpoint
CREATE INDEX "permission_grants_principal_idx" ON "permission_grants" USING btree ("principal_type","principal_id");--> statement-breakpoint
CREATE INDEX "audit_entries_study_ts_idx" ON "audit_entries" USING btree ("company_id","study_id","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_company_ts_idx" ON "audit_entries" USING btree ("company_id","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");