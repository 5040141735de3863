// Request and response shapes of the session and account endpoints (SPEC §7), shared by server and web.
import { z } from 'zod';

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1),
  password: z.string().min(1),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Login and refresh answer with the access token and its lifetime in seconds. */
export const tokenResponseSchema = z.object({ token: z.string(), expiresIn: z.number().int() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** Rules are checked by checkPasswordChange on the server so the error codes match the form's. */
export const changePasswordRequestSchema = z.object({
  oldPassword: z.string().min(1),
  newPassword: z.string(),
  confirmPassword: z.string(),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const companyRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const lineSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  product_name: z.string(),
  process_name: z.string(),
});
export type Line = z.infer<typeof lineSchema>;

export const defaultProjectSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  lines: z.array(lineSchema),
});

export const userProjectSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  company: companyRefSchema.nullable(),
  end_date: z.string().nullable(),
  lines: z.array(lineSchema),
  permissions: z.array(z.number().int()),
});
export type UserProject = z.infer<typeof userProjectSchema>;

export const userInformationSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  department: z.string(),
  role_id: z.number().int(),
  reset_admin: z.boolean(),
  company: companyRefSchema.nullable(),
  default_project: defaultProjectSchema.nullable(),
  projects: z.array(userProjectSchema),
  permissions: z.record(z.string(), z.array(z.number().int())),
  trial: z.boolean(),
  expires_at: z.string().nullable(),
  password_changed_at: z.string(),
  password_alarm: z.boolean(),
});
export type UserInformation = z.infer<typeof userInformationSchema>;

export const projectLimitSchema = z.union([
  z.object({ data: z.object({ end_date: z.string() }) }),
  z.object({}).strict(),
]);

/** The claims of an access token (HS256 JWT). */
export interface AccessTokenClaims {
  sub: string;
  role: number;
  company: number | null;
}
