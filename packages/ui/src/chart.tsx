import * as React from "react";
import * as RechartsPrimitive from "recharts";
import { cn } from "./utils";

/**
 * shadcn/ui charts on Recharts: a ChartConfig names each series (its label, and its colour per theme); the container
 * turns the colours into CSS variables (--color-{key}) scoped to the chart, with a second set under .dark, so the bars
 * read var(--color-{key}) and follow the theme. Axis text, grid and tooltip use the theme's own tokens.
 */
const THEMES = { light: "", dark: ".dark" } as const;

export type ChartConfig = Record<
  string,
  { label?: React.ReactNode } & ({ color?: string; theme?: never } | { color?: never; theme: Record<keyof typeof THEMES, string> })
>;

const ChartContext = React.createContext<{ config: ChartConfig } | null>(null);

function useChart() {
  const context = React.useContext(ChartContext);
  if (!context) throw new Error("useChart must be used within a <ChartContainer />");
  return context;
}

export function ChartContainer({
  id,
  className,
  children,
  config,
  ...props
}: React.ComponentProps<"div"> & {
  config: ChartConfig;
  children: React.ComponentProps<typeof RechartsPrimitive.ResponsiveContainer>["children"];
}) {
  const uniqueId = React.useId();
  const chartId = `chart-${id ?? uniqueId.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  return (
    <ChartContext.Provider value={{ config }}>
      <div
        data-slot="chart"
        data-chart={chartId}
        className={cn(
          "flex aspect-video justify-center text-xs [&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line[stroke='#ccc']]:stroke-border/50 [&_.recharts-curve.recharts-tooltip-cursor]:stroke-border [&_.recharts-layer]:outline-hidden [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted [&_.recharts-surface]:outline-hidden",
          className,
        )}
        {...props}
      >
        <ChartStyle id={chartId} config={config} />
        <RechartsPrimitive.ResponsiveContainer initialDimension={{ width: 320, height: 200 }}>{children}</RechartsPrimitive.ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  );
}

/** The --color-{key} variables of one chart, for each theme. */
export function ChartStyle({ id, config }: { id: string; config: ChartConfig }) {
  const colored = Object.entries(config).filter(([, item]) => item.theme ?? item.color);
  if (!colored.length) return null;
  const css = Object.entries(THEMES)
    .map(([theme, prefix]) => {
      const vars = colored
        .map(([key, item]) => {
          const color = item.theme?.[theme as keyof typeof THEMES] ?? item.color;
          return color ? `  --color-${key}: ${color};` : null;
        })
        .filter(Boolean)
        .join("\n");
      return `${prefix} [data-chart=${id}] {\n${vars}\n}`;
    })
    .join("\n");
  return <style>{css}</style>;
}

export const ChartTooltip = RechartsPrimitive.Tooltip;

type TooltipItem = { name?: unknown; dataKey?: unknown; value?: unknown; color?: string; payload?: { fill?: string } };

/** The tooltip body: the hovered label, then each series with its colour, label and value (formatted by the caller). */
export function ChartTooltipContent({
  active,
  payload,
  label,
  labelFormatter,
  valueFormatter = (value) => String(value),
  className,
}: {
  active?: boolean;
  payload?: readonly TooltipItem[];
  label?: React.ReactNode;
  labelFormatter?: (label: React.ReactNode) => React.ReactNode;
  valueFormatter?: (value: number | string) => React.ReactNode;
  className?: string;
}) {
  const { config } = useChart();
  if (!active || !payload?.length) return null;
  return (
    <div className={cn("grid min-w-32 items-start gap-1.5 rounded-lg border border-border/50 bg-background px-2.5 py-1.5 text-xs shadow-xl", className)}>
      {label !== undefined && label !== "" && <div className="font-medium">{labelFormatter ? labelFormatter(label) : label}</div>}
      <div className="grid gap-1.5">
        {payload.map((item, index) => {
          const key = String(item.dataKey ?? item.name ?? "value");
          const color = item.payload?.fill ?? item.color;
          return (
            <div key={`${key}-${index}`} className="flex w-full items-center gap-2">
              <div className="size-2.5 shrink-0 rounded-[2px]" style={{ backgroundColor: color }} />
              <div className="flex flex-1 items-center justify-between gap-3 leading-none">
                <span className="text-muted-foreground">{config[key]?.label ?? String(item.name ?? key)}</span>
                {(typeof item.value === "number" || typeof item.value === "string") && (
                  <span className="font-mono font-medium tabular-nums text-foreground">{valueFormatter(item.value)}</span>
                )}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

export const ChartLegend = RechartsPrimitive.Legend;

/** The legend: each series' colour and label. */
export function ChartLegendContent({
  payload,
  className,
}: {
  payload?: readonly { value?: unknown; dataKey?: unknown; color?: string }[];
  className?: string;
}) {
  const { config } = useChart();
  if (!payload?.length) return null;
  return (
    <div className={cn("flex items-center justify-center gap-4 pt-3", className)}>
      {payload.map((item) => {
        const key = String(item.dataKey ?? item.value);
        return (
          <div key={key} data-slot="chart-legend-item" className="flex items-center gap-1.5">
            <div className="size-2 shrink-0 rounded-[2px]" style={{ backgroundColor: item.color }} />
            {config[key]?.label ?? String(item.value)}
          </div>
        );
      })}
    </div>
  );
}
