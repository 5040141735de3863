// Payload and answer schemas for users, project participants, managers and password-reset requests.
import { z } from 'zod';
import { ROLE_IDS, PROJECT_PERMISSION_IDS, type RoleId, type ProjectPermissionId } from '../access/roles';
import { isValidNewPassword } from '../auth/password';
import { ErrorCode } from '../errors/codes';
import { checkUsername } from './identifiers';
import { TenancyErrorCode as C } from './messages';
import { dateString, identifier, requiredText } from './fields';
import { personRefSchema } from './schemas';

const FR = C.FieldRequired;

export const roleIdSchema = z.custom<RoleId>((v) => ROLE_IDS.includes(v as RoleId), { error: FR });
/** Per-project permissions (1 training, 2 monitoring): at least one, no repeats. */
export const permissionsSchema = z
  .array(
    z.custom<ProjectPermissionId>((v) => PROJECT_PERMISSION_IDS.includes(v as ProjectPermissionId)),
    {
      error: C.PermissionRequired,
    },
  )
  .min(1, { error: C.PermissionRequired })
  .transform((p) => [...new Set(p)].sort() as ProjectPermissionId[]);

export const passwordSchema = z
  .string({ error: ErrorCode.PasswordRequired })
  .min(1, { error: ErrorCode.PasswordRequired })
  .refine(isValidNewPassword, { error: ErrorCode.PasswordWeak });

export const usernameSchema = identifier(checkUsername);

const trialRule = (u: { isTrial: boolean; expiresAt: string | null }) => !u.isTrial || !!u.expiresAt;
const accountFields = {
  name: requiredText(50),
  department: requiredText(100),
  isTrial: z.boolean().optional().default(false),
  expiresAt: dateString.nullable().optional().default(null),
};

/** A new account. Trial accounts need an expiry date; projects give its first memberships. */
export const userCreateSchema = z
  .object({
    username: usernameSchema,
    password: passwordSchema,
    roleId: roleIdSchema,
    companyId: z.number().int().positive().nullable().optional().default(null),
    ...accountFields,
    projects: z
      .array(z.object({ projectId: z.number().int().positive(), permissions: permissionsSchema }))
      .optional()
      .default([]),
    defaultProjectId: z.number().int().positive().nullable().optional().default(null),
  })
  .refine(trialRule, { error: C.TrialExpiryRequired, path: ['expiresAt'] });
export type UserCreate = z.infer<typeof userCreateSchema>;

/** An edit: the ID is fixed; the password is changed only when given. */
export const userUpdateSchema = z
  .object({
    roleId: roleIdSchema,
    companyId: z.number().int().positive().nullable().optional().default(null),
    ...accountFields,
    password: passwordSchema.optional(),
  })
  .refine(trialRule, { error: C.TrialExpiryRequired, path: ['expiresAt'] });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const defaultProjectUpdateSchema = z.object({ projectId: z.number().int().positive().nullable() });

export const userMembershipSchema = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  permissions: z.array(z.number()),
  isManager: z.boolean(),
});
export const userRecordSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  department: z.string(),
  roleId: z.number(),
  company: z.object({ id: z.number(), name: z.string() }).nullable(),
  isTrial: z.boolean(),
  expiresAt: z.string().nullable(),
  defaultProjectId: z.number().nullable(),
  resetByAdmin: z.boolean(),
  createdAt: z.string(),
  projects: z.array(userMembershipSchema),
});
export type UserRecord = z.infer<typeof userRecordSchema>;
export const USER_SORTS = ['username', 'name', 'department', 'roleId', 'createdAt', 'company'] as const;
export const userListFilterSchema = z.object({
  companyId: z.coerce.number().int().positive().optional(),
  roleId: z.coerce.number().int().min(1).max(5).optional(),
});

// ---- participants and managers -------------------------------------------------------------------

/** A participant is an existing user chosen from a list, or a new account made on the spot. */
export const participantAddSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('existing'),
    userId: z.number({ error: FR }).int().positive({ error: FR }),
    permissions: permissionsSchema,
  }),
  z.object({
    mode: z.literal('new'),
    user: z
      .object({
        username: usernameSchema,
        password: passwordSchema,
        roleId: z
          .union([z.literal(4), z.literal(5)])
          .optional()
          .default(4),
        ...accountFields,
      })
      .refine(trialRule, { error: C.TrialExpiryRequired, path: ['expiresAt'] }),
    permissions: permissionsSchema,
  }),
]);
export type ParticipantAdd = z.infer<typeof participantAddSchema>;
export const permissionsUpdateSchema = z.object({ permissions: permissionsSchema });
export const managerAddSchema = z.object({ userId: z.number({ error: FR }).int().positive({ error: FR }) });

export const participantSchema = personRefSchema.extend({
  roleId: z.number(),
  permissions: z.array(z.number()),
  isManager: z.boolean(),
  joinedAt: z.string(),
});
export type Participant = z.infer<typeof participantSchema>;
export const PARTICIPANT_SORTS = ['username', 'name', 'department', 'joinedAt'] as const;

// ---- password-reset requests ---------------------------------------------------------------------

export const RESET_REQUEST_STATUSES = ['unprocessed', 'changed', 'invalid'] as const;
export type ResetRequestStatus = (typeof RESET_REQUEST_STATUSES)[number];

/** Public form on the login page: only the ID is asked for. */
export const resetRequestCreateSchema = z.object({ username: requiredText(50) });
/** Handling: set a temporary password (shown once) or mark the request invalid. */
export const resetRequestHandleSchema = z.object({ action: z.enum(['reset', 'invalid'], { error: FR }) });
export const resetRequestFilterSchema = z.object({ status: z.enum(RESET_REQUEST_STATUSES).optional() });

export const resetRequestSchema = z.object({
  id: z.number(),
  username: z.string(),
  user: personRefSchema
    .extend({ company: z.object({ id: z.number(), name: z.string() }).nullable() })
    .nullable(),
  status: z.enum(RESET_REQUEST_STATUSES),
  requestedAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: z.object({ id: z.number(), username: z.string() }).nullable(),
});
export type ResetRequest = z.infer<typeof resetRequestSchema>;
export const RESET_REQUEST_SORTS = ['requestedAt', 'username', 'status'] as const;
/** Handling answer: the temporary password is present only for 'reset' and only in this answer. */
export const resetRequestHandledSchema = z.object({
  request: resetRequestSchema,
  temporaryPassword: z.string().nullable(),
});
