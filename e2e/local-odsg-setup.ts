import { startServer } from './helpers/server';
export default async function setup() {
  const server = await startServer({ port: 8094 });
  return async () => server.stop();
}
