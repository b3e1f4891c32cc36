import { z } from "zod";
import type { CompanyInfo } from "./companies";
import type { PermissionCheckResponse } from "./permissions";
import type { Settings } from "./settings";
import type { StudyBasicInfo, StudyList } from "./studies";

/**
 * POST /api/companies/{companyId}/shell/get (beyond the spec, ADR 0062): what the company and study layouts of a page
 * need, in one call. The study (when named) and the bell counts that study's notifications, as the study layout did;
 * `permissions` are the header's addresses; the study menu's entry addresses are added by the API once it has read
 * the list.
 */
export const shellRequestSchema = z.object({
  studyName: z.string().trim().min(1).max(200).nullish(),
  permissions: z.array(z.string().min(1).max(2048)).max(500),
});
export type ShellRequest = z.input<typeof shellRequestSchema>;

/**
 * One part of the shell: its data, or what the standalone call would have answered instead (403: the caller may not
 * make it; 404: what it names does not exist). A refused part carries nothing of what it names.
 */
export type ShellPart<T> = { ok: true; data: T } | { ok: false; status: 403 | 404 };

export interface ShellAnswer {
  /** As GET /api/v2/settings answers the caller. */
  settings: Settings;
  /** As POST /api/companies/{companyId}/get. */
  company: ShellPart<CompanyInfo>;
  /** As POST /api/companies/{companyId}/studies/get with its default paging (page 1 of 200). */
  studies: ShellPart<StudyList>;
  /** As POST /api/companies/{companyId}/studies/{studyName}/get; null when no study was named. */
  study: ShellPart<StudyBasicInfo> | null;
  /** As POST /api/users/me/notifications/get with the study's name (or none). */
  notificationCount: number;
  /**
   * As POST /api/auth/permissions/check: the asked addresses, then each listed study's entry addresses (its
   * Dashboard and RACT, 000 §2.6), in that order, without repeats.
   */
  permissionCheckResults: PermissionCheckResponse["permissionCheckResults"];
}
