import type { CompanyInfo } from "@server/contracts/companies";
import type { StudyBasicInfo } from "@server/contracts/studies";
import type { Nav } from "./nav";

/** The data of the application shell's layouts (app/lib/shell.server.ts loads it). */

export interface ShellUser {
  id: string;
  name: string;
  /** The address of the user's profile picture in this app, when they have one. */
  pictureHref: string | null;
}

export interface StudyMenuEntry {
  studyName: string;
  displayId: string;
  displayName: string;
  isRetired: boolean;
  /** The Dashboard, else RACT, else null: shown disabled (000 §2.6). */
  href: string | null;
}

export interface CompanyShell {
  company: CompanyInfo;
  nav: Nav;
  studies: StudyMenuEntry[];
  notificationCount: number;
  user: ShellUser;
}

export interface StudyShell {
  study: StudyBasicInfo;
  nav: Nav;
  notificationCount: number;
}

/** The header's props for a page of the company shell, at study level when a study is current. */
export function shellHeader(shell: CompanyShell, study?: StudyShell | null) {
  return {
    companyId: shell.company.id,
    nav: study?.nav ?? shell.nav,
    user: shell.user,
    notificationCount: study?.notificationCount ?? shell.notificationCount,
    studies: shell.studies,
    study: study?.study ?? null,
  };
}
