import pg from 'pg';

/** LISTEN on a client of its own, connected again after a loss (the followers poll meanwhile). */
export async function listenPg(url: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    let lost = false;
    const again = () => {
      if (lost) return;
      lost = true;
      client.end().catch(() => {});
      if (current === client) current = null;
      if (!stopped) {
        retry = setTimeout(() => connect().catch(() => {}), 1_000);
        retry.unref();
      }
    };
    client.on('error', again);
    client.on('end', again);
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      current = client;
      // A change made while the connection was away was missed: the follower reads the counters now.
      onNotify();
    } catch (err) {
      again();
      throw err;
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => {});
  };
}
