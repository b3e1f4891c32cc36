import type { LoaderFunctionArgs } from "@remix-run/node";
import { passImage } from "~/lib/api/forward.server";
import { requireUser } from "~/lib/auth.server";
import { idParam } from "~/lib/params";

/** /ng/users/:userId/profilePicture: a user's picture for <img> tags (POST /api/users/{id}/profilePicture/get). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  return passImage(await api.users.profilePicture(idParam(params, "userId"), request.headers.get("if-none-match")));
}
