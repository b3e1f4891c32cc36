ALTER TABLE "protocol_analysis_requests" ADD COLUMN "ctq_input" jsonb;--> statement-breakpoint
ALTER TABLE "protocol_analysis_requests" ADD COLUMN "ctq_processes" jsonb;--> statement-breakpoint
ALTER TABLE "protocol_analysis_requests" ADD COLUMN "ctq_data" jsonb;--> statement-breakpoint
ALTER TABLE "protocol_analysis_requests" ADD COLUMN "processes_history_file_id" text;--> statement-breakpoint
ALTER TABLE "protocol_analysis_requests" ADD COLUMN "data_history_file_id" text;--> statement-breakpoint
ALTER TABLE "protocol_analysis_requests" ADD CONSTRAINT "protocol_analysis_requests_processes_history_file_id_files_id_fk" FOREIGN KEY ("processes_history_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_analysis_requests" ADD CONSTRAINT "protocol_analysis_requests_data_history_file_id_files_id_fk" FOREIGN KEY ("data_history_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;