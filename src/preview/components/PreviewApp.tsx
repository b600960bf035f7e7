/**
 * The preview's spreadsheet side: a toolbar (open and save .xlsx, the Office language switch),
 * Excel's name box and formula bar, the grid of the active sheet and its tabs. Everything goes
 * through the `SheetSource` (the fake Excel the add-in works on); files go through the page's
 * `files`: opening one opens it as a new workbook, saving writes the workbook as it is now.
 */
import { Button, Input, Select, Tab, TabList, makeStyles, tokens } from "@fluentui/react-components";
import { useEffect, useRef, useState } from "react";
import type { DisplayLocale } from "../format";
import { PREVIEW_MESSAGES, type PreviewMessages } from "../i18n";
import { type SheetSnapshot, type WorkbookSnapshot, a1, parseA1 } from "../snapshot";
import type { SheetSource } from "../sheet-source";
import { ChartView } from "./ChartView";
import { SheetGrid } from "./SheetGrid";

export interface PreviewAppProps {
  source: SheetSource;
  locale: DisplayLocale;
  onLocaleChange: (locale: DisplayLocale) => void;
  /** The workbook when the page opened (later ones are read from `source` after each change). */
  initial: WorkbookSnapshot;
  /** Opens an .xlsx file in place of the workbook, and saves the workbook as .xlsx. */
  files: {
    open(data: ArrayBuffer): Promise<void>;
    save(): Promise<ArrayBuffer>;
  };
}

/**
 * The workbook as the source has it, re-read after every change: one read at a time, and one
 * more when changes came during it (a send writes in many batches).
 */
