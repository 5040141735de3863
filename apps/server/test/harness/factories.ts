// Row factories for tests: sensible defaults, unique codes, override anything.
import { randomBytes } from 'node:crypto';
import type { ProjectPermissionId, RoleId } from '@sightline/domain';
import type { Db } from '@sightline/db';
import { companies, lines, projectMembers, projects, users, type UserRow } from '@sightline/db';
import { hashPassword } from '../../src/features/auth/password-hasher';

export const TEST_PASSWORD = 'Test-pass-123!';
let testHash: Promise<string> | null = null;
const uniq = () => randomBytes(3).toString('hex');

export type TestUser = UserRow & { password: string };

export function factories(db: Db) {
  return {
    async company(over: Partial<typeof companies.$inferInsert> = {}) {
      const [row] = await db
        .insert(companies)
        .values({ name: `Company ${uniq()}`, ...over })
        .returning();
      return row!;
    },

    async project(over: Partial<typeof projects.$inferInsert> = {}) {
      const code = over.code ?? `PRJ-${uniq()}`;
      const [row] = await db
        .insert(projects)
        .values({ code, title: `Project ${code}`, ...over })
        .returning();
      return row!;
    },

    async line(projectId: number, over: Partial<typeof lines.$inferInsert> = {}) {
      const code = over.code ?? `LINE-${uniq()}`;
      const [row] = await db
        .insert(lines)
        .values({
          projectId,
          code,
          name: `Line ${code}`,
          productName: 'Product',
          processName: 'Process',
          ...over,
        })
        .returning();
      return row!;
    },

    /**
     * A user; `projects` adds memberships ({projectId: [1, 2]}). The password is TEST_PASSWORD unless
     * given (hashing the shared one once keeps factories fast).
     */
    async user(
      over: Partial<typeof users.$inferInsert> & {
        roleId?: RoleId;
        password?: string;
        projects?: Record<number, ProjectPermissionId[]>;
        managerOf?: number[];
      } = {},
    ): Promise<TestUser> {
      const { password = TEST_PASSWORD, projects: memberships = {}, managerOf = [], ...rest } = over;
      const passwordHash =
        password === TEST_PASSWORD
          ? await (testHash ??= hashPassword(TEST_PASSWORD))
          : await hashPassword(password);
      const [row] = await db
        .insert(users)
        .values({
          username: `user-${uniq()}`,
          name: 'Test User',
          department: 'QA',
          roleId: 4,
          passwordHash,
          ...rest,
        })
        .returning();
      for (const [projectId, permissions] of Object.entries(memberships)) {
        await db.insert(projectMembers).values({
          projectId: Number(projectId),
          userId: row!.id,
          permissions,
          isManager: managerOf.includes(Number(projectId)),
        });
      }
      return { ...row!, password };
    },
  };
}
export type Factories = ReturnType<typeof factories>;
