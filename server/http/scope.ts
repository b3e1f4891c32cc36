import type { CompanyInfo } from "../contracts/companies";
import type { StudyBasicInfo } from "../contracts/studies";
import type { Db } from "../db/database";
import { notFound } from "./problem";
import type { CompanyScope, RouteDefinition, StudyScope } from "./route";

/** Reference data from the cache of the caller's epoch, loaded on a miss (never cached inside a change). */
export type Cached = <T>(key: string, load: () => Promise<T>) => Promise<T>;

/**
 * How the pipeline finds what a path names. The pipeline knows no domain: the composition root (server/service.ts)
 * hands it these look-ups, from server/companies and server/studies.
 */
export interface ScopeLookups {
  company(db: Db, companyId: string): Promise<CompanyInfo | null>;
  study(db: Db, companyId: string, studyName: string): Promise<StudyBasicInfo | null>;
}

/** The reference cache's key of a company's study by its name. */
export const studyKey = (companyId: string, studyName: string) => `study:${companyId}:${studyName}`;

/** The study of a company by its name, through the cache: the one place it is looked up for a path. */
export const studyOf = (lookups: ScopeLookups, db: Db, cached: Cached, companyId: string, studyName: string) =>
  cached(studyKey(companyId, studyName), () => lookups.study(db, companyId, studyName));

/**
 * The scope middleware: what a route's `scope` names, resolved from its path once, before its handler runs. "The
 * company of the path, or 404" and "the study of the path (within the company of the path), or 404" are written here
 * and nowhere else.
 */
export async function resolveScope(
  route: Pick<RouteDefinition, "scope" | "path">,
  params: Record<string, string>,
  lookups: ScopeLookups,
  db: Db,
  cached: Cached,
  caller: { homeCompanyId: string } | null = null,
): Promise<CompanyScope | StudyScope | undefined> {
  if (!route.scope) return undefined;
  const { companyId, studyName } = params;
  if (route.scope === "homeStudy") {
    if (!caller) throw new Error(`${route.path}: a home-study scope needs a signed-in caller`);
    if (studyName === undefined) throw new Error(`${route.path}: a home-study scoped route needs :studyName`);
    const study = await studyOf(lookups, db, cached, caller.homeCompanyId, studyName);
    if (!study) throw notFound("The study does not exist.");
    return { companyId: caller.homeCompanyId, studyName, study };
  }
  if (companyId === undefined) throw new Error(`${route.path}: a scoped route needs :companyId`);
  if (route.scope === "company") {
    const company = await cached(`company:${companyId}`, () => lookups.company(db, companyId));
    if (!company) throw notFound("The company does not exist.");
    return { companyId, company };
  }
  if (studyName === undefined) throw new Error(`${route.path}: a study-scoped route needs :studyName`);
  const study = await studyOf(lookups, db, cached, companyId, studyName);
  if (!study) throw notFound("The study does not exist.");
  return { companyId, studyName, study };
}

/** A route table whose scoped routes lack the parameters their scope needs is a mistake: it stops the start. */
export function checkScopes(routes: readonly RouteDefinition[]): void {
  for (const route of routes) {
    if (!route.scope) continue;
    if (route.scope === "homeStudy" && route.access === "public") {
      throw new Error(`${route.path}: a homeStudy scope needs a signed-in caller, not public access`);
    }
    const needs = { study: [":companyId", ":studyName"], homeStudy: [":studyName"], company: [":companyId"] }[
      route.scope
    ];
    for (const name of needs) {
      if (!route.path.split("/").includes(name)) throw new Error(`${route.path}: a ${route.scope} scope needs ${name}`);
    }
  }
}
