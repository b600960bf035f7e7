/**
 * One worksheet drawn with react-data-grid (real ARIA grid cells): column letters on top, row
 * numbers on the left, values through their number formats, tables with a coloured header row
 * and banded rows, the add-in's status colours, and the selected cell. Typing into a cell
 * (double-click, Enter or just typing) goes to `onType`, which the sheet source turns into
 * Excel's change events.
 */
import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { type RefObject, useCallback, useEffect, useMemo, useRef } from "react";
import {
  type CellKeyDownArgs,
  type CellKeyboardEvent,
  type Column,
  DataGrid,
  type DataGridHandle,
  type RenderEditCellProps,
} from "react-data-grid";
import { conditionalColours } from "../conditional";
import { type DisplayLocale, alignsRight, displayColour, displayText } from "../format";
import {
  type CellSnapshot,
  type SheetSnapshot,
  a1,
  columnLetters,
  parseRange,
  usedBounds,
} from "../snapshot";

interface Row {
  index: number;
}

export interface SheetGridProps {
  sheet: SheetSnapshot;
  locale: DisplayLocale;
  /** A1 address of the selected cell. */
  selected: string | null;
  onSelect: (address: string) => void;
  onType: (address: string, text: string) => void;
}

const useStyles = makeStyles({
  grid: { height: "100%", blockSize: "100%", fontSize: tokens.fontSizeBase200, border: "none" },
  rowNumber: {
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground3,
    textAlign: "center",
  },
  cell: { paddingInline: "4px", whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" },
  right: { textAlign: "right" },
  tableHeader: { backgroundColor: "#4472C4", color: "#FFFFFF", fontWeight: tokens.fontWeightSemibold },
  band: { backgroundColor: "#D9E1F2" },
  totals: { fontWeight: tokens.fontWeightSemibold, borderTop: "2px solid #4472C4" },
  editor: {
    width: "100%",
    height: "100%",
    border: "none",
    padding: "0 4px",
    font: "inherit",
    boxSizing: "border-box",
  },
});

type CellRole = "header" | "band" | "totals" | "data" | null;

function tableRole(sheet: SheetSnapshot, row: number, column: number): CellRole {
  for (const table of sheet.tables) {
    const box = parseRange(table.ref);
    if (row < box.top || row > box.bottom || column < box.left || column > box.right) continue;
    if (row === box.top) return "header";
    if (table.hasTotalsRow && row === box.bottom) return "totals";
    return (row - box.top) % 2 === 1 ? "band" : "data";
  }
  return null;
}

/**
 * The text an editor opens with when a key starts the edit: the key itself for a printable
 * character (Excel's "Enter" mode replaces the cell's content), "" for Backspace, and null for
 * Enter, F2 and the like, which edit the content that is there ("Edit mode").
 */
export function startingText(
  event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey">,
): string | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key === "Backspace") return "";
  return [...event.key].length === 1 ? event.key : null;
}

/** What a person edits: the formula, or the value as typed (numbers without formatting). */
function editText(cell: CellSnapshot | undefined): string {
  if (!cell) return "";
  if (cell.formula) return cell.formulaLocal ?? cell.formula;
  return typeof cell.value === "boolean" ? String(cell.value).toUpperCase() : String(cell.value);
}

/** What a letter column draws with: the sheet, its language and the styles. */
interface ColumnContext {
  sheet: SheetSnapshot;
  locale: DisplayLocale;
  styles: ReturnType<typeof useStyles>;
}

const rowNumberColumn = (className: string): Column<Row> => ({
  key: "row",
  name: "",
  width: 44,
  frozen: true,
  cellClass: className,
  renderCell: ({ row }) => row.index + 1,
});

/** A cell's text through its number format, with its conditional and status colours. */
function ShownCell({
  sheet,
  locale,
  row,
  column,
}: {
  sheet: SheetSnapshot;
  locale: DisplayLocale;
  row: number;
  column: number;
}) {
  const at = (r: number, c: number) => sheet.cells[a1(r, c)];
  const cell = at(row, column);
  const colours = conditionalColours(sheet, row, column, at);
  const colour = colours?.font ?? displayColour(cell) ?? undefined;
  const text = displayText(cell, locale);
  if (!colours?.fill && !colour) return <>{text}</>;
  return (
    <span
      style={{
        display: "block",
        margin: "0 -4px",
        padding: "0 4px",
        background: colours?.fill,
        color: colour,
      }}
    >
      {text}
    </span>
  );
}

/** One column of the sheet, by its letter: its width, table colours and display (the editor is the grid's). */
function letterColumn(column: number, context: ColumnContext): Column<Row> {
  const { sheet, styles } = context;
  const letter = columnLetters(column);
  const width = sheet.columnWidths[column];
  const at = (r: number) => sheet.cells[a1(r, column)];
  return {
    key: letter,
    name: letter,
    width: width ? Math.round(width / 0.75) : 80,
    resizable: true,
    editable: true,
    cellClass: (row) => {
      const role = tableRole(sheet, row.index, column);
      return mergeClasses(
        styles.cell,
        alignsRight(at(row.index)) && styles.right,
        role === "header" && styles.tableHeader,
        role === "band" && styles.band,
        role === "totals" && styles.totals,
      );
    },
    renderCell: ({ row }) => (
      <ShownCell sheet={sheet} locale={context.locale} row={row.index} column={column} />
    ),
  };
}

