CREATE TABLE "job_leases" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"instance_id" text NOT NULL,
	"lease_until" timestamp (6) with time zone NOT NULL
);
