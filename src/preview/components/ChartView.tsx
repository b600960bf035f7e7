/**
 * A chart of the fake Excel as the preview draws it: Excel keeps only what a chart is made from
 * (its range, type, title), and draws it from the cells as they are now; the preview does the
 * same from the snapshot (./../snapshot.ts `ChartSnapshot`). Clustered columns (and bars, lines
 * drawn as columns), one colour per series, a legend and the largest value on the axis.
 */
import { makeStyles, tokens } from "@fluentui/react-components";
import { format as numfmt } from "numfmt";
import type { DisplayLocale } from "../format";
import type { ChartSnapshot } from "../snapshot";

/** Excel's default series colours (Office theme: accent 1, 2, 3...). */
const COLOURS = ["#4472C4", "#ED7D31", "#A5A5A5", "#FFC000", "#5B9BD5", "#70AD47"];
const WIDTH = 420;
const HEIGHT = 180;
const AXIS = 24;

const useStyles = makeStyles({
  card: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    padding: tokens.spacingVerticalS,
    flex: "0 0 auto",
  },
  title: { fontWeight: tokens.fontWeightSemibold, textAlign: "center", fontSize: tokens.fontSizeBase300 },
  legend: {
    display: "flex",
    gap: tokens.spacingHorizontalM,
    justifyContent: "center",
    fontSize: tokens.fontSizeBase200,
  },
  swatch: { display: "inline-block", width: "10px", height: "10px", marginRight: "4px" },
});

export function ChartView({ chart, locale }: { chart: ChartSnapshot; locale: DisplayLocale }) {
  const styles = useStyles();
  const values = chart.series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const groups = chart.labels.length || 1;
  const groupWidth = (WIDTH - AXIS) / groups;
  const barWidth = (groupWidth * 0.7) / Math.max(1, chart.series.length);
  const yOf = (v: number) => ((max - v) / span) * (HEIGHT - 20);
  const money = (v: number) => numfmt("#,##0", v, { locale });
  const summary = chart.series
    .map(
      (s) =>
        `${s.name}: ${s.values.map((v, i) => `${chart.labels[i] ?? ""} ${v === null ? "—" : money(v)}`).join(", ")}`,
    )
    .join("; ");
  return (
    <figure className={styles.card} data-testid="chart" data-chart={chart.name}>
      <figcaption className={styles.title}>{chart.title || chart.name}</figcaption>
      <svg width={WIDTH} height={HEIGHT + 18} role="img" aria-label={`${chart.title}. ${summary}`}>
        <text x={0} y={10} fontSize={10}>
          {money(max)}
        </text>
        <line x1={AXIS} x2={WIDTH} y1={yOf(0)} y2={yOf(0)} stroke="#BFBFBF" />
        {chart.labels.map((label, group) => (
          <g key={`${label}-${group}`}>
            {chart.series.map((series, seriesIndex) => {
              const value = series.values[group] ?? null;
              if (value === null) return null;
              const top = Math.min(yOf(value), yOf(0));
              return (
                <rect
                  key={series.name}
                  x={AXIS + group * groupWidth + groupWidth * 0.15 + seriesIndex * barWidth}
                  y={top}
                  width={barWidth}
                  height={Math.max(1, Math.abs(yOf(value) - yOf(0)))}
                  fill={COLOURS[seriesIndex % COLOURS.length]}
                />
              );
            })}
            <text
              x={AXIS + group * groupWidth + groupWidth / 2}
              y={HEIGHT + 12}
              fontSize={10}
              textAnchor="middle"
            >
              {label}
            </text>
          </g>
        ))}
      </svg>
      <div className={styles.legend}>
        {chart.series.map((s, k) => (
          <span key={s.name}>
            <span className={styles.swatch} style={{ backgroundColor: COLOURS[k % COLOURS.length] }} />
            {s.name}
          </span>
        ))}
      </div>
    </figure>
  );
}
