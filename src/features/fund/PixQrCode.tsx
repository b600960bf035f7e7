/**
 * The QR code of a PIX charge, drawn from its copy-and-paste code ("BR Code") with uqr, as one
 * SVG path (crisp at any zoom, no canvas). Quiet zone of 4 modules, as the QR standard asks.
 */
import { makeStyles, tokens } from "@fluentui/react-components";
import { useMemo } from "react";
import { encode } from "uqr";

const useStyles = makeStyles({
  svg: {
    width: "100%",
    maxWidth: "220px",
    height: "auto",
    backgroundColor: tokens.colorNeutralBackground1,
    alignSelf: "center",
  },
});

/** The dark modules of `text`'s QR code as an SVG path, with a `border`-module quiet zone. */
export function qrPath(text: string): { size: number; d: string } {
  const qr = encode(text, { ecc: "M", border: 4 });
  let path = "";
  qr.data.forEach((row, y) =>
    row.forEach((dark, column) => {
      if (dark) path += `M${column} ${y}h1v1h-1z`;
    }),
  );
  return { size: qr.size, d: path };
}

export function PixQrCode({ code, label }: { code: string; label: string }) {
  const styles = useStyles();
  const { size, d } = useMemo(() => qrPath(code), [code]);
  return (
    <svg
      className={styles.svg}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      data-testid="pix-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
