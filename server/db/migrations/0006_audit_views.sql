-- The company-level audit trail (docs/decisions/0026-audit-views-export-and-verification.md): its own entries,
-- newest first, without reading past the study entries of the same company.
CREATE INDEX "audit_entries_company_level_ts_idx" ON "audit_entries" USING btree ("company_id","timestamp" DESC NULLS LAST) WHERE "audit_entries"."level" = 'Company';
