import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { apiFor } from "~/lib/context.server";

/** /ng/: the parent of every page. It loads the settings once per navigation (000 §3.1). */
export async function loader({ context }: LoaderFunctionArgs) {
  const result = await apiFor(context).settings.get();
  if (!result.ok) {
    // Pages still render (the error page above all); they fall back to defaults.
    context.logger.warn({ code: result.error.code, status: result.status }, "settings unavailable");
    return { settings: null };
  }
  return { settings: result.data };
}

export default function NgLayout() {
  return <Outlet />;
}
