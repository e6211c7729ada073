CREATE TABLE "order_return_lines" (
	"return_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_return_lines_return_id_order_line_id_pk" PRIMARY KEY("return_id","order_line_id"),
	CONSTRAINT "order_return_lines_positive" CHECK ("order_return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"idempotency_key" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	"received_by" text,
	"refund_id" integer,
	CONSTRAINT "order_returns_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "order_returns_reason" CHECK ("order_returns"."reason" in ('DAMAGED', 'WRONG_ITEM', 'NOT_AS_DESCRIBED', 'NOT_NEEDED', 'WARRANTY', 'OTHER')),
	CONSTRAINT "order_returns_refunded_after_received" CHECK ("order_returns"."refund_id" is null or "order_returns"."received_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_return_lines_line_idx" ON "order_return_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_returns_idempotency_idx" ON "order_returns" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id","id");