CREATE TABLE "identity_known_addresses" (
	"user_id" uuid NOT NULL,
	"address_hash" text NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "identity_known_addresses_user_id_address_hash_pk" PRIMARY KEY("user_id","address_hash")
);
--> statement-breakpoint
ALTER TABLE "identity_known_addresses" ADD CONSTRAINT "identity_known_addresses_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_known_addresses_seen_idx" ON "identity_known_addresses" USING btree ("last_seen_at");