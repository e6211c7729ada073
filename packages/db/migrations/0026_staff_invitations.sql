CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"invited_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "staff_invitations_status" CHECK ("staff_invitations"."status" in ('PENDING', 'ACCEPTED', 'REVOKED')),
	CONSTRAINT "staff_invitations_role" CHECK ("staff_invitations"."role" in ('OWNER', 'CATALOGUE_MANAGER', 'ORDER_MANAGER', 'SUPPORT'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_token_idx" ON "staff_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_one_pending" ON "staff_invitations" USING btree ("email") WHERE "staff_invitations"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "staff_invitations_created_idx" ON "staff_invitations" USING btree ("created_at");