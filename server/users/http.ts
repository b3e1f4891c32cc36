import { companyCalls } from "../contracts/calls/companies";
import { userCalls } from "../contracts/calls/users";
import { imageResponse } from "../documents/http";
import { notFound } from "../http/problem";
import { defineRoute } from "../http/route";
import { getProfilePicture, listCompanyUsers } from "./service";

export const userRoutes = [
  defineRoute({
    call: companyCalls.users,
    access: "permission",
    handler: ({ db, params }) => listCompanyUsers(db, params.companyId),
  }),
  defineRoute({
    call: userCalls.profilePicture,
    // One's own picture is always readable; another user's needs the permission on this address.
    access: "permission",
    self: true,
    handler: async ({ db, params, request }) => {
      const picture = await getProfilePicture(db, params.userId);
      if (!picture) throw notFound("The user has no profile picture.");
      return imageResponse(request, picture.data, picture.contentType);
    },
  }),
];
