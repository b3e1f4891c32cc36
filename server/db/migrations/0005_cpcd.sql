CREATE TABLE "cpcd_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"study_id" text,
	"kind" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cpcd_lists_kind_check" CHECK ("cpcd_lists"."kind" in ('criticalProcesses', 'criticalData'))
);
--> statement-breakpoint
CREATE TABLE "critical_data" (
	"id" text PRIMARY KEY NOT NULL,
	"list_id" text NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_critical" boolean DEFAULT false NOT NULL,
	CONSTRAINT "critical_data_label_check" CHECK (btrim("critical_data"."label") <> '')
);
--> statement-breakpoint
CREATE TABLE "critical_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"list_id" text NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	CONSTRAINT "critical_processes_title_check" CHECK (btrim("critical_processes"."title") <> '')
);
--> statement-breakpoint
ALTER TABLE "cpcd_lists" ADD CONSTRAINT "cpcd_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpcd_lists" ADD CONSTRAINT "cpcd_lists_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "critical_data" ADD CONSTRAINT "critical_data_list_id_cpcd_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."cpcd_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "critical_processes" ADD CONSTRAINT "critical_processes_list_id_cpcd_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."cpcd_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cpcd_lists_owner_key" ON "cpcd_lists" USING btree ("company_id",coalesce("study_id", ''),"kind");--> statement-breakpoint
CREATE UNIQUE INDEX "critical_data_label_key" ON "critical_data" USING btree ("list_id",lower(btrim("label")));--> statement-breakpoint
CREATE INDEX "critical_data_list_idx" ON "critical_data" USING btree ("list_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "critical_processes_title_key" ON "critical_processes" USING btree ("list_id",lower(btrim("title")));--> statement-breakpoint
CREATE INDEX "critical_processes_list_idx" ON "critical_processes" USING btree ("list_id","position");