ALTER TYPE "public"."credit_transaction_type" ADD VALUE 'credit_refund';--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"credits" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"payment_intent_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"receipt_url" text,
	"refunded_credits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	CONSTRAINT "purchases_paymentIntentId_unique" UNIQUE("payment_intent_id")
);
--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD COLUMN "purchase_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD COLUMN "external_ref" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_user" ON "purchases" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "purchases_created" ON "purchases" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transactions_external_ref" ON "credit_transactions" USING btree ("external_ref") WHERE "credit_transactions"."external_ref" is not null;