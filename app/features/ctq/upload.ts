import { useEffect, useRef, useState, type FormEvent } from "react";
import { CTQ_FORM_INTENT, fileError, textErrors, type CtqFormAnswer, type CtqTexts } from "~/features/ctq/form";

const FAILED = { ok: false as const, message: "protocolAnalysis.identification.failed" };

/**
 * The CTQ form with scripts (issue 25): the texts live here (the Add buttons fill them in place), Identify CTQ is
 * checked first (001 §5) and then posted with a progress bar (the same fields as the post without scripts, to
 * …/ctqf/upload, answered as JSON).
 */
export function useCtqUpload(answer: CtqFormAnswer | undefined, initial: CtqTexts, uploadPath: string) {
  const [texts, setTexts] = useState<CtqTexts>(answer?.texts ?? initial);
  const [state, setState] = useState<Pick<CtqFormAnswer, "outcome" | "errors">>({
    outcome: answer?.outcome ?? null,
    errors: answer?.errors ?? {},
  });
  const [progress, setProgress] = useState<number | null>(null);
  const xhr = useRef<XMLHttpRequest | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!answer) return;
    setTexts(answer.texts);
    setState({ outcome: answer.outcome, errors: answer.errors });
  }, [answer]);
  useEffect(() => {
    if (state.outcome?.ok && fileInput.current) fileInput.current.value = "";
  }, [state.outcome]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter && submitter.value !== CTQ_FORM_INTENT.identify) return;
    event.preventDefault();
    const file = fileInput.current?.files?.[0] ?? null;
    const problem = fileError(file);
    const errors = { ...textErrors(texts), ...(problem ? { file: problem } : {}) };
    if (Object.keys(errors).length > 0) {
      setState({ outcome: null, errors });
      return;
    }
    const body = new FormData(event.currentTarget);
    body.set("intent", CTQ_FORM_INTENT.identify);
    send(body);
  }

  function send(body: FormData) {
    const request = new XMLHttpRequest();
    xhr.current = request;
    setState({ outcome: null, errors: {} });
    setProgress(0);
    const done = (next: CtqFormAnswer["outcome"], errors: CtqFormAnswer["errors"] = {}) => {
      xhr.current = null;
      setProgress(null);
      setState({ outcome: next, errors });
    };
    request.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) setProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    request.onload = () => {
      try {
        const answered = JSON.parse(request.responseText) as CtqFormAnswer;
        done(answered.outcome, answered.errors);
      } catch {
        done(FAILED, { file: FAILED.message });
      }
    };
    request.onerror = () => done(FAILED, { file: FAILED.message });
    request.onabort = () => done(null);
    request.open("POST", uploadPath);
    request.setRequestHeader("accept", "application/json");
    request.send(body);
  }

  return {
    texts,
    setText: (name: keyof CtqTexts, value: string) => setTexts((current) => ({ ...current, [name]: value })),
    setTexts,
    ...state,
    clear: () => setState({ outcome: null, errors: {} }),
    progress,
    fileInput,
    onSubmit,
    abort: () => xhr.current?.abort(),
  };
}
