ALTER TABLE "orders" ADD COLUMN "trade_in" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trade_in_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_trade_in_key_unique" UNIQUE("trade_in_key");