/**
 * Ports come from the operating system, never from a fixed or random range (DESIGN section 6):
 * these machines run PostgreSQL, MariaDB, Redis, RabbitMQ (5672/15672/25672), Mosquitto and NATS,
 * and outbound connections take ports from 32768 up.
 */
import net from 'node:net';

/** A TCP port that was free on host a moment ago: the OS picks it (listen on port 0), we close and hand it on. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close((error) => (error ? reject(error) : port ? resolve(port) : reject(new Error('the OS assigned no port'))));
    });
  });
}

/** Whether we could listen on host:port right now (nothing holds it). */
export function canListen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}
