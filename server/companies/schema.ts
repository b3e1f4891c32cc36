import { boolean, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { bytea, createdAt, updatedAt } from "../db/columns";

export const companies = pgTable("companies", {
  id: text("id").primaryKey(),
  displayName: text("display_name").notNull(),
  /** Company setting isProtocolAnalysisToolAEnabled (000 §3.1, 001 §6). */
  isProtocolAnalysisToolEnabled: boolean("is_protocol_analysis_tool_enabled").notNull().default(false),
  /**
   * Beyond the spec (ADR 0044): every save of a CP&CD list must give a rationale for the change. Off by default: the
   * rationale is then optional.
   */
  isCpcdRationaleRequired: boolean("is_cpcd_rationale_required").notNull().default(false),
  /** Single sign-on: null (passwords), "saml" or "oidc"; the IdP settings live in ssoConfig. */
  ssoProtocol: text("sso_protocol"),
  ssoConfig: jsonb("sso_config").$type<Record<string, unknown>>(),
  logoData: bytea("logo_data"),
  logoContentType: text("logo_content_type"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
