CREATE TABLE "case_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" uuid,
	"details" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"author_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_searches" (
	"search_id" uuid PRIMARY KEY NOT NULL,
	"case_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_settings" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"auto_assign" boolean DEFAULT false NOT NULL,
	"per_member_cap" integer,
	"sanctions_hours" integer DEFAULT 24 NOT NULL,
	"pep_hours" integer DEFAULT 72 NOT NULL,
	"media_hours" integer DEFAULT 120 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_unavailable_members" (
	"user_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_unavailable_members_user_id_pk" PRIMARY KEY("user_id")
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"title" text NOT NULL,
	"subject_key" text NOT NULL,
	"subject_name" text NOT NULL,
	"entity_type" "entity_type" NOT NULL,
	"subject_details" jsonb,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"priority" text NOT NULL,
	"assignee_id" uuid,
	"due_at" timestamp with time zone NOT NULL,
	"escalated_at" timestamp with time zone,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cases_status" CHECK ("cases"."status" in ('open', 'investigating', 'closed')),
	CONSTRAINT "cases_outcome" CHECK (("cases"."status" = 'closed') = ("cases"."outcome" is not null))
);
--> statement-breakpoint
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_notes" ADD CONSTRAINT "case_notes_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_notes" ADD CONSTRAINT "case_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_searches" ADD CONSTRAINT "case_searches_search_id_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_searches" ADD CONSTRAINT "case_searches_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_settings" ADD CONSTRAINT "case_settings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_unavailable_members" ADD CONSTRAINT "case_unavailable_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_unavailable_members" ADD CONSTRAINT "case_unavailable_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_events_case" ON "case_events" USING btree ("case_id","at");--> statement-breakpoint
CREATE INDEX "case_notes_case" ON "case_notes" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE INDEX "case_searches_case" ON "case_searches" USING btree ("case_id","added_at");--> statement-breakpoint
CREATE INDEX "case_unavailable_members_organisation" ON "case_unavailable_members" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cases_open_subject" ON "cases" USING btree ("organisation_id","subject_key") WHERE "cases"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "cases_subject" ON "cases" USING btree ("organisation_id","subject_key","created_at");--> statement-breakpoint
CREATE INDEX "cases_list" ON "cases" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cases_assignee" ON "cases" USING btree ("organisation_id","assignee_id","status");