/** Every table, one module per domain area. New tables arrive with new migrations (npm run db:generate). */
export * from "./meta-schema";
export * from "../companies/schema";
export * from "../studies/schema";
export * from "../users/schema";
export * from "../permissions/schema";
export * from "../audit/schema";
export * from "../mail/schema";
export * from "../auth/schema";
export * from "../notifications/schema";
export * from "../cpcd/schema";

// issue 13, audit trail (indexes only, in ../audit/schema)

// issue 14, Compliance & Data Quality: ../cdq/schema
export * from "../cdq/schema";

// issue 15, Protocol Analysis: ../files/schema, ../jobs/schema, ../protocol-analysis/schema, ../ract/schema
export * from "../protocol-analysis/tables";

// issue 22, job leases: ../jobs/schema
export * from "../jobs/schema";
