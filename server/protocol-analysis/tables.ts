/** The Protocol Analysis Tool's tables (issue 15), for the schema index: files, requests, the RACT working draft. */
export * from "../files/schema";
export * from "./schema";
export * from "../ract/schema";
