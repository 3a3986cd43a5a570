import { useFormatters } from "@duecheck/react/views/format";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { type ChartConfig, ChartContainer, ChartLegend, ChartLegendContent, ChartTooltip, ChartTooltipContent } from "@duecheck/ui/chart";
import { cn } from "@duecheck/ui/utils";
import { useId } from "react";
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from "recharts";

/** The field of a chart row that names its bar (the x axis). */
const CATEGORY = "label";

/** A colour per theme, readable on the light and on the dark background. */
export type ThemeColor = { light: string; dark: string };

export type ChartSeries = { key: string; label: string; color: ThemeColor };

/** One bar (or stack of bars): its axis label and a value per series; colorKey colours it by a key of its own. */
export type ChartDatum = { label: string; colorKey?: string; values: Record<string, number> };

/**
 * A bar chart of the report in a card (shadcn chart on Recharts). The region is named by the title; the drawing is
 * hidden from screen readers, which read the same values in a visually hidden table instead.
 */
export function ReportBarChart({
  title,
  description,
  labelHeader,
  data,
  series,
  colors = {},
  stacked = false,
  testId,
}: {
  title: string;
  description?: string;
  /** Header of the label column of the text alternative ("Hour", "Date", "Risk level"). */
  labelHeader: string;
  data: ChartDatum[];
  series: ChartSeries[];
  /** Colours by colorKey, for charts whose bars each have their own colour. */
  colors?: Record<string, { label: string; color: ThemeColor }>;
  stacked?: boolean;
  testId?: string;
}) {
  const titleId = useId();
  const { number } = useFormatters();
  const config: ChartConfig = Object.fromEntries([
    ...series.map((s) => [s.key, { label: s.label, theme: s.color }] as const),
    ...Object.entries(colors).map(([key, c]) => [key, { label: c.label, theme: c.color }] as const),
  ]);
  // A row's own fill colours its bar (Recharts reads it from the data); rows without one keep the series colour.
  const rows = data.map((datum) => ({ label: datum.label, ...datum.values, ...(datum.colorKey ? { fill: `var(--color-${datum.colorKey})` } : {}) }));
  const last = series.length - 1;

  return (
    <Card className="gap-4" role="region" aria-labelledby={titleId} data-testid={testId}>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>
        <ChartContainer config={config} className={cn("aspect-auto w-full", series.length > 1 ? "h-64" : "h-56")} aria-hidden data-testid="chart">
          <BarChart data={rows} accessibilityLayer={false} margin={{ left: 0, right: 8, top: 8 }}>
            <CartesianGrid vertical={false} />
            <XAxis dataKey={CATEGORY} tickLine={false} axisLine={false} tickMargin={8} minTickGap={8} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={40} tickFormatter={(v: number) => number(v)} />
            <ChartTooltip cursor content={<ChartTooltipContent valueFormatter={(v) => (typeof v === "number" ? number(v) : v)} />} />
            {series.length > 1 && <ChartLegend itemSorter={null} content={<ChartLegendContent />} />}
            {series.map((s, index) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                fill={`var(--color-${s.key})`}
                stackId={stacked ? "stack" : undefined}
                radius={!stacked || index === last ? [4, 4, 0, 0] : 0}
                maxBarSize={48}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ChartContainer>
        <table className="sr-only">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((datum) => (
              <tr key={datum.label}>
                <th scope="row">{datum.colorKey ? (colors[datum.colorKey]?.label ?? datum.label) : datum.label}</th>
                {series.map((s) => (
                  <td key={s.key}>{number(datum.values[s.key] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
