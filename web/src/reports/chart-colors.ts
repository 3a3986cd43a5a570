import type { ThemeColor } from "./report-bar-chart";

/** Chart colours per theme: lighter and less saturated on the dark background, so bars keep their contrast. */
export const CHART_COLORS = {
  critical: { light: "oklch(0.5 0.21 27)", dark: "oklch(0.68 0.2 25)" },
  high: { light: "oklch(0.64 0.19 45)", dark: "oklch(0.76 0.16 50)" },
  medium: { light: "oklch(0.75 0.15 80)", dark: "oklch(0.84 0.14 88)" },
  low: { light: "oklch(0.6 0.12 160)", dark: "oklch(0.74 0.13 160)" },
  manual: { light: "oklch(0.52 0.17 258)", dark: "oklch(0.72 0.14 255)" },
  automated: { light: "oklch(0.72 0.11 205)", dark: "oklch(0.8 0.1 200)" },
} satisfies Record<string, ThemeColor>;
