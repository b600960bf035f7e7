/**
 * Dates as Excel dates (./dates.ts): serials of the local wall clock, read back as the same
 * moment. The time zone is the process's, fixed when Node starts: the cases that depend on it
 * run in a child process with its own `TZ`.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { dateText, excelSerial, isoToSerial, monthName, serialToMs } from "./dates";

/** `expr` (over the module as `m`) evaluated in a Node with time zone `tz`, as JSON. */
function inZone(tz: string, expr: string): unknown {
  const file = path.join(__dirname, "dates.ts");
  const script = `import(${JSON.stringify(file)}).then((x) => { const m = x.default ?? x; console.log(JSON.stringify(${expr})); })`;
  const r = spawnSync(process.execPath, ["--import", "tsx", "-e", script], {
    env: { ...process.env, TZ: tz },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as unknown;
}

test("a moment is the serial of its local wall clock (1900 date system)", () => {
  // 23:27 UTC is 20:27 in São Paulo, still the 24th: Excel must show 24/11/2026 20:27 there,
  // and 25/11/2026 08:27 in Tokyo.
  const iso = JSON.stringify("2026-11-24T23:27:35.270Z");
  const minutes = (serial: number, day: number) => Math.floor((serial - day) * 24 * 60);
  const sp = inZone(
    "America/Sao_Paulo",
    `[m.isoToSerial(${iso}), m.dateText(Date.parse(${iso}), "pt-BR")]`,
  ) as [number, string];
  expect(Math.floor(sp[0])).toBe(46_350); // =DATE(2026;11;24)
  expect(minutes(sp[0], 46_350)).toBe(20 * 60 + 27);
  expect(sp[1]).toBe("24/11/2026");
  const tokyo = inZone("Asia/Tokyo", `m.isoToSerial(${iso})`) as number;
  expect(Math.floor(tokyo)).toBe(46_351);
  expect(minutes(tokyo, 46_351)).toBe(8 * 60 + 27);
  // Read back in its zone, a serial is the moment it was written.
  expect(inZone("America/Sao_Paulo", `m.serialToMs(m.isoToSerial(${iso}))`)).toBe(
    Date.parse(JSON.parse(iso) as string),
  );
  expect(excelSerial(new Date(1900, 2, 1).getTime())).toBe(61); // Excel's 1900-03-01
});

test("a serial reads back as the moment it was written, to the millisecond", () => {
  for (const ms of [Date.UTC(2026, 10, 24, 23, 27, 35, 270), Date.UTC(2027, 1, 28, 3, 0, 0, 1)])
    expect(serialToMs(excelSerial(ms))).toBe(ms);
});

test("ISO text that is not a date is not turned into one", () => {
  expect(isoToSerial(undefined)).toBeUndefined();
  expect(isoToSerial("")).toBeUndefined();
  expect(isoToSerial("ontem")).toBeUndefined();
});

test("dates and months in sentences follow the display language", () => {
  const ms = new Date(2026, 10, 5, 9, 0).getTime();
  expect(dateText(ms, "pt-BR")).toBe("05/11/2026");
  expect(dateText(ms, "en-US")).toBe("11/05/2026");
  expect(monthName(ms, "pt-BR")).toBe("novembro");
  expect(monthName(ms, "en-US")).toBe("November");
});
