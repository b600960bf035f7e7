// `npm start`: the main job on this machine. Starts the local sandbox of the Benefit API and the
// add-in's dev server (which serves the browser preview: the real task pane beside a spreadsheet)
// side by side, prefixes their output, prints the one URL to open, and stops both when either
// stops, on Ctrl+C, or whatever else stops this process: each runs under scripts/start-child.mjs,
// which stops its whole process group when told to or when this process is gone.
// On Windows or macOS, `npm run sideload` puts the same add-in into real Excel.
import { spawn } from "node:child_process";

const children = [
  { name: "sandbox", color: 36, cmd: ["npx", "tsx", "sandbox/main.ts"] },
  { name: "addin  ", color: 35, cmd: ["npx", "webpack", "serve", "--mode", "development"] },
];

let stopping = false;
const running = children.map(({ name, color, cmd }) => {
  const guard = new URL("./start-child.mjs", import.meta.url).pathname;
  const child = spawn(process.execPath, [guard, ...cmd], {
    stdio: ["ignore", "pipe", "pipe"],
    env: process.env,
  });
  const prefix = `\x1b[${color}m[${name}]\x1b[0m `;
  const forward = (stream, out) => {
    let rest = "";
    stream.on("data", (chunk) => {
      const lines = (rest + chunk.toString()).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) out.write(prefix + line + "\n");
    });
  };
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`${prefix}stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
      stop(code || 1); // a server that stops on its own is a failure, whatever its exit code
    }
  });
  return child;
});

function stop(code) {
  stopping = true;
  for (const child of running) if (child.exitCode === null) child.kill("SIGTERM");
  // The guards stop their groups (3 s at most for one that ignores SIGTERM).
  setTimeout(() => process.exit(code), 3_500).unref();
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
process.on("SIGHUP", () => stop(0));

console.log(
  [
    "ValePix for Excel: starting the local sandbox API and the browser preview.",
    "",
    "  Open http://localhost:3000/preview.html",
    "",
    "  (the spreadsheet and the task pane; connect to the sandbox, http://127.0.0.1:4010, with",
    "  the demo token printed below). Stop with Ctrl+C.",
  ].join("\n"),
);
