/**
 * The permission engine: a pure function from (address, grants, context) to allow/deny.
 *
 * A permission address is an API call path prefixed with "api" (000 §6, 001 §7), for example
 * "api/companies/6560…/studies/DEMO001/auditLogs/get". A grant allows the addresses its pattern matches,
 * within its scope. Patterns are slash-separated segments:
 *   literal       matches exactly (case-sensitive, like the router)
 *   *             matches any one segment
 *   **            matches zero or more segments
 *   {companyId}   matches the company of the grant's scope (any company for a system grant)
 *   {studyName}   matches the study of the grant's scope (any study of the company for a company grant)
 * An address about a user (`api/users/{userId}/…`, `api/users/me/…` for the caller) belongs to that user's
 * companies, not to the caller's: a company-scoped grant reaches it only when the user is a member of the grant's
 * company, a study grant never, a system grant as its pattern says, and a self grant only when the user is the caller.
 * Anything that is not allowed is denied. See docs/decisions/0005-permissions.md.
 */

export type GrantScope =
  | { scope: "system" }
  | { scope: "company"; companyId: string }
  | { scope: "study"; companyId: string; studyName: string }
  /** Calls about the caller themself (`api/users/me/…` or their own id): what a route allows anyone about themself. */
  | { scope: "self" };

export type Grant = GrantScope & { pattern: string };

export interface PermissionContext {
  /** The company that applies to addresses naming none (the user's home company). */
  companyId: string | null;
  /** The caller: an address about this user (or `me`) is about the caller themself. */
  userId?: string | null;
  /** The companies of the user an address is about (`api/users/{userId}/…`), as the caller looked them up. */
  subjectUserCompanies?: readonly string[];
}

export interface ParsedAddress {
  segments: readonly string[];
  companyId: string | null;
  studyName: string | null;
  /** The user an address is about (`api/users/{userId}/…`; "me" is the caller), or null. */
  subjectUserId: string | null;
}

const PLACEHOLDERS = new Set(["{companyId}", "{studyName}"]);
const MAX_ADDRESS_LENGTH = 2048;

/** What an address says by itself, before the caller's context applies. */
interface AddressShape {
  segments: readonly string[];
  /** The company its path names (`api/companies/{companyId}/…`), or null. */
  pathCompanyId: string | null;
  studyName: string | null;
  subjectUserId: string | null;
}

/**
 * Parsed shapes and checked patterns by text. A page asks about the same few hundred addresses and grant patterns on
 * every request; they are parsed once per process. Bounded: a full memo starts afresh.
 */
const MEMO_LIMIT = 10_000;
const shapes = new Map<string, AddressShape | null>();
const patterns = new Map<string, readonly string[] | null>();
function remember<V>(memo: Map<string, V>, key: string, value: V): V {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
}

/**
 * Normalises an address: an optional leading "/", the "api" first segment, no query or fragment beyond a
 * studyName query parameter, each segment percent-decoded. Returns null for anything malformed: empty or
 * dot segments, encoded slashes, control characters, a bad escape. A malformed address is always denied.
 */
export function parseAddress(address: string, context: PermissionContext): ParsedAddress | null {
  if (typeof address !== "string" || address.length === 0 || address.length > MAX_ADDRESS_LENGTH) return null;
  const shape = shapes.has(address) ? shapes.get(address)! : remember(shapes, address, parseShape(address));
  if (!shape) return null;
  // An address about a user belongs to that user's companies, never to the caller's by default.
  const companyId = shape.pathCompanyId ?? (shape.subjectUserId === null ? context.companyId : null);
  return {
    segments: shape.segments,
    companyId,
    studyName: shape.studyName,
    subjectUserId: shape.subjectUserId,
  };
}

