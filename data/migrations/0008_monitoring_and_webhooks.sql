CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"webhook_id" uuid NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auto_monitor_searches" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "monitored_entities" ADD COLUMN "previous_search_id" uuid;--> statement-breakpoint
ALTER TABLE "monitored_entities" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "monitored_entities" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "monitored_entities" ADD COLUMN "source_search_id" uuid;--> statement-breakpoint
ALTER TABLE "monitored_entities" ADD COLUMN "changes" jsonb;--> statement-breakpoint
ALTER TABLE "monitored_entities" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "monitored_entities" ADD COLUMN "waiting_for" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook" ON "webhook_deliveries" USING btree ("webhook_id","created_at","id");--> statement-breakpoint
ALTER TABLE "monitored_entities" ADD CONSTRAINT "monitored_entities_previous_search_id_searches_id_fk" FOREIGN KEY ("previous_search_id") REFERENCES "public"."searches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_entities" ADD CONSTRAINT "monitored_entities_source_search_id_searches_id_fk" FOREIGN KEY ("source_search_id") REFERENCES "public"."searches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monitored_entities_subject" ON "monitored_entities" USING btree ("user_id",lower("search_term"),"entity_type");--> statement-breakpoint
CREATE INDEX "monitored_entities_due" ON "monitored_entities" USING btree ("status","next_check");