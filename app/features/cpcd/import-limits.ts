/** The CP&CD import's limits, free of zod: the page shows them before the form's schema has loaded (ADR 0050). */

/** The largest file an import takes: well within the web's form limit (WEB_FORM_MAX_BYTES, 1 MB by default). */
export const MAX_IMPORT_BYTES = 512 * 1024;
/** Pasted text: as much as a file may hold. */
export const MAX_PASTED_CHARACTERS = 512 * 1024;
