import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/**
 * CPU time spent per request by each party of a phase: the server process, the bench's own client
 * (this process) and PostgreSQL (every `postgres` process, with the exited backends the postmaster
 * has reaped). On a machine where all three share the cores, the ratio between two routes is set by
 * the sum, not by the server alone; this says which party a difference comes from. Linux only
 * (`/proc`); elsewhere the server and PostgreSQL figures are NaN.
 */
const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime + cutime + cstime of one process, in µs (NaN when it cannot be read). */
function processMicros(pid: number | string): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14 … cstime 17.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    return (ticks / CLK_TCK) * 1e6;
  } catch {
    return NaN;
  }
}

function postgresMicros(): number {
  let sum = 0;
  for (const pid of fs.existsSync('/proc') ? fs.readdirSync('/proc') : []) {
    if (!/^\d+$/.test(pid)) continue;
    let comm = '';
    try {
      comm = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (comm === 'postgres') sum += processMicros(pid) || 0;
  }
  return sum || NaN;
}

export interface CpuShare {
  /** µs of CPU per request. */
  server: number;
  client: number;
  postgres: number;
  /** Share of all cores busy with the three together during the phase. */
  busy: number;
}

/** Starts measuring; the function returned ends the phase and divides by its request count. */
export function cpuMeter(serverPid: number | undefined) {
  const snapshot = () => {
    const own = process.cpuUsage();
    return {
      server: serverPid ? processMicros(serverPid) : NaN,
      client: own.user + own.system,
      postgres: postgresMicros(),
      wall: performance.now(),
    };
  };
  return () => {
    const a = snapshot();
    return (requests: number): CpuShare => {
      const b = snapshot();
      const per = (k: 'server' | 'client' | 'postgres') => (b[k] - a[k]) / Math.max(1, requests);
      const total = b.server - a.server + (b.client - a.client) + (b.postgres - a.postgres);
      return {
        server: per('server'),
        client: per('client'),
        postgres: per('postgres'),
        busy: total / ((b.wall - a.wall) * 1000 * os.cpus().length),
      };
    };
  };
}

export const formatShare = (s: CpuShare) =>
  `CPU per request: server ${s.server.toFixed(0)} µs, client ${s.client.toFixed(0)} µs, PostgreSQL ${s.postgres.toFixed(0)} µs (all cores ${(s.busy * 100).toFixed(0)} % busy)`;

/**
 * The most memory a process has held resident since it started (`VmHWM`), in MiB, NaN when it cannot
 * be read: what a setting that trades memory for fewer collections (decision 063) costs.
 */
export function peakResidentMiB(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
    return kib === undefined ? NaN : Number(kib) / 1024;
  } catch {
    return NaN;
  }
}
