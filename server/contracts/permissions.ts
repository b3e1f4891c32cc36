import { z } from "zod";

/** POST /api/auth/permissions/check (000 §3.6). */
export const permissionCheckRequestSchema = z.object({
  permissions: z.array(z.object({ url: z.string().min(1).max(2048) })).max(500),
});
export type PermissionCheckRequest = z.infer<typeof permissionCheckRequestSchema>;

export type PermissionResult = "Allow" | "Deny";

export interface PermissionCheckResponse {
  permissionCheckResults: { request: { url: string }; result: PermissionResult }[];
}
