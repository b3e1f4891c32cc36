import { readable } from "@server/protocol-analysis/service";
import { describe, expect, it } from "vitest";
import { uploadFailure } from "~/features/protocol-analysis/page.server";
import { isServiceUnavailable, serviceUnavailable } from "~/lib/api/client.server";
import deven from "../../locales/deven.json";

/** Issue 22, defect 8: each cause of a failed upload or analysis has its own readable message. */
describe("the upload form's message per cause", () => {
  const key = (status: number, data?: unknown) => {
    const outcome = uploadFailure(status, data);
    return outcome.ok ? null : outcome.message;
  };
  it("says the storage is unavailable on a 503, never 'choose a file'", () => {
    expect(key(503, { reason: "storage" })).toBe("protocolAnalysis.identification.storageUnavailable");
    expect(key(503)).toBe("protocolAnalysis.identification.storageUnavailable");
  });
  it("says an upload that did not arrive whole was broken", () => {
    expect(key(0)).toBe("protocolAnalysis.identification.uploadBroken");
    expect(key(400, undefined)).toBe("protocolAnalysis.identification.uploadBroken");
  });
  it("keeps each refusal's own reason", () => {
    expect(key(400, { reason: "missing" })).toBe("protocolAnalysis.identification.required");
    expect(key(413, { reason: "tooLarge", maxBytes: 2 * 1024 * 1024 })).toBe(
      "protocolAnalysis.identification.tooLarge",
    );
    expect(key(500)).toBe("protocolAnalysis.identification.failed");
  });
  it("knows the 503 answer the API client throws", () => {
    expect(isServiceUnavailable(serviceUnavailable())).toBe(true);
    expect(isServiceUnavailable(new Error("x"))).toBe(false);
  });
  it("has every message in the locale", () => {
    const texts = deven.protocolAnalysis.identification as unknown as Record<string, string>;
    for (const name of ["storageUnavailable", "serviceUnavailable", "uploadBroken"]) expect(texts[name]).toBeTruthy();
  });
});

describe("the reason of a failed analysis, as the results page and the e-mail say it", () => {
  const texts = deven.protocolAnalysis.errors;
  const fsError = (code: string, message: string) => Object.assign(new Error(message), { code, syscall: "mkdir" });
  it("names a storage failure by its kind, never its path or system call", () => {
    expect(readable(fsError("EACCES", "EACCES: permission denied, mkdir '/srv/rbqm/data/files/ab'"))).toBe(
      texts.storage,
    );
    expect(readable(fsError("ENOSPC", "ENOSPC: no space left on device, write"))).toBe(texts.storage);
    expect(readable(fsError("ENOENT", "ENOENT: no such file or directory, open '/srv/x'"))).toBe(texts.fileMissing);
  });
  it("says an error that looks raw in general words, and keeps our own messages", () => {
    expect(
      readable(new Error("Cannot read properties of undefined (reading 'x') at /srv/app/build/server.js:10")),
    ).toBe(texts.internal);
    expect(readable(new Error("The language model gave no readable answer for any part of the protocol."))).toBe(
      "The language model gave no readable answer for any part of the protocol.",
    );
  });
});
