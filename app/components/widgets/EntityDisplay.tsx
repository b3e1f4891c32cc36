import { AppLink } from "~/components/AppLink";
import { describeEntity, subjectHref, type DisplayEntity } from "~/lib/entity";
import { useTranslation } from "~/lib/i18n-react";
import { NotAvailable } from "./NotAvailable";

export interface EntityDisplayProps {
  entity: DisplayEntity | null | undefined;
  /** "subject": the entity is a study subject and links to its page (with studyName). */
  kind?: "subject";
  /** The study of a subject. */
  studyName?: string | null;
  className?: string;
}

function WarningIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="inline h-4 w-4 shrink-0 text-amber-600">
      <path
        fillRule="evenodd"
        d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495zM10 6a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 6zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/**
 * An entity (000 §3.8, §8): its display name; else its id after a warning icon (with a text for assistive
 * technology); else 'not available'. A subject links to its page (legacy /patients/study/{study}/patient/{id}).
 */
export function EntityDisplay({ entity, kind, studyName, className = "" }: EntityDisplayProps) {
  const { t } = useTranslation();
  const description = describeEntity(entity);
  if (description.kind === "missing") return <NotAvailable className={className} />;
  const content =
    description.kind === "name" ? (
      description.text
    ) : (
      <span className="inline-flex items-center gap-1">
        <WarningIcon />
        <span className="sr-only">{t("widgets.entity.idOnly")}</span>
        <span>{description.text}</span>
      </span>
    );
  const href = kind === "subject" ? subjectHref(entity, studyName) : null;
  if (href) {
    return (
      <AppLink to={href} className={`text-brand-700 underline underline-offset-2 hover:text-brand-900 ${className}`}>
        {content}
      </AppLink>
    );
  }
  return <span className={className}>{content}</span>;
}
