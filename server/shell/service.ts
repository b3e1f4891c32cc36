import type { Principal } from "../auth/principal";
import { getCompany } from "../companies/service";
import type { Config } from "../config/config";
import { companyCalls } from "../contracts/calls/companies";
import { permissionAddress } from "../contracts/calls/define";
import { studyEntryAddresses } from "../contracts/calls/shell";
import { studyCalls } from "../contracts/calls/studies";
import type { ShellAnswer, ShellPart } from "../contracts/shell";
import type { StudyBasicInfo } from "../contracts/studies";
import type { Db } from "../db/database";
import { countOwnUnread } from "../notifications/service";
import { checkAddresses } from "../permissions/service";
import { buildSettings } from "../settings/service";
import { companyStudies, getStudy, listStudies, studiesKey } from "../studies/service";

/** Reference data from the cache of the caller's epoch (the route's `cached`). */
type Cached = <T>(key: string, load: () => Promise<T>) => Promise<T>;

export interface ShellInput {
  db: Db;
  cached: Cached;
  config: Config;
  principal: Principal;
  /** The reference cache's key of a study, as the pipeline's scope reads it (server/http/scope.ts `studyKey`). */
  studyKey: (companyId: string, studyName: string) => string;
  companyId: string;
  studyName: string | null;
  /** The header's permission addresses. */
  asked: readonly string[];
}

/** The list call's default paging (000 §7): what the layouts asked for. */
const LIST_PAGING = { page: 1, pageSize: 200 };

/**
 * What the company and study layouts need, in one call (ADR 0062). Each part keeps the rule of the call it stands
 * for: its permission first (403), then what it names (404), then its data, from the same reads and caches; the
 * permission answers come from the same `principal.can` as the batch check.
 */
export async function loadShell(input: ShellInput): Promise<ShellAnswer> {
  const { db, cached, principal, companyId, studyName } = input;
  const [company, studies, study, notifications] = await Promise.all([
    companyPart(input),
    studiesPart(input),
    studyName === null ? null : studyPart(input, studyName),
    countOwnUnread(db, cached, principal, studyName),
  ]);
  const entries = studies.ok ? studies.data.items.flatMap((s) => studyEntryAddresses(companyId, s.studyName)) : [];
  const addresses = [...new Set([...input.asked, ...entries])];
  await principal.prepare(addresses);
  return {
    settings: buildSettings(input.config, principal),
    company,
    studies,
    study,
    notificationCount: notifications.totalRecords,
    permissionCheckResults: await checkAddresses(addresses, (address) => principal.can(address)),
  };
}

const refused = { ok: false, status: 403 } as const;
const notFound = { ok: false, status: 404 } as const;

/** As POST /companies/{companyId}/get: the permission, then the company of the path (404). */
async function companyPart({ db, cached, principal, companyId }: ShellInput): Promise<ShellAnswer["company"]> {
  if (!(await principal.can(permissionAddress(companyCalls.get, { companyId })))) return refused;
  const company = await cached(`company:${companyId}`, () => getCompany(db, companyId));
  return company ? { ok: true, data: company } : notFound;
}

/** As POST /companies/{companyId}/studies/get: the permission, then the studies whose basic info the caller may get. */
async function studiesPart({ db, cached, principal, companyId }: ShellInput): Promise<ShellAnswer["studies"]> {
  if (!(await principal.can(permissionAddress(studyCalls.list, { companyId })))) return refused;
  const rows = await cached(studiesKey(companyId), () => companyStudies(db, companyId));
  const list = await listStudies(rows, LIST_PAGING, (name) =>
    principal.can(permissionAddress(studyCalls.get, { companyId, studyName: name })),
  );
  return { ok: true, data: list };
}

/** As POST /companies/{companyId}/studies/{studyName}/get: the permission, then the study within that company (404). */
async function studyPart(input: ShellInput, studyName: string): Promise<ShellPart<StudyBasicInfo>> {
  const { db, cached, principal, companyId } = input;
  if (!(await principal.can(permissionAddress(studyCalls.get, { companyId, studyName })))) return refused;
  const study = await cached(input.studyKey(companyId, studyName), () => getStudy(db, companyId, studyName));
  return study ? { ok: true, data: study } : notFound;
}
