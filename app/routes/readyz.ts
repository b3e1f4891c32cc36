import type { LoaderFunctionArgs } from "@remix-run/node";
import { NO_STORE } from "@server/contracts/headers";
import { INTERNAL_API_ORIGIN } from "~/lib/api/transport.server";

/** /readyz: the API and its database answer (readiness). */
export const loader = ({ context }: LoaderFunctionArgs) =>
  context.apiTransport(new Request(`${INTERNAL_API_ORIGIN}/readyz`)).catch(
    () =>
      new Response(JSON.stringify({ status: "unavailable" }), {
        status: 503,
        headers: { "content-type": "application/json", ...NO_STORE },
      }),
  );
