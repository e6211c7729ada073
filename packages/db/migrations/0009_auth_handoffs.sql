CREATE TABLE "auth_handoffs" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "auth_handoffs_expires_idx" ON "auth_handoffs" USING btree ("expires_at");