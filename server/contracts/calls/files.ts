import type { FileUploadBody } from "../protocol-analysis";
import { answer, defineCall } from "./define";

/** 001 §7, 000 §7: file upload and download. */
export const fileCalls = {
  /** A multipart body, field File, streamed to storage (the handler reads the body itself). */
  upload: defineCall({ method: "POST", path: "/files", answer: answer<FileUploadBody>() }),
  /** The bytes, with the file's name in Content-Disposition. */
  download: defineCall({ method: "POST", path: "/files/get/:id", answer: answer<Blob>() }),
};
