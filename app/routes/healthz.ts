/** /healthz: this process answers (liveness). */
export const loader = () =>
  new Response(JSON.stringify({ status: "ok" }), {
    headers: { "content-type": "application/json", ...NO_STORE },
  });
import { NO_STORE } from "@server/contracts/headers";
