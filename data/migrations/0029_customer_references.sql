ALTER TABLE "monitored_entities" ADD COLUMN "customer_ref" text;--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "customer_ref" text;