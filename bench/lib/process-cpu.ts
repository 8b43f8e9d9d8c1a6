import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** One process's CPU time so far (user + system, all its threads), from /proc/<pid>/stat. */
interface ProcessCpu {
  pid: number;
  name: string;
  seconds: number;
}

const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

function readStat(pid: number): { name: string; ppid: number; seconds: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name is in parentheses and may hold spaces: the fields are counted after its last ')'.
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return {
      name: stat.slice(stat.indexOf('(') + 1, close),
      ppid: Number(fields[1]),
      // utime and stime: the 14th and 15th fields of the line, the 12th and 13th after the name.
      seconds: (Number(fields[11]) + Number(fields[12])) / clockTicks,
    };
  } catch {
    return undefined; // Ended meanwhile.
  }
}

/**
 * CPU seconds of `root` (this process by default) and every process descended from it (the local
 * runtime's DynamoDB Local JVM and any other emulator it spawned), by pid. Linux only.
 */
export function processTreeCpu(root = process.pid): Map<number, ProcessCpu> {
  const parents = new Map<number, number>();
  const stats = new Map<number, { name: string; ppid: number; seconds: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (!stat) continue;
    stats.set(Number(entry), stat);
    parents.set(Number(entry), stat.ppid);
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at && at > 1; at = parents.get(at)) if (at === root) return true;
    return false;
  };
  const tree = new Map<number, ProcessCpu>();
  for (const [pid, stat] of stats)
    if (inTree(pid)) tree.set(pid, { pid, name: stat.name, seconds: stat.seconds });
  return tree;
}

/** The CPU seconds each process of the tree spent between two snapshots (a process born since counts whole). */
export function cpuSpent(before: Map<number, ProcessCpu>, after: Map<number, ProcessCpu>): ProcessCpu[] {
  return [...after.values()]
    .map((now) => ({ ...now, seconds: now.seconds - (before.get(now.pid)?.seconds ?? 0) }))
    .filter((spent) => spent.seconds > 0)
    .sort((a, b) => b.seconds - a.seconds);
}
