import type { CriticalProcess } from "~/features/cpcd/critical-processes";

/**
 * The test page's list of critical processes (/ng/testHeader, a test page: 000 §2.3): kept per user in this
 * process's memory, so a Save round-trips through the page's action. Not a product store: it forgets on restart.
 */
interface Stored {
  version: number;
  rows: CriticalProcess[];
}

const SAMPLE: readonly CriticalProcess[] = [
  { title: "Informed consent", details: "Consent is obtained before any study procedure." },
  { title: "Randomisation", details: "" },
];

const store = new Map<string, Stored>();
/** A bound on the users kept: the oldest is forgotten first. */
const MAX_USERS = 1000;

export function loadCriticalProcesses(userId: string): Stored {
  const found = store.get(userId);
  return found ?? { version: 0, rows: SAMPLE.map((row) => ({ ...row })) };
}

export function saveCriticalProcesses(userId: string, rows: readonly CriticalProcess[]): Stored {
  const next = {
    version: loadCriticalProcesses(userId).version + 1,
    rows: rows.map((row) => ({ title: row.title, details: row.details })),
  };
  store.delete(userId);
  store.set(userId, next);
  if (store.size > MAX_USERS) store.delete(store.keys().next().value!);
  return next;
}
