import { fileCalls } from "../contracts/calls/files";
import { defineRoute } from "../http/route";
import { downloadFile, uploadFile } from "./service";

/** 001 §7, 000 §7: file upload and download. */
export const fileRoutes = [
  defineRoute({
    call: fileCalls.upload,
    access: "permission",
    // Streamed to storage within UPLOAD_MAX_BYTES by the handler itself (server/files/service.ts).
    rawBody: true,
    handler: ({ deps, principal, request }) => uploadFile(deps, principal, request),
  }),
  defineRoute({
    call: fileCalls.download,
    access: "permission",
    handler: ({ deps, principal, params }) => downloadFile(deps, principal, params.id),
  }),
];