function parseShape(address: string): AddressShape | null {
  const hashAt = address.indexOf("#");
  const withoutHash = hashAt >= 0 ? address.slice(0, hashAt) : address;
  const queryAt = withoutHash.indexOf("?");
  const rawPath = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
  const query = queryAt >= 0 ? withoutHash.slice(queryAt + 1) : "";

  const trimmed = rawPath.replace(/^\//, "").replace(/\/$/, "");
  if (trimmed.length === 0) return null;
  const segments: string[] = [];
  for (const raw of trimmed.split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (!isCleanSegment(segment)) return null;
    segments.push(segment);
  }
  if (segments[0] !== "api" || segments.length < 2) return null;

  const subjectUserId = segments[1] === "users" && segments.length > 3 ? segments[2]! : null;
  let pathCompanyId: string | null = null;
  let studyName: string | null = null;
  let rest = 1;
  if (segments[1] === "companies" && segments.length > 3) {
    pathCompanyId = segments[2]!;
    rest = 3;
  }
  if (segments[rest] === "studies" && segments.length > rest + 2) {
    studyName = segments[rest + 1]!;
  }
  // A studyName query parameter scopes a legacy-style address (one naming neither company nor study in its path) to
  // that study. It never narrows a company's or a user's address down to a study, which would let a study grant
  // reach a company-level call: the call's own check reads the path alone (server/http/api.ts).
  if (studyName === null && query && rest === 1 && subjectUserId === null) {
    const fromQuery = new URLSearchParams(query).get("studyName");
    if (fromQuery !== null) {
      if (!isCleanSegment(fromQuery)) return null;
      studyName = fromQuery;
    }
  }
  return { segments: Object.freeze(segments), pathCompanyId, studyName, subjectUserId };
}

/** A grant pattern's segments, or null when its syntax is wrong (it then allows nothing). */
function patternSegments(pattern: string): readonly string[] | null {
  if (patterns.has(pattern)) return patterns.get(pattern)!;
  return remember(patterns, pattern, validatePattern(pattern) === null ? Object.freeze(pattern.split("/")) : null);
}

function isCleanSegment(segment: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  return segment.length > 0 && segment !== "." && segment !== ".." && !/[/\\\u0000-\u001f\u007f]/.test(segment);
}

/** Checks a grant pattern's syntax; used when grants are written. */
export function validatePattern(pattern: string): string | null {
  if (typeof pattern !== "string" || pattern.length === 0 || pattern.length > 512) return "must be 1 to 512 characters";
  const segments = pattern.split("/");
  if (segments[0] !== "api") return 'must start with "api/"';
  for (const segment of segments) {
    if (segment.length === 0) return "must not contain empty segments";
    if (segment.includes("{") || segment.includes("}")) {
      if (!PLACEHOLDERS.has(segment)) return `unknown placeholder "${segment}"`;
      continue;
    }
    if (segment.includes("*") && segment !== "*" && segment !== "**") return "wildcards must be whole segments";
    if (!isCleanSegment(segment)) return `invalid segment "${segment}"`;
  }
  return null;
}

/** True when the user an address is about is the caller. */
export function isAboutCaller(address: ParsedAddress, context: Pick<PermissionContext, "userId">): boolean {
  const subject = address.subjectUserId;
  return subject !== null && !!context.userId && (subject === "me" || subject === context.userId);
}

/** True when one grant allows the parsed address. */
export function grantAllows(
  grant: Grant,
  address: ParsedAddress,
  context: Pick<PermissionContext, "userId" | "subjectUserCompanies"> = {},
): boolean {
  let boundCompany: string | null = null;
  let boundStudy: string | null = null;
  if (grant.scope === "self") {
    if (!isAboutCaller(address, context)) return false;
  } else if (grant.scope === "system") {
    // Everywhere, as the pattern says.
  } else if (address.subjectUserId !== null) {
    // About a user: only a company grant of one of that user's companies.
    if (grant.scope !== "company" || !(context.subjectUserCompanies ?? []).includes(grant.companyId)) return false;
    boundCompany = grant.companyId;
  } else if (grant.scope === "company") {
    if (address.companyId !== grant.companyId) return false;
    boundCompany = grant.companyId;
  } else if (grant.scope === "study") {
    if (address.companyId !== grant.companyId || address.studyName !== grant.studyName) return false;
    boundCompany = grant.companyId;
    boundStudy = grant.studyName;
  } else {
    // A scope this engine does not know allows nothing.
    return false;
  }
  const pattern = typeof grant.pattern === "string" ? patternSegments(grant.pattern) : null;
  if (!pattern) return false;
  return matchSegments(pattern, 0, address.segments, 0, {
    companyId: boundCompany,
    studyName: boundStudy,
    addressCompanyId: address.companyId,
    addressStudyName: address.studyName,
  });
}

interface Bindings {
  companyId: string | null;
  studyName: string | null;
  addressCompanyId: string | null;
  addressStudyName: string | null;
}

function matchSegments(
  pattern: readonly string[],
  p: number,
  path: readonly string[],
  s: number,
  bindings: Bindings,
): boolean {
  while (p < pattern.length) {
    const token = pattern[p]!;
    if (token === "**") {
      if (p === pattern.length - 1) return true;
      for (let k = s; k <= path.length; k++) {
        if (matchSegments(pattern, p + 1, path, k, bindings)) return true;
      }
      return false;
    }
    if (s >= path.length) return false;
    const segment = path[s]!;
    if (token === "*") {
      // any one segment
    } else if (token === "{companyId}") {
      // The placeholder stands for the address's own company, and for the grant's company when it has one.
      if (segment !== bindings.addressCompanyId) return false;
      if (bindings.companyId !== null && segment !== bindings.companyId) return false;
    } else if (token === "{studyName}") {
      if (segment !== bindings.addressStudyName) return false;
      if (bindings.studyName !== null && segment !== bindings.studyName) return false;
    } else if (token !== segment) {
      return false;
    }
    p++;
    s++;
  }
  return s === path.length;
}

/** The single decision: does any grant allow this address? */
export function isAllowed(address: string, grants: readonly Grant[], context: PermissionContext): boolean {
  const parsed = parseAddress(address, context);
  if (!parsed) return false;
  return grants.some((grant) => grantAllows(grant, parsed, context));
}

/**
 * For an address about a user: the user's companies from which the grants allow it, or "all" when a system grant or
 * (about the caller) a self grant does. What such a call answers about the user is limited to these companies' data.
 */
export function companiesAllowing(
  address: string,
  grants: readonly Grant[],
  context: PermissionContext,
): "all" | string[] {
  const parsed = parseAddress(address, context);
  if (!parsed || parsed.subjectUserId === null) return [];
  const everywhere = grants.some(
    (grant) => (grant.scope === "system" || grant.scope === "self") && grantAllows(grant, parsed, context),
  );
  if (everywhere) return "all";
  return (context.subjectUserCompanies ?? []).filter((companyId) =>
    grants.some(
      (grant) =>
        grant.scope === "company" &&
        grant.companyId === companyId &&
        grantAllows(grant, parsed, { ...context, subjectUserCompanies: [companyId] }),
    ),
  );
}
