import type { RefObject } from "react";
import { useTranslation } from "~/lib/i18n-react";

/** 001 §9: the protocol's accepted types, by extension and by content type. */
export const PROTOCOL_ACCEPT =
  ".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/**
 * The required protocol upload of both analyses' forms (001 §2 step one, 001 §5): its label, hint and the reason of a
 * refusal in place, tied to the control for assistive technology. One field for the risk assessment and CTQ forms.
 */
export function ProtocolFileField({
  fileInput,
  error,
  onChange,
}: {
  fileInput: RefObject<HTMLInputElement>;
  error: string | null;
  onChange?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor="protocol-file" className="block font-medium text-slate-900">
        {t("protocolAnalysis.identification.fileLabel")} <span aria-hidden="true">*</span>
      </label>
      <p id="protocol-hint" className="text-sm text-slate-600">
        {t("protocolAnalysis.identification.fileHint")}
      </p>
      <input
        ref={fileInput}
        id="protocol-file"
        name="File"
        type="file"
        required
        accept={PROTOCOL_ACCEPT}
        aria-describedby={error ? "protocol-hint protocol-error" : "protocol-hint"}
        aria-invalid={error ? true : undefined}
        className="mt-2 block w-full text-sm text-slate-900 file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
        onChange={onChange}
      />
      {error ? (
        <p id="protocol-error" role="alert" className="mt-2 text-sm text-red-700" data-testid="upload-error">
          {error}
        </p>
      ) : null}
    </>
  );
}
