import { useEffect, useRef, useState, type FormEvent, type RefObject } from "react";

/** What the upload form shows after a post: success, or a refusal's message (a locale key and its values). */
export type SubmitOutcome =
  | { ok: true; requestId: string }
  | { ok: false; message: string; values?: Record<string, string | number> }
  /** The same file was submitted for the study a moment ago: ask before starting again (issue 24). */
  | { ok: false; repeat: { fileId: string; fileName: string; requestId: string }; message?: undefined };

/** 000 §9: the upload's chunk size; the progress bar moves by it. */
const UPLOAD_CHUNK_BYTES = 64 * 1024;

const FAILED: SubmitOutcome = { ok: false, message: "protocolAnalysis.identification.failed" };

/**
 * The upload with scripts: the same post as the form's own, with a progress bar and a cancel button (001 §2, 000 §9).
 * `posted` is the answer of the post without scripts.
 */
export function useProtocolUpload(posted: SubmitOutcome | undefined, uploadPath: string) {
  const [outcome, setOutcome] = useState<SubmitOutcome | null>(posted ?? null);
  const [progress, setProgress] = useState<number | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const xhr = useRef<XMLHttpRequest | null>(null);
  const fileInput: RefObject<HTMLInputElement> = useRef<HTMLInputElement>(null);
  useEffect(() => setOutcome(posted ?? null), [posted]);
  // After a successful submission the form is empty again (issue 24: no accidental repeats).
  useEffect(() => {
    if (outcome?.ok && fileInput.current) fileInput.current.value = "";
  }, [outcome]);

  const finished = (next: SubmitOutcome | null) => {
    xhr.current = null;
    setProgress(null);
    if (next) setOutcome(next);
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setOutcome({ ok: false, message: "protocolAnalysis.identification.required" });
      fileInput.current?.focus();
      return;
    }
    const body = new FormData();
    body.set("File", file, file.name);
    const request = new XMLHttpRequest();
    xhr.current = request;
    setCancelled(false);
    setOutcome(null);
    setProgress(0);
    request.upload.onprogress = (e) => {
      if (!e.lengthComputable || e.total === 0) return;
      const chunks = Math.floor(e.loaded / UPLOAD_CHUNK_BYTES) * UPLOAD_CHUNK_BYTES;
      setProgress(Math.min(100, Math.round(((e.loaded >= e.total ? e.total : chunks) / e.total) * 100)));
    };
    request.onload = () => {
      try {
        finished(JSON.parse(request.responseText) as SubmitOutcome);
      } catch {
        finished(FAILED);
      }
    };
    request.onerror = () => finished(FAILED);
    request.onabort = () => {
      finished(null);
      setCancelled(true);
    };
    request.open("POST", uploadPath);
    request.setRequestHeader("accept", "application/json");
    request.send(body);
  }

  return { outcome, setOutcome, progress, cancelled, fileInput, onSubmit, abort: () => xhr.current?.abort() };
}
