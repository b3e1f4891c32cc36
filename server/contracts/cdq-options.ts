/** The fixed options of the Compliance & Data Quality area: no dependencies, so pages can import them. */

/** The issue list's page sizes and default (001 §9). */
export const CDQ_PAGE_SIZES = [10, 20, 50] as const;
export const CDQ_DEFAULT_PAGE_SIZE = 10;
/** The highest page number a list call takes: far beyond any real list, and safely an integer offset. */
export const CDQ_MAX_PAGE = 1_000_000;

/** Issue states, review statuses and review levels (001 §4 "Issue status options"). */
export const CDQ_STATES = ["Active", "Completed"] as const;
export const CDQ_REVIEW_STATUSES = ["Reviewed", "Verified", "Rejected"] as const;
export const CDQ_REVIEW_LEVELS = ["Next", "Final", "Sponsor"] as const;
export type CdqState = (typeof CDQ_STATES)[number];
export type CdqReviewStatus = (typeof CDQ_REVIEW_STATUSES)[number];
