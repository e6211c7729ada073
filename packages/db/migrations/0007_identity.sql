CREATE TABLE "identity_oidc_payloads" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "identity_oidc_payloads_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "identity_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"alg" text NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_user_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "identity_user_tokens_purpose" CHECK ("identity_user_tokens"."purpose" in ('verify_email', 'reset_password'))
);
--> statement-breakpoint
CREATE TABLE "identity_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"email_verified_at" timestamp with time zone,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"password_changed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "identity_user_tokens" ADD CONSTRAINT "identity_user_tokens_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_oidc_payloads_grant_idx" ON "identity_oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "identity_oidc_payloads_user_code_idx" ON "identity_oidc_payloads" USING btree ("model","user_code");--> statement-breakpoint
CREATE INDEX "identity_oidc_payloads_uid_idx" ON "identity_oidc_payloads" USING btree ("model","uid");--> statement-breakpoint
CREATE INDEX "identity_oidc_payloads_expires_idx" ON "identity_oidc_payloads" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "identity_user_tokens_user_idx" ON "identity_user_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_users_email_key" ON "identity_users" USING btree (lower("email"));