// Fixed test accounts of the e2e server: the system admin and the demo accounts the server seeds.
export const ADMIN_PASSWORD = 'E2e-admin-pass-2024';
export const DEMO_PASSWORD = 'E2e-demo-pass-2024';

export type TestUser = 'admin' | 'demo-service' | 'demo-company' | 'demo-user' | 'demo-trial';

export const credentials: Record<TestUser, { username: string; password: string; roleId: number }> = {
  admin: { username: 'admin', password: ADMIN_PASSWORD, roleId: 1 },
  'demo-service': { username: 'demo-service', password: DEMO_PASSWORD, roleId: 2 },
  'demo-company': { username: 'demo-company', password: DEMO_PASSWORD, roleId: 3 },
  'demo-user': { username: 'demo-user', password: DEMO_PASSWORD, roleId: 4 },
  'demo-trial': { username: 'demo-trial', password: DEMO_PASSWORD, roleId: 5 },
};

/** E2E_PORT / E2E_CLOUD_PORT move a run to other ports, so one spec can run on its own server beside
 * another run (README "Browser tests"). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8090);
export const E2E_CLOUD_PORT = Number(process.env.E2E_CLOUD_PORT ?? 8091);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
