CREATE TABLE "cdq_issues" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"study_id" text NOT NULL,
	"display_id" text NOT NULL,
	"type" text NOT NULL,
	"country" jsonb,
	"site" jsonb,
	"subject" jsonb,
	"title" text NOT NULL,
	"category" text,
	"sub_category" text,
	"context" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reasoning" text,
	"source" text,
	"severity" text,
	"patient_safety_score" integer,
	"date_of_occurrence" timestamp (6) with time zone,
	"date_of_detection" timestamp (6) with time zone NOT NULL,
	"designee" jsonb,
	"state" text NOT NULL,
	"review_status" text,
	"due_date" timestamp (6) with time zone,
	"date_of_last_update" timestamp (6) with time zone NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cdq_issues_state_check" CHECK ("cdq_issues"."state" in ('Active', 'Completed')),
	CONSTRAINT "cdq_issues_review_status_check" CHECK ("cdq_issues"."review_status" is null or "cdq_issues"."review_status" in ('Reviewed', 'Verified', 'Rejected'))
);
--> statement-breakpoint
ALTER TABLE "cdq_issues" ADD CONSTRAINT "cdq_issues_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cdq_issues" ADD CONSTRAINT "cdq_issues_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cdq_issues_study_display_id_key" ON "cdq_issues" USING btree ("study_id","display_id");--> statement-breakpoint
CREATE INDEX "cdq_issues_study_order_idx" ON "cdq_issues" USING btree ("study_id","date_of_detection","id");
