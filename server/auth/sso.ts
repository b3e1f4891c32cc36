import { isNotNull } from "drizzle-orm";
import { companies } from "../companies/schema";
import type { Db } from "../db/database";

export type SsoProtocol = "saml" | "oidc";

export interface SsoCompany {
  id: string;
  displayName: string;
  protocol: SsoProtocol;
  config: Record<string, unknown>;
}

/**
 * The company whose identity provider signs this address in. Decided by the address's domain (the company's
 * ssoConfig.emailDomains), so the answer is the same whether or not the account exists, or by the home company of an
 * existing user whose company uses single sign-on.
 */
export async function ssoCompanyFor(db: Db, email: string, homeCompanyId?: string | null): Promise<SsoCompany | null> {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  const rows = await db.select().from(companies).where(isNotNull(companies.ssoProtocol));
  for (const row of rows) {
    const protocol = row.ssoProtocol;
    if (protocol !== "saml" && protocol !== "oidc") continue;
    const config = row.ssoConfig ?? {};
    const domains = Array.isArray(config.emailDomains) ? config.emailDomains.map((d) => String(d).toLowerCase()) : [];
    if (domains.includes(domain) || row.id === homeCompanyId) {
      return { id: row.id, displayName: row.displayName, protocol, config };
    }
  }
  return null;
}
