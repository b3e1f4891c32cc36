ALTER TABLE "protocol_analysis_requests" ADD COLUMN "inserted_rows" jsonb;--> statement-breakpoint
ALTER TABLE "protocol_analysis_requests" ADD COLUMN "inserted_at" timestamp (6) with time zone;--> statement-breakpoint
ALTER TABLE "protocol_analysis_requests" ADD COLUMN "inserted_by" text;--> statement-breakpoint
ALTER TABLE "protocol_analysis_requests" ADD CONSTRAINT "protocol_analysis_requests_inserted_by_users_id_fk" FOREIGN KEY ("inserted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;