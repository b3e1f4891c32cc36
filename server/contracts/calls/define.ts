import type { z } from "zod";

/**
 * One API call, defined once (docs/decisions/0033-api-calls-defined-once.md): its method, its path with typed
 * parameters, its request contract and its answer type. The server's route (server/http/route.ts `defineRoute`), the
 * web app's typed client (app/lib/api/client.server.ts) and the pages' permission gates are all derived from it, so a
 * renamed path is one edit here, and a call used with the wrong parameters is a type error.
 * Pure, like the rest of server/contracts: no I/O, no state.
 */

export type Method = "GET" | "POST";

/** The paths' common beginnings: a company's calls, and a study's within its company. */
export const COMPANY_PATH = "/companies/:companyId";
export const STUDY_PATH = `${COMPANY_PATH}/studies/:studyName` as const;

/** The names of a path template's parameters: "/companies/:companyId/studies/:studyName/get" → companyId | studyName. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The parameters of a path template, each a string; a path not known until run time gives a plain record. */
export type PathParams<P extends string> = string extends P
  ? Record<string, string>
  : { readonly [K in ParamNames<P>]: string };

declare const ANSWER: unique symbol;

/** What a call answers, carried as a type only. */
export interface Answer<T> {
  readonly [ANSWER]?: T;
}

/** The answer type of a call: `answer: answer<StudyList>()`. A call that answers raw bytes says `answer<Blob>()`. */
export const answer = <T>(): Answer<T> => ({});

export interface ApiCall<
  P extends string = string,
  S extends z.ZodType | undefined = z.ZodType | undefined,
  A = unknown,
> {
  method: Method;
  /** Below /api, in Hono syntax: "/companies/:companyId/get". */
  path: P;
  /** The request contract the API validates the body against; none when the call takes no body, or reads it itself. */
  body: S;
  answer: Answer<A>;
}

/** The answer type of a call. */
export type AnswerOf<C> = C extends ApiCall<string, z.ZodType | undefined, infer A> ? A : never;
/** The parameters of a call's path. */
export type ParamsOf<C> = C extends ApiCall<infer P, z.ZodType | undefined, unknown> ? PathParams<P> : never;
/** What a client sends as the body of a call: the request contract's input. */
export type RequestOf<C> =
  C extends ApiCall<string, infer S, unknown> ? (S extends z.ZodType ? z.input<S> : never) : never;

/** Defines a call; `path` keeps its literal type, so its parameters are typed wherever the call is used. */
export function defineCall<const P extends string, A, S extends z.ZodType | undefined = undefined>(call: {
  method: Method;
  path: P;
  body?: S;
  answer: Answer<A>;
}): ApiCall<P, S, A> {
  return { method: call.method, path: call.path, body: call.body as S, answer: call.answer };
}

/** The call's path with its parameters filled in (each one encoded), without the leading slash: "companies/c1/get". */
export function callPath<P extends string>(call: { path: P }, params: PathParams<P>): string {
  const values = params as Record<string, string>;
  const parts = templateOf(call.path);
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const value = values[parts[i]!];
    if (value === undefined) throw new Error(`${call.path}: no value for :${parts[i]}`);
    out += encodeURIComponent(value) + parts[i + 1]!;
  }
  return out;
}

/** A path template split once per process (a page fills a hundred addresses): text, name, text, … name, text. */
const templates = new Map<string, string[]>();
function templateOf(path: string): string[] {
  let parts = templates.get(path);
  if (!parts) {
    parts = path.slice(1).split(/:([A-Za-z]+)/);
    templates.set(path, parts);
  }
  return parts;
}

/** The permission address of a call (000 §6): its path prefixed with "api", as the API checks it. */
export const permissionAddress = <P extends string>(call: { path: P }, params: PathParams<P>): string =>
  `api/${callPath(call, params)}`;
