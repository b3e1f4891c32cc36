import { z } from "zod";

/**
 * The API's contracts: request schemas (validated by the API) and response types (read by the typed client in app/).
 * This folder is pure: no I/O, no state. It is the only part of server/ that app/ imports.
 */

/** The result wrapper's failure body (000 §8): title is the error code, detail a readable text. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  additionalData?: unknown;
  requestId?: string;
}

/** Error codes the API answers with, in the problem's title. */
export const ErrorCode = {
  NotAuthenticated: "NotAuthenticated",
  Forbidden: "Forbidden",
  NotFound: "NotFound",
  ValidationFailed: "ValidationFailed",
  PayloadTooLarge: "PayloadTooLarge",
  UnsupportedMediaType: "UnsupportedMediaType",
  Conflict: "Conflict",
  TooManyRequests: "TooManyRequests",
  ServiceUnavailable: "ServiceUnavailable",
  Unknown: "Unknown",
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const pagingRequestSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(200),
});
export type PagingRequest = z.infer<typeof pagingRequestSchema>;

export interface Paging {
  page: number;
  pageSize: number;
  totalCount: number;
}

export interface PagedList<T> {
  items: T[];
  paging: Paging;
}

/** The body of calls whose payload is "none": nothing, or an empty object. */
export const emptyBodySchema = z.object({}).passthrough();
