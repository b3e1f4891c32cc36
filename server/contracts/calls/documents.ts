import { answer, defineCall } from "./define";

export const documentCalls = {
  /** The caller's company logo (the product's own when signed out): an image. */
  companyLogo: defineCall({ method: "GET", path: "/v1/documents/companyLogo", answer: answer<Blob>() }),
};
