/**
 * One process of the session's watchers (bench/session/run.ts forks two): WebSocket clients on the
 * live feed of their lots, each on the server process given for it. Kept out of the bidders' process
 * so that parsing the feed (20 watchers a lot, every bid) does not stall the bidders' event loop and
 * count in the accept latency the bench measures.
 *
 * IPC, from the parent: `{ watch: { lots, bases, from, count } }` (watcher i, for i in from…from+count-1,
 * watches lots[i % lots.length] on bases[i % bases.length]) and then `'report'`. To the parent:
 * `{ ready }` once every watcher has its snapshot, then `{ delivery, closedSeen }` (bid's server time →
 * arrival, ms; the lot.closed events per lot); the parent ends the process when it has them.
 */
import WebSocket from 'ws';
import { sleep } from '../support/stats';

interface Watch {
  lots: string[];
  bases: string[];
  from: number;
  count: number;
}

type FromParent = { watch: Watch } | 'report';

const sockets: WebSocket[] = [];
const delivery: number[] = [];
const closedSeen: Record<string, number> = {};

async function watch({ lots, bases, from, count }: Watch) {
  let watching = 0;
  for (let i = from; i < from + count; i++) {
    const lot = lots[i % lots.length] as string;
    const base = bases[i % bases.length] as string;
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/live/lots/${lot}`);
    ws.on('message', (data: Buffer) => {
      const e = JSON.parse(data.toString()) as { type: string; bidTime?: number };
      if (e.type === 'lot.snapshot') watching++;
      else if (e.type === 'bid.placed' && e.bidTime) delivery.push(Date.now() - e.bidTime);
      else if (e.type === 'lot.closed') closedSeen[lot] = (closedSeen[lot] ?? 0) + 1;
    });
    ws.on('error', (err) => {
      process.send?.({ error: `watcher ${i} on lot ${lot}: ${err.message}` });
    });
    sockets.push(ws);
    if (i % 200 === 199) await sleep(50);
  }
  while (watching < count) await sleep(50);
  process.send?.({ ready: watching });
}

process.on('message', (msg: FromParent) => {
  if (msg === 'report') {
    for (const ws of sockets) ws.terminate();
    process.send?.({ delivery, closedSeen });
  } else void watch(msg.watch);
});
// The parent gone (a bench stopped by its time limit): nothing left to report to.
process.on('disconnect', () => process.exit(0));
