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
--> statement-breakpoint
CREATE TABLE "cdq_issue_counts" (
	"study_id" text PRIMARY KEY NOT NULL,
	"issue_count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cdq_issue_counts" ADD CONSTRAINT "cdq_issue_counts_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Each study's number of issues, kept by statement-level triggers (one update per statement, whatever its size), so
-- the list's total is one row read instead of a count over the study's index (docs/decisions/0027-cdq-issues.md).
CREATE FUNCTION cdq_issue_counts_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO cdq_issue_counts (study_id, issue_count)
  SELECT study_id, count(*) FROM cdq_new_rows GROUP BY study_id
  ON CONFLICT (study_id) DO UPDATE SET issue_count = cdq_issue_counts.issue_count + EXCLUDED.issue_count;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION cdq_issue_counts_remove() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cdq_issue_counts c SET issue_count = c.issue_count - o.n
  FROM (SELECT study_id, count(*) AS n FROM cdq_old_rows GROUP BY study_id) o
  WHERE c.study_id = o.study_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cdq_issues_count_insert AFTER INSERT ON cdq_issues
REFERENCING NEW TABLE AS cdq_new_rows FOR EACH STATEMENT EXECUTE FUNCTION cdq_issue_counts_add();
--> statement-breakpoint
CREATE TRIGGER cdq_issues_count_delete AFTER DELETE ON cdq_issues
REFERENCING OLD TABLE AS cdq_old_rows FOR EACH STATEMENT EXECUTE FUNCTION cdq_issue_counts_remove();
--> statement-breakpoint
-- An issue never moves to another study: its study is fixed once written.
CREATE FUNCTION cdq_issues_keep_study() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.study_id IS DISTINCT FROM OLD.study_id OR NEW.company_id IS DISTINCT FROM OLD.company_id THEN
    RAISE EXCEPTION 'an issue cannot move to another study or company';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cdq_issues_keep_study BEFORE UPDATE ON cdq_issues
FOR EACH ROW EXECUTE FUNCTION cdq_issues_keep_study();
