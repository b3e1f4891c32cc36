import { useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n-react";

/**
 * Global loading (000 §4.7, app/components/Loading.tsx): mounted once in app/root.tsx, so in every page's first visit;
 * a module of its own, without the partial-loading spinner (ADR 0052).
 */
/** A thin indeterminate bar at the top of the page while a navigation is under way (JavaScript only). */
export function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  if (navigation.state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label={t("feedback.loading.page")}
      aria-busy="true"
      data-testid="navigation-progress"
      className="fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden bg-brand-100"
    >
      <div className="h-full w-full animate-pulse bg-brand-600" />
    </div>
  );
}
