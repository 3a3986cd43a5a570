ALTER TABLE "api_keys" ADD COLUMN "last_used_ip" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "scopes" jsonb DEFAULT '["screen","read"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "replaced_by_id" uuid;--> statement-breakpoint
-- Keys made before scopes existed keep what they could do (screening, reading, deciding, monitoring): narrowing them
-- here would break integrations without a word; their owners narrow them by making new keys.
UPDATE "api_keys" SET "scopes" = '["screen","read","review","monitor"]'::jsonb;
