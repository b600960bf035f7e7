/**
 * `npm start` leaves nothing running, whatever stops it (scripts/start-child.mjs): the command's
 * whole process group (npx and what it starts) stops when the guard is told to, and when the
 * process that started the guard is gone, even by SIGKILL.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const GUARD = path.resolve(__dirname, "../scripts/start-child.mjs");

/** Running (a zombie, which a container's init may never reap, is not). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true; // no /proc (macOS): the signal check is the answer
  }
};

async function until(check: () => boolean, ms = 8_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/**
 * A parent that starts the guard over a command which starts a grandchild (as npx starts tsx):
 * the grandchild writes its pid to a file. Resolves with the parent and the pids.
 */
async function start() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "valepix-start-"));
  const pidFile = path.join(dir, "grandchild.pid");
  const command = path.join(dir, "command.cjs");
  const grandchildCode = `require("node:fs").writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000);`;
  writeFileSync(
    command,
    `require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(grandchildCode)}], { stdio: "ignore" });
     setInterval(() => {}, 1000);`,
  );
  const parentScript = path.join(dir, "parent.cjs");
  writeFileSync(
    parentScript,
    `const g = require("node:child_process").spawn(process.execPath, [${JSON.stringify(GUARD)}, process.execPath, ${JSON.stringify(command)}], { stdio: "ignore" });
     console.log(g.pid); setInterval(() => {}, 1000);`,
  );
  const parent = spawn(process.execPath, [parentScript], { stdio: ["ignore", "pipe", "ignore"] });
  const guardPid = await new Promise<number>((resolve) =>
    parent.stdout.once("data", (d: Buffer) => resolve(Number(String(d).trim()))),
  );
  expect(
    await until(() => {
      try {
        return readFileSync(pidFile, "utf8") !== "";
      } catch {
        return false;
      }
    }),
  ).toBe(true);
  return { parent, guardPid, grandchild: Number(readFileSync(pidFile, "utf8")) };
}

test("the parent killed with SIGKILL: the guard stops the command's whole group", async () => {
  const { parent, guardPid, grandchild } = await start();
  expect(alive(grandchild)).toBe(true);
  parent.kill("SIGKILL");
  expect(await until(() => !alive(grandchild) && !alive(guardPid))).toBe(true);
});

test("the guard told to stop (SIGTERM): the command's whole group stops, the grandchild too", async () => {
  const { parent, guardPid, grandchild } = await start();
  process.kill(guardPid, "SIGTERM");
  expect(await until(() => !alive(grandchild) && !alive(guardPid))).toBe(true);
  parent.kill("SIGKILL");
});