function useSnapshot(source: SheetSource, initial: WorkbookSnapshot) {
  const [state, setState] = useState(() => ({ model: initial, selection: source.selection() }));
  const reading = useRef<"idle" | "reading" | "again">("idle");
  useEffect(() => {
    let live = true;
    const read = () => {
      if (reading.current !== "idle") {
        reading.current = "again";
        return;
      }
      reading.current = "reading";
      source.snapshot().then(
        (model) => {
          if (live) setState({ model, selection: source.selection() });
          const again = reading.current === "again";
          reading.current = "idle";
          if (again && live) read();
        },
        (error: unknown) => {
          reading.current = "idle";
          console.error("ValePix preview: reading the workbook failed", error);
        },
      );
    };
    const off = source.subscribe(read);
    read(); // what changed between the first snapshot and this subscription
    return () => {
      live = false;
      off();
    };
  }, [source]);
  return state;
}

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", height: "100%", minWidth: 0 },
  toolbar: {
    display: "flex",
    alignItems: "end",
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: "#217346",
    color: "#FFFFFF",
    flexWrap: "wrap",
  },
  title: { fontWeight: tokens.fontWeightSemibold, marginRight: "auto", alignSelf: "center" },
  fileInput: { display: "none" },
  bar: {
    display: "flex",
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingVerticalXS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  nameBox: { width: "90px" },
  formula: { flexGrow: 1 },
  grid: { flexGrow: 1, minHeight: 0 },
  charts: {
    // Below the grid, never squeezed by it: the grid takes what is left.
    flex: "0 0 auto",
    display: "flex",
    gap: tokens.spacingHorizontalM,
    overflowX: "auto",
    padding: tokens.spacingVerticalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  tabs: {
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  error: { color: tokens.colorPaletteRedForeground1, padding: tokens.spacingVerticalXS },
});

export function PreviewApp({ source, locale, onLocaleChange, initial, files }: PreviewAppProps) {
  const styles = useStyles();
  const words = PREVIEW_MESSAGES[locale];
  const { model, selection } = useSnapshot(source, initial);
  const [error, setError] = useState<string | null>(null);

  const visible = model.sheets.filter((s) => s.visibility === "visible");
  const sheet = visible.find((s) => s.name === model.activeSheet) ?? visible[0];
  const selected = selection && selection.sheet === sheet?.name ? selection.address : "A1";
  const cell = sheet?.cells[selected];
  const type = (address: string, text: string) => {
    if (sheet) source.typeCell(sheet.name, address, text).catch((e: unknown) => setError(String(e)));
  };

  const open = async (file: File) => {
    try {
      await files.open(await file.arrayBuffer());
      setError(null);
    } catch (e) {
      setError(words.openFailed + (e instanceof Error ? e.message : String(e)));
    }
  };

  return (
    <div className={styles.root}>
      <Toolbar
        words={words}
        locale={locale}
        onOpen={(file) => void open(file)}
        onSave={() => void files.save().then(download)}
        onLocaleChange={onLocaleChange}
      />
      <CellBar
        // A new cell or a new value starts the bar afresh, as Excel's does.
        key={`${sheet?.name}!${selected}!${JSON.stringify(cell ?? null)}`}
        address={selected}
        text={cell?.formulaLocal ?? cell?.formula ?? (cell ? String(cell.value) : "")}
        words={words}
        onGo={(address) => {
          try {
            const { row, column } = parseA1(address);
            if (sheet)
              source
                .select({ sheet: sheet.name, address: a1(row, column) })
                .catch((e: unknown) => setError(String(e)));
            setError(null);
          } catch {
            setError(words.noSuchCell + address);
          }
        }}
        onType={(text) => type(selected, text)}
      />
      {error && (
        <div role="alert" className={styles.error}>
          {error}
        </div>
      )}
      <div className={styles.grid}>
        {sheet && (
          <SheetGrid
            sheet={sheet}
            locale={locale}
            selected={selected}
            onSelect={(address) =>
              void source.select({ sheet: sheet.name, address }).catch((e: unknown) => setError(String(e)))
            }
            onType={type}
          />
        )}
      </div>
      <SheetFooter
        sheets={visible}
        active={sheet}
        words={words}
        locale={locale}
        onActivate={(name) => void source.activate(name).catch((e: unknown) => setError(String(e)))}
      />
    </div>
  );
}

/** Below the grid: the active sheet's charts, then the tabs of the visible sheets. */
function SheetFooter(props: {
  sheets: SheetSnapshot[];
  active: SheetSnapshot | undefined;
  words: PreviewMessages;
  locale: DisplayLocale;
  onActivate: (sheet: string) => void;
}) {
  const styles = useStyles();
  const { active, words } = props;
  return (
    <>
      {active?.charts && active.charts.length > 0 && (
        <div className={styles.charts} aria-label={words.charts}>
          {active.charts.map((c) => (
            <ChartView key={c.name} chart={c} locale={props.locale} />
          ))}
        </div>
      )}
      <TabList
        className={styles.tabs}
        aria-label={words.sheets}
        size="small"
        selectedValue={active?.name ?? ""}
        onTabSelect={(_, d) => props.onActivate(String(d.value))}
      >
        {props.sheets.map((s) => (
          <Tab key={s.name} value={s.name}>
            {s.name}
          </Tab>
        ))}
      </TabList>
    </>
  );
}

/** Offers the workbook's .xlsx bytes as a download named valepix.xlsx. */
function download(data: ArrayBuffer): void {
  const url = URL.createObjectURL(
    new Blob([data], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }),
  );
  const link = document.createElement("a");
  link.href = url;
  link.download = "valepix.xlsx";
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The preview's own bar: its title, open and save .xlsx, and the Office language switch. */
function Toolbar(props: {
  words: PreviewMessages;
  locale: DisplayLocale;
  onOpen: (file: File) => void;
  onSave: () => void;
  onLocaleChange: (locale: DisplayLocale) => void;
}) {
  const styles = useStyles();
  const { words } = props;
  return (
    <div className={styles.toolbar}>
      <span className={styles.title}>{words.title}</span>
      <input
        id="xlsx-file"
        className={styles.fileInput}
        type="file"
        accept=".xlsx"
        aria-label={words.open}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) props.onOpen(file);
          event.currentTarget.value = "";
        }}
      />
      <Button onClick={() => document.getElementById("xlsx-file")?.click()}>{words.open}</Button>
      <Button appearance="primary" onClick={props.onSave}>
        {words.save}
      </Button>
      <Select
        aria-label={words.language}
        value={props.locale}
        onChange={(_, d) => props.onLocaleChange(d.value as DisplayLocale)}
      >
        <option value="pt-BR">Português (Brasil)</option>
        <option value="en-US">English (United States)</option>
      </Select>
    </div>
  );
}

/** Excel's name box (go to a cell) and formula bar (type into the selected cell). */
function CellBar(props: {
  address: string;
  text: string;
  words: PreviewMessages;
  onGo: (address: string) => void;
  onType: (text: string) => void;
}) {
  const styles = useStyles();
  const [address, setAddress] = useState(props.address);
  const [text, setText] = useState(props.text);
  return (
    <div className={styles.bar}>
      <Input
        className={styles.nameBox}
        aria-label={props.words.nameBox}
        value={address}
        onChange={(_, d) => setAddress(d.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") props.onGo(address);
        }}
      />
      <Input
        className={styles.formula}
        aria-label={props.words.formulaBar}
        // The cell it shows: what a test reading the bar waits for after going to a cell.
        data-cell={props.address}
        value={text}
        onChange={(_, d) => setText(d.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") props.onType(text);
        }}
      />
    </div>
  );
}
