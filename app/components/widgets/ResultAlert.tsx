import type { ReactNode } from "react";

export interface ResultError {
  code: string;
  detail?: string | null;
}

export type AlertType = "danger" | "warning" | "info" | "success";
/** A notice also comes in grey: news that is neither good nor bad (the sign-in pages' information). */
export type NoticeType = AlertType | "neutral";

export type AlertContent = { kind: "message"; text: string } | { kind: "code"; code: string; detail: string | null };

/** The custom message for this very code, else the default message, else the code and its details (000 §8). */
export function alertContent(
  error: ResultError,
  messages?: Readonly<Record<string, string | null | undefined>> | null,
  defaultMessage?: string | null,
): AlertContent {
  const custom = messages && Object.prototype.hasOwnProperty.call(messages, error.code) ? messages[error.code] : null;
  if (custom) return { kind: "message", text: custom };
  if (defaultMessage) return { kind: "message", text: defaultMessage };
  return { kind: "code", code: error.code, detail: error.detail?.trim() ? error.detail : null };
}

const typeClass: Record<NoticeType, string> = {
  danger: "border-red-300 bg-red-50 text-red-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  info: "border-sky-300 bg-sky-50 text-sky-900",
  success: "border-green-300 bg-green-50 text-green-900",
  neutral: "border-slate-300 bg-slate-50 text-slate-800",
};

export interface ResultAlertProps {
  /** The failure of a call (the API client's error); nothing is shown without one. */
  error: ResultError | null | undefined;
  /** Texts for specific error codes (already translated). */
  messages?: Readonly<Record<string, string | null | undefined>> | null;
  /** The text for any other code (already translated). */
  defaultMessage?: string | null;
  /** danger by default. */
  type?: AlertType;
  className?: string;
  children?: ReactNode;
}

/** The alert for a failed call (000 §8): custom message, default message, or the code in bold followed by the details. */
export function ResultAlert({
  error,
  messages,
  defaultMessage,
  type = "danger",
  className = "",
  children,
}: ResultAlertProps) {
  if (!error) return null;
  const content = alertContent(error, messages, defaultMessage);
  return (
    <div
      role="alert"
      data-type={type}
      className={`rounded-md border px-4 py-3 text-sm ${typeClass[type]} ${className}`}
    >
      {content.kind === "message" ? (
        content.text
      ) : (
        <>
          <strong>{content.code}</strong>
          {content.detail ? ` ${content.detail}` : null}
        </>
      )}
      {children}
    </div>
  );
}

export interface PageNoticeProps {
  type: NoticeType;
  /** "alert" for what went wrong, "status" for news that need no action. */
  role: "alert" | "status";
  /** A paragraph (one text), or a box of several parts. */
  as?: "p" | "div";
  /** The space around it (mt-6, mb-4…). */
  className?: string;
  "data-testid"?: string;
  children: ReactNode;
}

/** A page's notice box (a state, a failure, a success), in the colours of its type, announced by its role. */
export function PageNotice({
  type,
  role,
  as: Tag = "p",
  className = "",
  "data-testid": testId,
  children,
}: PageNoticeProps) {
  return (
    <Tag
      role={role}
      className={`${className ? `${className} ` : ""}rounded-md border p-4 ${typeClass[type]}`}
      data-testid={testId}
    >
      {children}
    </Tag>
  );
}
