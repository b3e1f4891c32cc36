/**
 * The soak's accounts (`npm run soak`, docs/decisions/0037-soak-and-bench-measures.md): before the service starts,
 * the database it will open is migrated, given the demo data, and given one account per virtual user, so that each
 * virtual user signs in as itself and holds its own session. The product has no API that creates users (accounts
 * come from the seed and single sign-on), so this step writes them with the service's own code, the way the demo seed
 * does. scripts/soak.mjs bundles this file with esbuild and calls seedSoakUsers.
 *
 * The accounts are members of Demo Pharma and of one group, "Soak users", that may call everything within the company
 * (the administrator's grant), so every page and call of the mix is allowed. They share the demo password (hashed
 * once: the sign-ins still verify it one by one).
 */
import { loadConfig } from "../server/config/config";
import { openDatabase } from "../server/db/database";
import { insertGrants } from "../server/permissions/service";
import { DEMO, DEMO_PASSWORD, seedDemoData } from "../server/seed/demo";
import { hashPassword } from "../server/users/passwords";
import { companyMembers, groupMembers, groups, users } from "../server/users/schema";

const GROUP_ID = "50a4de0000000000000000ff";

/** The e-mail address of virtual user `index` (from 0). */
export const soakEmail = (index: number) => `soak-${String(index + 1).padStart(4, "0")}@demo-pharma.example`;

/**
 * Migrates and seeds the database the service will open with this environment (DATA_DIR or DATABASE_URL, as
 * server/config/config.ts reads them), adds `count` accounts, and closes it again. Returns their addresses.
 */
export async function seedSoakUsers(env: Record<string, string | undefined>, count: number): Promise<string[]> {
  const config = loadConfig(env);
  const database = await openDatabase(config.database);
  try {
    await seedDemoData(database, { saml: config.demoSaml });
    const emails = Array.from({ length: count }, (_, i) => soakEmail(i));
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const company = DEMO.company.id;
    const ids = emails.map((_, i) => `50a4de${String(i + 1).padStart(18, "0")}`);
    await database.withLock("rbqm:soak-seed", async (tx) => {
      await tx.insert(groups).values({ id: GROUP_ID, companyId: company, displayName: "Soak users" });
      if (count === 0) return;
      await tx.insert(users).values(
        emails.map((email, i) => ({
          id: ids[i]!,
          email,
          displayName: `Soak User ${i + 1}`,
          homeCompanyId: company,
          passwordHash,
          passwordChangedAt: new Date(),
        })),
      );
      await tx.insert(companyMembers).values(ids.map((userId) => ({ companyId: company, userId })));
      await tx.insert(groupMembers).values(ids.map((userId) => ({ groupId: GROUP_ID, userId })));
      await insertGrants(tx, [
        { principalType: "group", principalId: GROUP_ID, scope: "company", companyId: company, pattern: "api/**" },
      ]);
    });
    return emails;
  } finally {
    await database.close();
  }
}
