CREATE TABLE "cache_epochs" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notifications_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The "reference" epoch: process-level caches of companies, studies and permission grants are keyed by it
-- (docs/decisions/0021-fast-pages.md). Every statement that writes one of those tables moves it on, in the same
-- transaction, so a reader that sees the new epoch also sees the change.
INSERT INTO "cache_epochs" ("name", "value") VALUES ('reference', 1);
--> statement-breakpoint
CREATE FUNCTION bump_reference_epoch() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cache_epochs SET value = value + 1 WHERE name = 'reference';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_reference_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_epoch();
--> statement-breakpoint
CREATE TRIGGER studies_reference_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON studies
  FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_epoch();
--> statement-breakpoint
CREATE TRIGGER company_members_reference_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON company_members
  FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_epoch();
--> statement-breakpoint
CREATE TRIGGER groups_reference_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON groups
  FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_epoch();
--> statement-breakpoint
CREATE TRIGGER group_members_reference_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON group_members
  FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_epoch();
--> statement-breakpoint
CREATE TRIGGER permission_grants_reference_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON permission_grants
  FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_epoch();
--> statement-breakpoint
-- A user's notifications version: the bell's count is cached per user by it, and read with the caller.
CREATE FUNCTION bump_notifications_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE users SET notifications_version = notifications_version + 1 WHERE id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE users SET notifications_version = notifications_version + 1 WHERE id = NEW.user_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_version AFTER INSERT OR UPDATE OR DELETE ON notifications
  FOR EACH ROW EXECUTE FUNCTION bump_notifications_version();
