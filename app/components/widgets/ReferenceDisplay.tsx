import { AppLink } from "~/components/AppLink";
import { referenceHref, referenceText, type Reference } from "~/lib/entity";
import { NotAvailable } from "./NotAvailable";

/**
 * A reference to a ticket or a mitigation action (000 §3.8): its display id (else its id), linking to the legacy
 * ticket page (/tickets/{id}?studyName=…) or mitigation page (/viewMitigation?name={id}&studyName=…).
 */
export function ReferenceDisplay({
  reference,
  className = "",
}: {
  reference: Reference | null | undefined;
  className?: string;
}) {
  const text = referenceText(reference);
  if (!text) return <NotAvailable className={className} />;
  const href = referenceHref(reference);
  if (!href) return <span className={className}>{text}</span>;
  return (
    <AppLink to={href} className={`text-brand-700 underline underline-offset-2 hover:text-brand-900 ${className}`}>
      {text}
    </AppLink>
  );
}
