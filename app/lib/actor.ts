/**
 * How an actor (a user, group, company or the system) or a requester is shown (000 §3.8, §8; ADR 0017). The shapes
 * match what the server stores (server/audit/schema.ts AuditActor) plus the user flags isBlocked and isDeleted.
 *
 * Fallbacks, in order:
 * - no actor at all (null or undefined): 'N/A';
 * - not an object, or a type other than user, group, company or system (or none): 'Unexpected data structure';
 * - system: 'System';
 * - user: the display name (from the actor, else from the company user list by id), else the e-mail; with neither,
 *   the id tagged 'not found'; with no id either, 'user not found'. Blocked and deleted users are tagged 'blocked'
 *   and 'deleted'. The e-mail is shown next to a name when both are known;
 * - group: the display name, else 'group not found';
 * - company: the display name, else the id followed by '(not found)', else 'N/A'.
 */

export const ACTOR_TYPES = ["user", "group", "company", "system"] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

export interface Actor {
  type: ActorType;
  id?: string | null;
  displayName?: string | null;
  email?: string | null;
  isBlocked?: boolean | null;
  isDeleted?: boolean | null;
}

/** An item of the company user list (000 §3.7). */
export interface CompanyUser {
  id: string;
  displayName: string;
}

/** Fixed texts (keys under widgets.actor). */
export type ActorMessage = "notApplicable" | "unexpected" | "system" | "userNotFound" | "groupNotFound";
/** Tags shown after a user. */
export type ActorTag = "notFound" | "blocked" | "deleted";

export interface ActorDescription {
  kind: ActorType | "missing" | "malformed";
  /** Data to show (a name, an e-mail or an id), or null when a fixed text stands instead. */
  text: string | null;
  /** A fixed text, when there is no data to show. */
  message: ActorMessage | null;
  /** The e-mail, shown next to a user's name. */
  secondary: string | null;
  /** '(not found)' follows the text (a company known only by id). */
  notFoundSuffix: boolean;
  tags: ActorTag[];
}

function present(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

const fixed = (kind: ActorDescription["kind"], message: ActorMessage): ActorDescription => ({
  kind,
  text: null,
  message,
  secondary: null,
  notFoundSuffix: false,
  tags: [],
});

const shown = (kind: ActorType, text: string, extra: Partial<ActorDescription> = {}): ActorDescription => ({
  kind,
  text,
  message: null,
  secondary: null,
  notFoundSuffix: false,
  tags: [],
  ...extra,
});

/** What to show for an actor or a requester; see the module comment for the fallbacks. */
export function describeActor(actor: unknown, companyUsers?: readonly CompanyUser[] | null): ActorDescription {
  if (actor === null || actor === undefined) return fixed("missing", "notApplicable");
  if (typeof actor !== "object" || Array.isArray(actor)) return fixed("malformed", "unexpected");
  const value = actor as Record<string, unknown>;
  const type = value.type;
  if (typeof type !== "string" || !(ACTOR_TYPES as readonly string[]).includes(type))
    return fixed("malformed", "unexpected");
  const id = present(value.id);
  const displayName = present(value.displayName);
  switch (type as ActorType) {
    case "system":
      return fixed("system", "system");
    case "group":
      return displayName ? shown("group", displayName) : fixed("group", "groupNotFound");
    case "company":
      if (displayName) return shown("company", displayName);
      return id ? shown("company", id, { notFoundSuffix: true }) : fixed("company", "notApplicable");
    case "user": {
      const listed = id ? present(companyUsers?.find((user) => user.id === id)?.displayName) : null;
      const name = displayName ?? listed;
      const email = present(value.email);
      const tags: ActorTag[] = [];
      if (value.isBlocked === true) tags.push("blocked");
      if (value.isDeleted === true) tags.push("deleted");
      if (name) return shown("user", name, { secondary: email && email !== name ? email : null, tags });
      if (email) return shown("user", email, { tags });
      if (id) return shown("user", id, { tags: ["notFound", ...tags] });
      return { ...fixed("user", "userNotFound"), tags };
    }
  }
}
