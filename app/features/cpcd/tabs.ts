/** The CP&CD page's tabs (001 §2): `cpOrCd=cp|cd`, anything else is cp (001 §9, default cp). */
export const CPCD_TABS = ["cp", "cd"] as const;
export type CpcdTab = (typeof CPCD_TABS)[number];

/** The tab a query value names; the page rewrites its address to it. */
export function normaliseTab(value: string | null | undefined): CpcdTab {
  const lower = value?.trim().toLowerCase();
  return lower === "cd" ? "cd" : "cp";
}

export const kindOfTab = (tab: CpcdTab) => (tab === "cp" ? "criticalProcesses" : "criticalData");

/** The import dialog's intents: the first attempt, and Continue after "Duplicate value found" (001 §4). */
export const IMPORT_INTENT = "import";
export const IMPORT_OVERWRITE_INTENT = "importOverwrite";
/** The import dialog's name in the address (`?dialog=import`). */
export const IMPORT_DIALOG = "import";
