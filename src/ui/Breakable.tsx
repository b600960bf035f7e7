/**
 * A text that holds long values (a table name, an id, a URL, an e-mail) and may be wider than a
 * narrow pane: a line break is offered (`<wbr>`) after each `_ - / . @ ? & =`, where a value
 * breaks sensibly ("ValePix_" / "Distribuicao", "https://host/" / "path"), so the browser breaks
 * there before it has to break inside a run of letters. Words with spaces wrap as always.
 */
import { Fragment } from "react";

const AFTER = /(?<=[_\-/.@?&=])/;

export function Breakable({ children }: { children: string }) {
  const parts = children.split(AFTER);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </>
  );
}
