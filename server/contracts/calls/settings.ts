import type { Settings } from "../settings";
import { answer, defineCall } from "./define";

export const settingsCalls = {
  get: defineCall({ method: "GET", path: "/v2/settings", answer: answer<Settings>() }),
};
