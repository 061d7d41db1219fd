// The V8 heap of each Worker, read through workerd's inspector (the DevTools protocol), for the bench's
// memory figures. RSS alone cannot tell a leak from garbage not yet collected, a high-water mark, or local
// D1/KV/R2 living in the same process; the heap after a full collection can.
//
// workerd is started by Miniflare with `--inspector-addr=127.0.0.1:0`: the port is found from the process's
// listening sockets (/proc), then `/json/list` names one target per Worker (`core:user:<name>`).
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";

/** The TCP ports `pid` listens on (IPv4 and IPv6), from its socket fds and /proc/<pid>/net/tcp*. */
function listeningPorts(pid) {
  const inodes = new Set();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = target.match(/^socket:\[(\d+)\]$/)?.[1];
      if (inode) inodes.add(inode);
    } catch {} // the fd closed meanwhile
  }
  const ports = [];
  for (const table of ["tcp", "tcp6"]) {
    let text = "";
    try {
      text = readFileSync(`/proc/${pid}/net/${table}`, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is HEX_IP:HEX_PORT, st 0A is LISTEN, the inode is the 10th field.
      if (fields.length < 10 || fields[3] !== "0A" || !inodes.has(fields[9])) continue;
      ports.push(Number.parseInt(fields[1].split(":")[1], 16));
    }
  }
  return ports;
}

/** The workerd processes among `pids`, each with its RSS and whether it runs the Workers (has an inspector). */
export function workerdProcesses(pids) {
  const found = [];
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      if (status.match(/^Name:\s+(.*)$/m)?.[1] !== "workerd") continue;
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      found.push({
        pid,
        rss: Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1] ?? 0) * 1024,
        // Miniflare's Workers process; wrangler's own dev proxy (the one the port is on) has no inspector.
        runsWorkers: cmdline.some((argument) => argument.startsWith("--inspector-addr")),
      });
    } catch {} // ended meanwhile
  }
  return found;
}

/** `http://127.0.0.1:<port>` of the inspector of workerd process `pid` (the port whose /json/list answers). */
export async function inspectorOf(pid) {
  for (const port of listeningPorts(pid)) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(2000) });
      const targets = await response.json();
      if (Array.isArray(targets) && targets.some((target) => String(target.id).startsWith("core:user:"))) return `http://127.0.0.1:${port}`;
    } catch {} // another of its sockets (the entry, the debug port)
  }
  throw new Error(`no inspector found on workerd ${pid}`);
}

/** One DevTools session: `send(method, params)` resolves with the result or rejects after `timeoutMs`. */
async function session(url) {
  const socket = new WebSocket(url);
  const pending = new Map();
  let nextId = 0;
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    const waiter = pending.get(message.id);
    if (!waiter) return; // an event (heap stats while tracking)
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(`${waiter.method}: ${message.error.message}`));
    else waiter.resolve(message.result);
  });
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", () => reject(new Error(`cannot open ${url}`)), { once: true });
  });
  return {
    send(method, params = {}, timeoutMs = 60_000) {
      const id = ++nextId;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`${method}: no answer in ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, {
          method,
          resolve(value) {
            clearTimeout(timer);
            resolve(value);
          },
          reject(error) {
            clearTimeout(timer);
            reject(error);
          },
        });
        socket.send(JSON.stringify({ id, method, params }));
      });
    },
    close: () => socket.close(),
  };
}

async function answeringSession(url) {
  for (let attempt = 1; ; attempt++) {
    const devtools = await session(url);
    try {
      await devtools.send("Runtime.getHeapUsage", {}, 5000);
      return devtools;
    } catch (error) {
      devtools.close();
      if (attempt === 5) throw error;
    }
  }
}

/**
 * The V8 heaps of the Workers `names` (`amp`, `amp-backend`) of the workerd whose inspector is `inspector`.
 * `used(name)` is the used heap in bytes as it is (live objects and garbage not yet collected);
 * `collected(name)` is the same after a full garbage collection: workerd does not answer
 * `HeapProfiler.collectGarbage`, but starting heap-object tracking makes V8 collect everything first, and
 * stopping it right away costs nothing more.
 *
 * Each reading opens its own session: a session that was asked while the isolate streamed a request body was
 * seen to stay silent from then on (so were two sessions at once: read one Worker after the other), and the first session workerd opens on an isolate sometimes never answers
 * while a new one does (so a session silent for 5 s is replaced, up to 5 times).
 */
export function workerHeaps(inspector, names) {
  const read = async (name, collect, timeoutMs) => {
    if (!names.includes(name)) throw new Error(`no Worker ${name}`);
    const devtools = await answeringSession(`${inspector.replace(/^http/, "ws")}/core:user:${name}`);
    try {
      if (collect) {
        await devtools.send("HeapProfiler.startTrackingHeapObjects", { trackAllocations: false }, timeoutMs);
        await devtools.send("HeapProfiler.stopTrackingHeapObjects", { reportProgress: false }, timeoutMs);
      }
      return (await devtools.send("Runtime.getHeapUsage", {}, timeoutMs)).usedSize;
    } finally {
      devtools.close();
    }
  };
  return {
    /** `timeoutMs` bounds the wait: a busy isolate answers only between two tasks. */
    used: (name, timeoutMs) => read(name, false, timeoutMs),
    collected: (name) => read(name, true),
  };
}

/**
 * A CPU profile of the Worker `name` while `during()` runs: V8's sampling profiler through the inspector.
 * Returns the sampled time (ms) by category ((idle), (garbage collector), (program), JavaScript) and the
 * JavaScript functions with the most self time, each as `name (file:line)`. With `saveTo`, the whole profile
 * is written there as a `.cpuprofile` (open it in Chrome DevTools' Performance panel).
 */
export async function cpuProfile(
  inspector,
  name,
  during,
  { top = 15, intervalUs = 200, saveTo = null, target = `core:user:${name}` } = {},
) {
  const devtools = await answeringSession(`${inspector.replace(/^http/, "ws")}/${target}`);
  try {
    await devtools.send("Profiler.enable");
    await devtools.send("Profiler.setSamplingInterval", { interval: intervalUs });
    await devtools.send("Profiler.start");
    await during();
    const { profile } = await devtools.send("Profiler.stop", {}, 120_000);
    if (saveTo) writeFileSync(saveTo, JSON.stringify(profile));
    return summariseProfile(profile, top);
  } finally {
    devtools.close();
  }
}

function summariseProfile(profile, top) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map();
  for (let index = 0; index < profile.samples.length; index++) {
    const id = profile.samples[index];
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  }
  const special = new Set(["(idle)", "(garbage collector)", "(program)", "(root)"]);
  const categories = { "(idle)": 0, "(garbage collector)": 0, "(program)": 0, JavaScript: 0 };
  const functions = new Map();
  for (const [id, ms] of selfMs) {
    const frame = nodes.get(id).callFrame;
    if (special.has(frame.functionName)) {
      if (frame.functionName !== "(root)") categories[frame.functionName] += ms;
      continue;
    }
    categories.JavaScript += ms;
    const file = frame.url.split("/").pop() || "(native)";
    const key = `${frame.functionName || "(anonymous)"} (${file}:${frame.lineNumber + 1})`;
    functions.set(key, (functions.get(key) ?? 0) + ms);
  }
  const busy = categories.JavaScript + categories["(garbage collector)"] + categories["(program)"];
  return {
    categories,
    busyMs: busy,
    top: [...functions]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([frame, ms]) => ({ frame, ms, share: ms / busy })),
  };
}
