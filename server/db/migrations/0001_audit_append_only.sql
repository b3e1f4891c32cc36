-- The audit trail is append-only and tamper-evident (21 CFR 11.10(e), EU Annex 11 §9).
-- docs/decisions/0006-audit-trail.md explains the design.

-- The digest of one entry: SHA-256 over the previous entry's hash and this entry's content.
CREATE FUNCTION audit_entry_digest(prev text, e audit_entries) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(prev || '|' || jsonb_build_object(
    'id', e.id,
    'seq', e.seq,
    'timestamp', to_char(e."timestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'level', e.level,
    'companyId', e.company_id,
    'studyId', e.study_id,
    'entryPoint', e.entry_point,
    'contextOfChange', e.context_of_change,
    'requester', e.requester,
    'requestBody', e.request_body,
    'responseBody', e.response_body,
    'dataChanges', e.data_changes,
    'rationale', e.rationale
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint

-- Every insert is stamped by the database: gap-free seq in commit order, a strictly increasing UTC timestamp
-- from the database clock, and the hash chain. A transaction-level advisory lock serialises writers across instances.
CREATE FUNCTION audit_entries_before_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
  last_ts timestamptz;
  stamp timestamptz := clock_timestamp();
BEGIN
  PERFORM pg_advisory_xact_lock(728310047);
  SELECT seq, hash, "timestamp" INTO last_seq, last_hash, last_ts FROM audit_entries ORDER BY seq DESC LIMIT 1;
  IF last_seq IS NULL THEN
    NEW.seq := 1;
    NEW.prev_hash := repeat('0', 64);
  ELSE
    NEW.seq := last_seq + 1;
    NEW.prev_hash := last_hash;
    IF stamp <= last_ts THEN
      stamp := last_ts + interval '1 microsecond';
    END IF;
  END IF;
  NEW."timestamp" := date_trunc('microseconds', stamp);
  NEW.hash := audit_entry_digest(NEW.prev_hash, NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint

CREATE TRIGGER audit_entries_stamp BEFORE INSERT ON audit_entries
FOR EACH ROW EXECUTE FUNCTION audit_entries_before_insert();
--> statement-breakpoint

CREATE FUNCTION audit_entries_reject_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_entries is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint

CREATE TRIGGER audit_entries_no_update_delete BEFORE UPDATE OR DELETE ON audit_entries
FOR EACH ROW EXECUTE FUNCTION audit_entries_reject_change();
--> statement-breakpoint

CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON audit_entries
FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_reject_change();
