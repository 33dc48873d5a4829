CREATE TABLE "job_steps" (
	"job_id" text NOT NULL,
	"step" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "job_steps_job_id_step_pk" PRIMARY KEY("job_id","step")
);
