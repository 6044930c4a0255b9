-- Audit rows are append-only (docs/operations.md, "Audit rows are append-only"): an UPDATE, a TRUNCATE or a
-- DELETE of audit_log raises, whoever asks, except a DELETE made by the retention job, which first says so in
-- its own transaction with `set local ps.retention = 'on'` after writing the rows to an archive file.
-- Statement-level: one check per statement, not per row, so the retention job's large deletes cost nothing more.
CREATE OR REPLACE FUNCTION ps_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('ps.retention', true) = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION ps_append_only();
