// CPU time of a process, for the bench's CPU readings (bench/run.mjs, bench/portal-cpu-workerd.mjs).
import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time of process `pid`, all its threads, in ms: the scheduler's nanosecond count of each thread
 * (`/proc/<pid>/task/<tid>/schedstat`), not `/proc/<pid>/stat`'s 10 ms ticks, with which a round of 50 requests read
 * ±0.2 ms a request from rounding alone. A thread that ended between two readings takes its time with it (workerd
 * keeps its threads).
 */
export function processCpuMs(pid) {
  let nanoseconds = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      nanoseconds += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    } catch {} // a thread that ended meanwhile
  }
  return nanoseconds / 1e6;
}
