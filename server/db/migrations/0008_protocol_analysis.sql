CREATE TABLE "file_chunks" (
	"storage_key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_storage_key_seq_pk" PRIMARY KEY("storage_key","seq")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"study_id" text,
	"uploaded_by" text,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protocol_analysis_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"study_id" text NOT NULL,
	"kind" text NOT NULL,
	"requested_by" text NOT NULL,
	"state" text NOT NULL,
	"protocol_file_id" text NOT NULL,
	"parsed_file_id" text,
	"history_file_id" text,
	"rows" jsonb,
	"error" text,
	"error_details" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"job_id" text,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (6) with time zone
);
--> statement-breakpoint
CREATE TABLE "ract_working_draft_items" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"study_id" text NOT NULL,
	"position" integer NOT NULL,
	"category" text NOT NULL,
	"question" text NOT NULL,
	"statement_if" text NOT NULL,
	"statement_due_to" text NOT NULL,
	"statement_then" text NOT NULL,
	"citation" jsonb,
	"created_by" text,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_analysis_requests" ADD CONSTRAINT "protocol_analysis_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_analysis_requests" ADD CONSTRAINT "protocol_analysis_requests_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_analysis_requests" ADD CONSTRAINT "protocol_analysis_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_analysis_requests" ADD CONSTRAINT "protocol_analysis_requests_protocol_file_id_files_id_fk" FOREIGN KEY ("protocol_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_analysis_requests" ADD CONSTRAINT "protocol_analysis_requests_parsed_file_id_files_id_fk" FOREIGN KEY ("parsed_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_analysis_requests" ADD CONSTRAINT "protocol_analysis_requests_history_file_id_files_id_fk" FOREIGN KEY ("history_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ract_working_draft_items" ADD CONSTRAINT "ract_working_draft_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ract_working_draft_items" ADD CONSTRAINT "ract_working_draft_items_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ract_working_draft_items" ADD CONSTRAINT "ract_working_draft_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_company_idx" ON "files" USING btree ("company_id","study_id");--> statement-breakpoint
CREATE INDEX "protocol_analysis_requests_study_idx" ON "protocol_analysis_requests" USING btree ("study_id","created_at");--> statement-breakpoint
CREATE INDEX "ract_working_draft_items_study_idx" ON "ract_working_draft_items" USING btree ("study_id","position");