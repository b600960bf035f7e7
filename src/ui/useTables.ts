/**
 * The workbook's tables for a screen's table pickers: read when the screen mounts, read again on
 * demand (the picker's refresh, after a screen made or filled a table), a failure sent to the
 * error centre. When reads overlap, the last one asked for is what the pickers show: an earlier
 * answer arriving late never replaces a newer list.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { TableInfo } from "../workbook";
import { useReport } from "./errors/ErrorCenter";

/** What lists the tables: a screen's services (their `listTables`). */
export interface TableSource {
  listTables(): Promise<TableInfo[]>;
}

export function useTables(source: TableSource): {
  /** Undefined until the first read answers. */
  tables: TableInfo[] | undefined;
  reload: () => Promise<void>;
} {
  const report = useReport();
  const [tables, setTables] = useState<TableInfo[] | undefined>(undefined);
  const lastAsked = useRef(0);
  const reload = useCallback(() => {
    const asked = ++lastAsked.current;
    return source.listTables().then(
      (listed) => {
        if (asked === lastAsked.current) setTables(listed);
      },
      (e: unknown) => report.error(e),
    );
  }, [source, report]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { tables, reload };
}
