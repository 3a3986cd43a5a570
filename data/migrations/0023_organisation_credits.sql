ALTER TABLE "organisations" ADD COLUMN "credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
-- hand-written
-- Credits move from the user to the organisation. Each organisation takes the sum of its members' balances: after
-- 0022 every organisation has exactly one member with the same id, so this is that member's balance, and should an
-- organisation already have more members, no credit of theirs is lost. Each ledger row takes its member's
-- organisation; its balance column keeps the value it had (the member's balance then, which was the pool's).
-- organisation_id becomes NOT NULL only once every row has it, and users.credits is dropped last.
UPDATE "organisations" AS o SET "credits" = coalesce((SELECT sum(u."credits") FROM "users" AS u WHERE u."organisation_id" = o."id"), 0);
--> statement-breakpoint
UPDATE "credit_transactions" AS t SET "organisation_id" = u."organisation_id" FROM "users" AS u WHERE u."id" = t."user_id";
--> statement-breakpoint
ALTER TABLE "credit_transactions" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_transactions_organisation_id_created_at_id_index" ON "credit_transactions" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_credits_non_negative" CHECK ("organisations"."credits" >= 0);--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_credits_non_negative";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "credits";
