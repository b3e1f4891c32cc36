import { data, type Params } from "@remix-run/react";

/**
 * Route parameters are checked, not asserted: a missing or malformed one answers 404 (there is no such page), never
 * a crash. Company ids are the 24 hexadecimal digits of an object id; study names are short names without slashes or
 * control characters.
 */
const COMPANY_ID = /^[0-9a-f]{24}$/i;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const STUDY_NAME = /^[^/\\\u0000-\u001f\u007f]{1,128}$/;

function param(params: Params, name: string, pattern: RegExp): string {
  const value = params[name];
  if (value === undefined || !pattern.test(value)) throw data(null, { status: 404, statusText: "Not Found" });
  return value;
}

export const companyIdParam = (params: Params) => param(params, "companyId", COMPANY_ID);
export const studyNameParam = (params: Params) => param(params, "studyName", STUDY_NAME);
/** Any other id in an address (an entry, an issue, a user): 1 to 128 characters without slashes or control characters. */
export const idParam = (params: Params, name: string) => param(params, name, STUDY_NAME);
