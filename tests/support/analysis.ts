import type { RiskAssessmentResult } from "@server/contracts/protocol-analysis";
import { DEMO } from "@server/seed/demo";
import type { TestApi } from "./service";

/** Helpers of the Protocol Analysis pipeline's tests. */
export const STUDY = DEMO.studies.active.name;

export async function uploadProtocol(api: TestApi, token: string, bytes: Uint8Array, name: string): Promise<string> {
  const form = new FormData();
  form.set("File", new Blob([new Uint8Array(bytes)]), name);
  const res = await api.call("POST", "/api/files", { token, body: form });
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { value: { fileId: string } }).value.fileId;
}

export async function startAssessment(api: TestApi, token: string, fileId: string): Promise<Response> {
  return api.call("POST", `/api/studies/${STUDY}/ProtocolAnalysisTool/RiskAssessment/start`, {
    token,
    json: { protocolTemporaryFileId: fileId },
  });
}

export async function getResult(api: TestApi, token: string, id: string): Promise<RiskAssessmentResult> {
  const res = await api.call("POST", `/api/studies/${STUDY}/ProtocolAnalysisTool/RiskAssessment/${id}/getResults`, {
    token,
  });
  if (res.status !== 200) throw new Error(`getResults: ${res.status} ${await res.text()}`);
  return (await res.json()) as RiskAssessmentResult;
}

/** Polls until the request has ended (Finished or Failed), within `timeoutMs`. */
export async function waitForEnd(
  api: TestApi,
  token: string,
  id: string,
  timeoutMs = 60_000,
): Promise<RiskAssessmentResult> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const result = await getResult(api, token, id);
    if (result.state === "Finished" || result.state === "Failed") return result;
    if (Date.now() > until) throw new Error(`request ${id} still ${result.state}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
