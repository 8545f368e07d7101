import { readFileSync } from 'node:fs';
import pg from 'pg';

/*
 * CPU time spent by processes (Linux /proc), to tell what a request costs whatever else the machine
 * does: a run's rate moves with the load beside it, the CPU a request takes much less.
 */

const TICKS_PER_SECOND = 100;

/** User and system CPU time of a process so far, in ms (0 once it is gone). */
export function cpuMsOf(pid: number): number {
  try {
    // The command's name, in parentheses, may hold spaces: the fields counted after it.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving a database (their pids, as the server sees them on this machine). */
export async function backendsOf(url: string): Promise<number[]> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/** Transactions the database committed so far (each statement outside a transaction is one). */
async function commitsOf(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select xact_commit as n from pg_stat_database where datname = current_database()');
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/**
 * CPU ms of the server process and of the database's backends, and the database's commits, from
 * this call to the call of what it answers. (The statistics reach pg_stat_database within a second
 * or so; a run of several seconds makes that lag small.)
 */
export async function cpuDuring(serverPid: number, databaseUrl: string) {
  const before = new Map((await backendsOf(databaseUrl)).map((pid) => [pid, cpuMsOf(pid)]));
  const server = cpuMsOf(serverPid);
  const commits = await commitsOf(databaseUrl);
  return async () => {
    const serverMs = cpuMsOf(serverPid) - server;
    let databaseMs = 0;
    for (const pid of await backendsOf(databaseUrl)) databaseMs += cpuMsOf(pid) - (before.get(pid) ?? 0);
    return { serverMs, databaseMs, commits: (await commitsOf(databaseUrl)) - commits };
  };
}
