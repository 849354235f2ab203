CREATE TABLE "known_devices" (
	"token_hash" text NOT NULL,
	"email" varchar(254) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_devices_token_hash_email_pk" PRIMARY KEY("token_hash","email")
);
