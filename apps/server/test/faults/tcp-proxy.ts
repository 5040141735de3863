// A TCP proxy standing in for the network path to an external PostgreSQL: closing it is the outage.
import { createServer, connect, type Server, type Socket } from 'node:net';

export function tcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const open = (port: number) =>
    new Promise<number>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(targetPort, targetHost);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve((server!.address() as { port: number }).port));
    });
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (server) server.close(() => resolve());
      else resolve();
      server = null;
    });
  return { open, close };
}
