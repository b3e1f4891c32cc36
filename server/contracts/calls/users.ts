import { answer, defineCall } from "./define";

export const userCalls = {
  /** 000 §7: the user's profile picture (an image). */
  profilePicture: defineCall({ method: "POST", path: "/users/:userId/profilePicture/get", answer: answer<Blob>() }),
};
