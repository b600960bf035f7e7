// One child of `npm start` (scripts/start.mjs): runs a command in a process group of its own and
// stops that whole group (npx, tsx, node, webpack's workers) when it is told to stop, or when
// the process that started it is gone, however it went (Ctrl+C, a kill, a crash, a closed
// terminal, even SIGKILL, which nothing can catch: the parent's pid is checked twice a second).
//   node scripts/start-child.mjs <command> [args...]
import { spawn } from "node:child_process";

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error("usage: start-child.mjs <command> [args...]");
  process.exit(2);
}
const parent = process.ppid;
const child = spawn(cmd, args, { stdio: "inherit", env: process.env, detached: true });

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  try {
    process.kill(-child.pid, "SIGTERM"); // the whole group: npx and what it started
  } catch {
    // Already gone.
  }
  // A group that ignores SIGTERM is killed after 3 s.
  setTimeout(() => {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // Gone.
    }
    process.exit(code);
  }, 3_000).unref();
}

child.on("exit", (code, signal) => {
  if (!stopping) process.exit(code ?? (signal ? 1 : 0));
  else process.exit(code ?? 0);
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stop(0));
setInterval(() => {
  try {
    process.kill(parent, 0);
  } catch {
    stop(0); // the parent is gone: nobody would stop us
  }
}, 500).unref();
