/**
 * How an entity (a country, site, subject, …) and a reference (a ticket or a mitigation action) are shown
 * (000 §3.8, §8; ADR 0017).
 *
 * Entity: the display name; else the id with a warning icon; else 'not available'.
 * Reference: the display id, else the id, else 'not available'; a Ticket links to its legacy ticket page and a
 * RiskMitigation to its legacy mitigation page, both within the reference's study (no link without a study or an id).
 */
import { legacyLinks } from "./links";

export interface DisplayEntity {
  id?: string | null;
  displayName?: string | null;
}

export type EntityDescription = { kind: "name"; text: string } | { kind: "id"; text: string } | { kind: "missing" };

function present(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

export function describeEntity(entity: DisplayEntity | null | undefined): EntityDescription {
  const name = present(entity?.displayName);
  if (name) return { kind: "name", text: name };
  const id = present(entity?.id);
  return id ? { kind: "id", text: id } : { kind: "missing" };
}

/** The legacy page of a subject, or null without a study or an id. */
export function subjectHref(
  entity: DisplayEntity | null | undefined,
  studyName: string | null | undefined,
): string | null {
  const id = present(entity?.id);
  const study = present(studyName);
  return id && study ? legacyLinks.subject(study, id) : null;
}

export const REFERENCE_TYPES = ["Ticket", "RiskMitigation"] as const;
export type ReferenceType = (typeof REFERENCE_TYPES)[number];

export interface Reference {
  id?: string | null;
  type?: ReferenceType | string | null;
  displayId?: string | null;
  studyName?: string | null;
}

/** The text of a reference (its display id, else its id), or null when it has neither. */
export function referenceText(reference: Reference | null | undefined): string | null {
  return present(reference?.displayId) ?? present(reference?.id);
}

/** The legacy page of a reference, or null for another type or without a study or an id. */
export function referenceHref(reference: Reference | null | undefined): string | null {
  const id = present(reference?.id);
  const study = present(reference?.studyName);
  if (!id || !study) return null;
  if (reference?.type === "Ticket") return legacyLinks.ticket(id, study);
  if (reference?.type === "RiskMitigation") return legacyLinks.mitigation(id, study);
  return null;
}
