import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { deploymentSettings } from "~/lib/settings.server";

/** /ng/: the parent of every page. It gives them the deployment's settings (000 §3.1). */
export async function loader({ context }: LoaderFunctionArgs) {
  return { settings: await deploymentSettings(context) };
}

export default function NgLayout() {
  return <Outlet />;
}