/**
 * The key that opens a cell's editor. Delete clears the cell; a printable key (or Backspace) is
 * kept for the editor to open with, until the editor is open (React may render the editor twice).
 */
function useStartingKey(onType: (address: string, text: string) => void) {
  /** The key that opened the editor, for the cell it opened on. */
  const typed = useRef<{ address: string; text: string } | null>(null);

  /** The key that opened the editor on `address`, if one did. */
  const startText = useCallback((address: string): string | null => {
    const pending = typed.current;
    return pending && pending.address === address ? pending.text : null;
  }, []);

  const opened = useCallback((): void => {
    typed.current = null;
  }, []);

  const onKeyDown = (args: CellKeyDownArgs<Row>, event: CellKeyboardEvent) => {
    if (args.mode !== "ACTIVE" || !args.column || args.column.key === "row" || !args.row) return;
    const address = `${args.column.key}${args.row.index + 1}`;
    if (event.key === "Delete") {
      event.preventGridDefault();
      onType(address, "");
      return;
    }
    const text = startingText(event);
    typed.current = null;
    if (text === null) return;
    // The grid opens the editor after this event: the key itself must not be lost, nor typed twice.
    event.preventDefault();
    typed.current = { address, text };
  };

  return { startText, opened, onKeyDown };
}

/** The add-in's selection (Range.select) moves the grid's active cell and scrolls to it. */
function useActiveCellOnSelection(
  grid: RefObject<DataGridHandle | null>,
  selected: string | null,
  sheetName: string,
): void {
  const target = selected ? parseRange(selected) : null;
  const targetRow = target?.top;
  const targetColumn = target?.left;
  useEffect(() => {
    if (targetRow === undefined || targetColumn === undefined) return;
    grid.current?.setActivePosition({ idx: targetColumn + 1, rowIdx: targetRow }, { shouldFocus: false });
    grid.current?.scrollToCell({ idx: targetColumn + 1, rowIdx: targetRow });
  }, [grid, targetRow, targetColumn, sheetName]);
}

export function SheetGrid({ sheet, locale, selected, onSelect, onType }: SheetGridProps) {
  const styles = useStyles();
  const grid = useRef<DataGridHandle>(null);
  const { startText, opened, onKeyDown } = useStartingKey(onType);
  const bounds = usedBounds(sheet);
  const rowCount = Math.max((bounds?.bottom ?? 0) + 21, 40);
  const columnCount = Math.max((bounds?.right ?? 0) + 4, 12);
  const rows = useMemo(() => Array.from({ length: rowCount }, (_, index): Row => ({ index })), [rowCount]);

  // Not rebuilt when the selection moves (that re-rendered every cell in view): the grid outlines
  // its active cell itself (aria-selected), which useActiveCellOnSelection keeps on the selection.
  const columns = useMemo((): Column<Row>[] => {
    const context: ColumnContext = { sheet, locale, styles };
    const letters = Array.from({ length: columnCount }, (_, column): Column<Row> => ({
      ...letterColumn(column, context),
      renderEditCell: (props: RenderEditCellProps<Row>) => (
        <CellEditor
          {...props}
          initial={
            startText(a1(props.row.index, column)) ?? editText(sheet.cells[a1(props.row.index, column)])
          }
          className={styles.editor}
          onCommit={(text) => onType(a1(props.row.index, column), text)}
          onOpened={() => opened()}
          label={a1(props.row.index, column)}
        />
      ),
    }));
    return [rowNumberColumn(styles.rowNumber), ...letters];
  }, [sheet, locale, columnCount, styles, onType, startText, opened]);

  useActiveCellOnSelection(grid, selected, sheet.name);

  return (
    <DataGrid
      ref={grid}
      aria-label={sheet.name}
      className={styles.grid}
      columns={columns}
      rows={rows}
      rowKeyGetter={(r) => r.index}
      rowHeight={24}
      headerRowHeight={24}
      onCellKeyDown={onKeyDown}
      onActivePositionChange={({ row, column }) => {
        const address = row && column && column.key !== "row" ? `${column.key}${row.index + 1}` : null;
        if (address && address !== selected) onSelect(address);
      }}
    />
  );
}

function CellEditor({
  initial,
  className,
  label,
  onCommit,
  onOpened,
  onClose,
}: RenderEditCellProps<Row> & {
  initial: string;
  className: string;
  label: string;
  onCommit: (text: string) => void;
  onOpened: () => void;
}) {
  useEffect(onOpened, [onOpened]);
  // Enter commits and closes; the blur that may follow must not commit a second time.
  const done = useRef(false);
  const finish = (text: string | null, refocus: boolean) => {
    if (done.current) return;
    done.current = true;
    if (text !== null) onCommit(text);
    onClose(false, refocus);
  };
  return (
    <input
      className={className}
      aria-label={label}
      autoFocus
      defaultValue={initial}
      // The caret after the text, as Excel's editing starts (not the whole text selected).
      onFocus={(e) => e.currentTarget.setSelectionRange(initial.length, initial.length)}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === "Tab") finish(event.currentTarget.value, true);
        else if (event.key === "Escape") finish(null, true);
      }}
      onBlur={(e) => finish(e.currentTarget.value, false)}
    />
  );
}
