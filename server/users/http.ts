import { imageResponse } from "../documents/http";
import { notFound } from "../http/problem";
import { defineRoute } from "../http/route";
import { getProfilePicture, listCompanyUsers } from "./service";

export const userRoutes = [
  defineRoute({
    method: "POST",
    path: "/companies/:companyId/users/get",
    access: "permission",
    handler: ({ db, params }) => listCompanyUsers(db, params.companyId!),
  }),
  defineRoute({
    method: "POST",
    path: "/users/:userId/profilePicture/get",
    // One's own picture is always readable; another user's needs the permission on this address.
    access: "permission",
    self: true,
    handler: async ({ db, params, request }) => {
      const picture = await getProfilePicture(db, params.userId!);
      if (!picture) throw notFound("The user has no profile picture.");
      return imageResponse(request, picture.data, picture.contentType);
    },
  }),
];
