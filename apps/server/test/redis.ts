import net from 'node:net';

/** The Redis of the two-instance tests: REDIS_URL, or the local default. */
export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when a Redis server answers at redisUrl (the Redis tests skip otherwise). */
export function redisAnswers(): Promise<boolean> {
  const url = new URL(redisUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port || 6379), url.hostname);
    socket.setTimeout(500);
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
