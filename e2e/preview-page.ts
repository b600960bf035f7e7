/**
 * What a person does on the preview page, as steps the journeys share: switch sheets by their
 * tabs, go to a cell with the name box, type into it (the formula bar, or straight into the
 * cell), read what a cell shows, open the pane's screens, and read the pane's message. Every
 * locator is by role and accessible name (ARIA grid rows and cells carry their indexes).
 */
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { ARTIFACTS } from "./harness";

export type Lang = "pt-BR" | "en-US";

const WORDS = {
  "pt-BR": {
    nameBox: "Caixa de nome",
    formulaBar: "Barra de fórmulas",
    save: "Salvar .xlsx",
    open: "Abrir .xlsx",
    dismiss: "Fechar a mensagem",
    sheets: "Planilhas",
  },
  "en-US": {
    nameBox: "Name box",
    formulaBar: "Formula bar",
    save: "Save .xlsx",
    open: "Open .xlsx",
    dismiss: "Dismiss the message",
    sheets: "Sheets",
  },
} as const;

/** axe-core's browser script, injected into the page to check the pane at each screenshot. */
const AXE = require.resolve("axe-core/axe.min.js");

/** One accessibility violation as axe-core reports it: rule, impact, where. */
interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** 0-based column of "C" → 2; the grid's first column holds the row numbers. */
function columnOf(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** 0-based column 2 → "C" (up to "ZZ"). */
function letterOf(column: number): string {
  return column < 26
    ? String.fromCharCode(65 + column)
    : String.fromCharCode(64 + Math.floor(column / 26)) + String.fromCharCode(65 + (column % 26));
}

/** Polls `read` until it gives `expected` (or the time is up, failing with the last value). */
export async function until<T>(read: () => Promise<T>, expected: T, timeout = 15_000): Promise<void> {
  const end = Date.now() + timeout;
  let last: T = await read();
  while (last !== expected && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  if (last !== expected) throw new Error(`expected ${String(expected)}, still ${String(last)}`);
}

export class PreviewPage {
  readonly pane: Locator;
  private shots = 0;

  constructor(
    readonly page: Page,
    readonly lang: Lang,
    /** Prefix of this journey's screenshots in e2e-artifacts/. */
    readonly journey: string,
  ) {
    this.pane = page.getByRole("complementary", { name: "ValePix" });
  }

  get words() {
    return WORDS[this.lang];
  }

  /** The pane's screen tab ("Dados", "Distribuir"...). */
  async screen(name: string): Promise<void> {
    await this.pane.getByRole("tab", { name, exact: true }).click();
  }

  async sheet(name: string): Promise<Locator> {
    await this.page.getByRole("tab", { name, exact: true }).click();
    const grid = this.page.getByRole("grid", { name, exact: true });
    await grid.waitFor();
    return grid;
  }

  /**
   * Opens an .xlsx as a person does with Open. The preview keeps the file and reloads the page
   * (src/preview/index.tsx), so this waits for that load: on a page that already shows a sheet of
   * the same name, waiting for the tab alone would find the old page's tab.
   */
  async open(file: string): Promise<void> {
    await Promise.all([
      this.page.waitForEvent("load"),
      this.page.getByLabel(this.words.open).setInputFiles(file),
    ]);
  }

  /** Goes to a cell with the name box (the grid scrolls to it) and returns its grid cell. */
  async goTo(address: string): Promise<Locator> {
    const box = this.page.getByRole("textbox", { name: this.words.nameBox });
    await box.fill(address);
    await box.press("Enter");
    const m = /^([A-Z]+)(\d+)$/.exec(address);
    if (!m?.[1] || !m[2]) throw new Error(`not a cell address: ${address}`);
    const cell = this.gridRow(Number(m[2])).locator(
      `[role="gridcell"][aria-colindex="${columnOf(m[1]) + 2}"]`,
    );
    await cell.waitFor();
    return cell;
  }

  /** The grid's row of sheet row `row` (1-based), by its ARIA index. */
  private gridRow(row: number): Locator {
    // aria-rowindex counts the header row (1); aria-colindex the row-number column (1).
    return this.page.locator(`[role="grid"] [role="row"][aria-rowindex="${row + 1}"]`);
  }

  /** Types into a cell through the formula bar, as a person would after the name box. */
  async type(address: string, text: string): Promise<void> {
    await this.goTo(address);
    const bar = this.page.getByRole("textbox", { name: this.words.formulaBar });
    await bar.fill(text);
    await bar.press("Enter");
  }

  /** Types several cells of a row, from `address` to the right. */
  async typeRow(address: string, texts: string[]): Promise<void> {
    const m = /^([A-Z]+)(\d+)$/.exec(address);
    if (!m?.[1] || !m[2]) throw new Error(`not a cell address: ${address}`);
    const first = columnOf(m[1]);
    for (const [i, text] of texts.entries()) {
      await this.type(`${String.fromCharCode(65 + first + i)}${m[2]}`, text);
    }
  }

  /** What the cell shows (its formatted text). */
  async shows(address: string): Promise<string> {
    return ((await (await this.goTo(address)).textContent()) ?? "").trim();
  }

  /** What the cell holds, as the formula bar shows it (the value as typed, or the formula). */
  async raw(address: string): Promise<string> {
    await this.goTo(address);
    // The bar is drawn again for the new cell a moment after the grid shows it selected.
    const bar = this.page.getByRole("textbox", { name: this.words.formulaBar });
    await this.page.locator(`input[data-cell="${address}"]`).waitFor();
    return bar.inputValue();
  }

  /**
   * The column letter whose cell in `row` (the header row, 1) holds `header`: the row is read as
   * a person scans it, screenful by screenful from column A (the grid renders the columns in
   * view; their cells carry their indexes).
   */
  async column(header: string, row = 1): Promise<string> {
    let from = 0;
    while (from < 52) {
      await this.goTo(`${letterOf(from)}${row}`);
      const cells = this.gridRow(row).getByRole("gridcell");
      const seen = await cells.evaluateAll((els) =>
        els.map(
          (el) => [Number(el.getAttribute("aria-colindex")) - 2, (el.textContent ?? "").trim()] as const,
        ),
      );
      const hit = seen.find(([c, text]) => c >= from && text === header);
      if (hit) return letterOf(hit[0]);
      const last = Math.max(...seen.map(([c]) => c));
      if (last < from) break;
      from = last + 1;
    }
    throw new Error(`no header ${header} in row ${row}`);
  }

  /** Closes the pane's message, so the next one cannot be mistaken for it. */
  async dismiss(): Promise<void> {
    const close = this.pane.getByRole("button", { name: this.words.dismiss });
    if (await close.isVisible()) await close.click();
  }

  /**
   * Does `act` until `done` shows, as a person does when the pane reports a failure (an error, or
   * a warning such as "not known whether the draft was created"): reads it, closes it and tries
   * again (at most `tries` times). Returns the errors seen, each of
   * which must read as a sentence for a person (no stack, no "undefined").
   */
  async persist(act: () => Promise<void>, done: Locator, tries = 4, timeout = 60_000): Promise<string[]> {
    const seen: string[] = [];
    const alert = this.pane.locator('[data-testid="pane-message"][data-kind="failure"]');
    for (let i = 0; i < tries; i++) {
      await act();
      const outcome = await Promise.race([
        done
          .first()
          .waitFor({ timeout })
          .then(
            () => "done",
            () => "timeout",
          ),
        alert
          .first()
          .waitFor({ timeout })
          .then(
            () => "alert",
            () => "timeout",
          ),
      ]);
      if (outcome === "done") return seen;
      if (outcome === "timeout") break;
      const text = ((await alert.first().textContent()) ?? "").trim();
      if (/undefined|\bat \w+ \(|Error:/.test(text)) throw new Error(`an unclear message: ${text}`);
      seen.push(text);
      await alert.first().scrollIntoViewIfNeeded();
      await this.shot("error-shown");
      await this.dismiss();
    }
    await this.shot("FAILED");
    throw new Error(`never done after ${tries} tries; messages: ${JSON.stringify(seen)}`);
  }

  /** The pane's one message area, once it shows text matching `text`. */
  async message(text: string | RegExp, timeout = 30_000): Promise<string> {
    const area = this.pane.getByRole("status").or(this.pane.getByRole("alert"));
    const m = area.filter({ hasText: text });
    try {
      await m.first().waitFor({ timeout });
    } catch {
      // Say what the pane showed instead, with a picture of it.
      await this.shot("FAILED");
      const shown = await area.allTextContents();
      throw new Error(`the pane never said ${String(text)}; it shows: ${JSON.stringify(shown)}`);
    }
    return ((await m.first().textContent()) ?? "").trim();
  }

  /**
   * A screenshot of the step, and the pane checked with axe-core (WCAG 2.x A and AA rules): a
   * serious or critical violation fails the journey there, naming the step, the rule and the
   * element (every screen a journey shows, in its language and width).
   */
  async shot(step: string): Promise<void> {
    this.shots += 1;
    const n = String(this.shots).padStart(2, "0");
    await this.page.screenshot({ path: path.join(ARTIFACTS, `${this.journey}-${n}-${step}.png`) });
    const found = (await this.axe()).filter((v) => v.impact === "serious" || v.impact === "critical");
    if (found.length > 0)
      throw new Error(
        `${this.journey}, step "${step}": ${found.length} accessibility violation(s) in the pane:\n` +
          found.map((v) => `  ${v.id} (${v.impact}): ${v.help} at ${v.targets.join(", ")}`).join("\n"),
      );
  }

  /** axe-core's violations in the pane (#root), WCAG 2.0-2.2 A and AA. */
  async axe(): Promise<Violation[]> {
    if (!(await this.page.evaluate(() => "axe" in window))) {
      await this.page.addScriptTag({ path: AXE });
      // Colours are checked at rest: a button caught mid-transition (fading to disabled while a
      // send starts) measured half-way is not what anyone reads.
      await this.page.addStyleTag({
        content: "*, *::before, *::after { transition: none !important; animation: none !important; }",
      });
    }
    return this.page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<AxeResults> } }).axe;
      type AxeResults = {
        violations: {
          id: string;
          impact: string | null;
          help: string;
          nodes: { target: string[]; html: string }[];
        }[];
      };
      const r = await axe.run(
        { include: [["#root"]] },
        { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] } },
      );
      // Every node counts, Fluent's focus helpers included: the pane creates none that a screen
      // reader would find focusable and hidden (src/ui/TabBar.tsx).
      return r.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 3).map((node) => `${node.target.join(" ")} ${node.html.slice(0, 160)}`),
      }));
    });
  }
}
