// Starts the built server once for the whole run (port 8090, fresh DATA_DIR) and stops it afterwards.
import { E2E_PORT } from './helpers/credentials';
import { startServer } from './helpers/server';

export default async function globalSetup() {
  const server = await startServer({ port: E2E_PORT });
  if (server.databaseUrl) process.env.E2E_DATABASE_URL = server.databaseUrl;
  return async () => {
    await server.stop();
  };
}
