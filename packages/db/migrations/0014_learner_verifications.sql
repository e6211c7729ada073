CREATE TABLE "learner_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"market" text NOT NULL,
	"trainee_type" text NOT NULL,
	"institution" text NOT NULL,
	"graduation_year" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"proof_name" text NOT NULL,
	"proof_content_type" text NOT NULL,
	"proof_size" integer NOT NULL,
	"proof" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"valid_until" timestamp with time zone,
	CONSTRAINT "learner_verifications_status" CHECK ("learner_verifications"."status" in ('PENDING', 'APPROVED', 'REJECTED')),
	CONSTRAINT "learner_verifications_market" CHECK ("learner_verifications"."market" in ('HUMAN', 'VETERINARY'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "learner_verifications" ADD CONSTRAINT "learner_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_verifications" ADD CONSTRAINT "learner_verifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learner_verifications_user_idx" ON "learner_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "learner_verifications_pending_idx" ON "learner_verifications" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role" CHECK ("users"."staff_role" is null or "users"."staff_role" in ('OWNER', 'CATALOGUE_MANAGER', 'ORDER_MANAGER', 'SUPPORT'));