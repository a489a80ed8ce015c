CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_window" text,
	"running_until" timestamp with time zone,
	"retry_after" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"last_summary" text DEFAULT '' NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"last_run_by" text DEFAULT '' NOT NULL
);
