import { describeActor, type ActorMessage, type ActorTag, type CompanyUser } from "~/lib/actor";
import { useTranslation } from "~/lib/i18n-react";

export interface ActorDisplayProps {
  /** A user, group, company or system actor (or a requester); anything else is shown as malformed. */
  actor: unknown;
  /** The company's users, to name a user the actor only gives by id. */
  companyUsers?: readonly CompanyUser[] | null;
  className?: string;
}

/** An actor or requester with the fallbacks of 000 §3.8 and §8 (see app/lib/actor.ts). */
export function ActorDisplay({ actor, companyUsers, className = "" }: ActorDisplayProps) {
  const { t } = useTranslation();
  const description = describeActor(actor, companyUsers);
  const messageText: Record<ActorMessage, string> = {
    notApplicable: t("widgets.actor.notApplicable"),
    unexpected: t("widgets.actor.unexpected"),
    system: t("widgets.actor.system"),
    userNotFound: t("widgets.actor.userNotFound"),
    groupNotFound: t("widgets.actor.groupNotFound"),
  };
  const tagText: Record<ActorTag, string> = {
    notFound: t("widgets.actor.tags.notFound"),
    blocked: t("widgets.actor.tags.blocked"),
    deleted: t("widgets.actor.tags.deleted"),
  };
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-1 ${className}`} data-actor-kind={description.kind}>
      {description.text !== null ? (
        <span>{description.text}</span>
      ) : (
        <span className={description.kind === "system" ? "" : "italic text-slate-600"}>
          {messageText[description.message!]}
        </span>
      )}
      {description.secondary ? <span className="text-slate-600">({description.secondary})</span> : null}
      {description.notFoundSuffix ? (
        <span className="italic text-slate-600">{t("widgets.actor.notFoundSuffix")}</span>
      ) : null}
      {description.tags.map((tag) => (
        <span key={tag} className="rounded bg-slate-200 px-1.5 text-xs font-medium text-slate-800">
          {tagText[tag]}
        </span>
      ))}
    </span>
  );
}

/** A requester is shown like an actor (000 §3.8). */
export const RequesterDisplay = ActorDisplay;
