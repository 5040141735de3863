// Idempotent first-start data: the system admin, and (SEED_DEMO) a demo company, project, line and
// one account per role. A second start changes nothing and prints nothing.
import { eq } from 'drizzle-orm';
import { ProjectPermission, Role, generatePassword } from '@sightline/domain';
import type { ServerConfig } from '../config';
import type { Db } from '@sightline/db';
import { companies, lines, projectMembers, projects, users } from '@sightline/db';
import { hashPassword } from '../features/auth/password-hasher';

/** Single-quoted for a POSIX shell, so a password pasted into a command stays one literal word. */
export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
export const DEMO = {
  company: 'Demo Company',
  projectCode: 'DEMO-0001',
  lineCode: 'LINE-0001',
  users: ['demo-service', 'demo-company', 'demo-user', 'demo-trial'] as const,
};

export interface SeedReport {
  /** Lines to print once (generated passwords, created accounts). */
  notes: string[];
}

async function ensureUser(
  db: Db,
  values: Omit<typeof users.$inferInsert, 'passwordHash'> & { password: string },
): Promise<{ id: number; created: boolean }> {
  const existing = await db.query.users.findFirst({ where: eq(users.username, values.username) });
  if (existing) return { id: existing.id, created: false };
  const { password, ...rest } = values;
  const [row] = await db
    .insert(users)
    .values({ ...rest, passwordHash: await hashPassword(password) })
    .onConflictDoNothing({ target: users.username })
    .returning({ id: users.id });
  if (!row) {
    // Another process seeded it between our read and insert.
    const again = await db.query.users.findFirst({ where: eq(users.username, values.username) });
    return { id: again!.id, created: false };
  }
  return { id: row.id, created: true };
}

export async function seed(db: Db, config: ServerConfig): Promise<SeedReport> {
  const notes: string[] = [];
  const adminPassword = config.adminPassword ?? generatePassword();
  const admin = await ensureUser(db, {
    username: config.adminUsername,
    name: 'System Admin',
    department: 'IT',
    roleId: Role.SystemAdmin,
    password: adminPassword,
  });
  if (admin.created) {
    notes.push(
      config.adminPassword
        ? `created system admin '${config.adminUsername}' with ADMIN_PASSWORD`
        : `created system admin '${config.adminUsername}' with password: ${shellQuote(adminPassword)}  (shown once; change it after login)`,
    );
  }
  if (!config.seedDemo) return { notes };

  let company = await db.query.companies.findFirst({ where: eq(companies.name, DEMO.company) });
  if (!company) [company] = await db.insert(companies).values({ name: DEMO.company }).returning();
  let project = await db.query.projects.findFirst({ where: eq(projects.code, DEMO.projectCode) });
  if (!project) {
    [project] = await db
      .insert(projects)
      .values({
        code: DEMO.projectCode,
        title: 'Demo inspection project',
        description: 'Sample project created on first start (SEED_DEMO).',
        companyId: company!.id,
        startDate: new Date().toISOString().slice(0, 10),
        imageUploadLimit: 10_000,
        learningLimit: 20,
      })
      .onConflictDoNothing()
      .returning();
    project ??= await db.query.projects.findFirst({ where: eq(projects.code, DEMO.projectCode) });
  }
  await db
    .insert(lines)
    .values({
      projectId: project!.id,
      code: DEMO.lineCode,
      name: 'Demo line',
      productName: 'Demo product',
      processName: 'Visual inspection',
    })
    .onConflictDoNothing();

  const demoPassword = config.demoPassword ?? generatePassword();
  const base = { companyId: company!.id, department: 'Demo', password: demoPassword };
  const made = [
    await ensureUser(db, {
      ...base,
      username: 'demo-service',
      name: 'Demo Service Admin',
      roleId: Role.ServiceAdmin,
      companyId: null,
    }),
    await ensureUser(db, {
      ...base,
      username: 'demo-company',
      name: 'Demo Company Admin',
      roleId: Role.CompanyAdmin,
    }),
  ];
  const demoUser = await ensureUser(db, {
    ...base,
    username: 'demo-user',
    name: 'Demo User',
    roleId: Role.User,
    defaultProjectId: project!.id,
  });
  const demoTrial = await ensureUser(db, {
    ...base,
    username: 'demo-trial',
    name: 'Demo Trial',
    roleId: Role.Trial,
    trial: true,
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
    defaultProjectId: project!.id,
  });
  made.push(demoUser, demoTrial);
  if (demoUser.created) {
    await db
      .insert(projectMembers)
      .values({
        projectId: project!.id,
        userId: demoUser.id,
        permissions: [ProjectPermission.Training, ProjectPermission.Monitoring],
      })
      .onConflictDoNothing();
  }
  if (demoTrial.created) {
    await db
      .insert(projectMembers)
      .values({ projectId: project!.id, userId: demoTrial.id, permissions: [ProjectPermission.Training] })
      .onConflictDoNothing();
  }
  const created = DEMO.users.filter((_, i) => made[i]!.created);
  if (created.length) {
    notes.push(
      `created demo accounts ${created.join(', ')} ${config.demoPassword ? 'with DEMO_PASSWORD' : `with password: ${shellQuote(demoPassword)}  (shown once)`}`,
    );
  }
  return { notes };
}
