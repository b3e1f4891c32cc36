import { useTranslation } from "~/lib/i18n-react";
import { useSettings } from "~/lib/settings";
import { waitText, type SignInError } from "~/lib/sign-in-errors";
import { Notice, ReasonList } from "./SignInLayout";

/** The texts of 000 §8 for a failed sign-in step. */
export function SignInErrorNotice({ error }: { error: SignInError }) {
  const { t } = useTranslation();
  const settings = useSettings();
  switch (error.kind) {
    case "wrongCredentials":
      return (
        <Notice kind="error">
          <ReasonList
            intro={t("auth.wrongCredentials.intro")}
            reasons={[t("auth.wrongCredentials.email"), t("auth.wrongCredentials.case")]}
          />
        </Notice>
      );
    case "wrongCode":
      return (
        <Notice kind="error">
          <ReasonList
            intro={t("auth.wrongCode.intro")}
            reasons={[t("auth.wrongCode.email"), t("auth.wrongCode.expired"), t("auth.wrongCode.typed")]}
          />
        </Notice>
      );
    case "denied":
      return <Notice kind="error">{t("auth.denied", { provider: settings?.productName ?? "" })}</Notice>;
    case "tooManyAttempts":
      return <Notice kind="error">{t("auth.tooManyAttempts", { wait: waitText(t, error.seconds) })}</Notice>;
    default:
      return <UnknownErrorNotice />;
  }
}

/** "There was an error signing you in…" with its two reasons (000 §8), for every failure without a text of its own. */
export function UnknownErrorNotice() {
  const { t } = useTranslation();
  return (
    <Notice kind="error">
      <ReasonList
        intro={t("auth.unknownError.intro")}
        reasons={[t("auth.unknownError.servers"), t("auth.unknownError.connection")]}
      />
    </Notice>
  );
}
