// Legitimate requests while 2,000 slow clients hold connections open (issue 7).
//   npm start (or any running server), then: npx tsx bench/slow-clients.ts http://127.0.0.1:3000 /api/health
// Budget: p99 under the slow clients within 2x the unloaded p99.
import net from 'node:net';
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';

const [base = 'http://127.0.0.1:3000', path = '/api/health'] = process.argv.slice(2);
const SLOW = Number(process.env.SLOW_CLIENTS ?? 2000);
const DURATION = Number(process.env.DURATION ?? 10);
const url = new URL(base);

async function measure(label: string) {
  const result = await autocannon({ url: base + path, connections: 32, duration: DURATION });
  console.log(`${label}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`);
  return result.latency.p99;
}

let stopping = false;
let open = 0;
let cut = 0;
const sockets = new Set<net.Socket>();
function slowClient() {
  if (stopping) return;
  const socket = net.connect(Number(url.port || 80), url.hostname);
  sockets.add(socket);
  let timer: NodeJS.Timeout | undefined;
  socket.on('connect', () => {
    open++;
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n`);
    // One more header byte every 2 s: the request never completes on its own.
    timer = setInterval(() => socket.write('X'), 2000);
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    if (timer) clearInterval(timer);
    sockets.delete(socket);
    open--;
    cut++;
    setTimeout(slowClient, 100); // the attacker reconnects
  });
}

const unloaded = await measure('unloaded');
for (let i = 0; i < SLOW; i++) slowClient();
await new Promise((r) => setTimeout(r, 3000));
console.log(`slow clients connected: ${open}`);
const loaded = await measure(`with ${SLOW} slow clients`);
console.log(`slow connections cut by the server so far: ${cut}`);
stopping = true;
for (const s of sockets) s.destroy();
const ratio = loaded / Math.max(1, unloaded);
console.log(`p99 ratio ${ratio.toFixed(2)} (budget 2.00)`);
process.exit(ratio <= 2 ? 0 : 1);
