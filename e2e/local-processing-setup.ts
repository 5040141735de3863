import { startServer } from './helpers/server';
export default async function setup() {
  const server = await startServer({ port: 8097 });
  return async () => server.stop();
}
