import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";

/** A dashboard figure: its title, the total, and today's part under it. */
export function AdminStatCard({ testId, icon: Icon, title, value, today }: { testId: string; icon: LucideIcon; title: string; value: string; today: string }) {
  return (
    <Card className="gap-2" data-testid={testId}>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="grid gap-1">
        <p className="text-2xl font-bold tabular-nums" data-testid="stat-value">
          {value}
        </p>
        <p className="text-xs text-muted-foreground" data-testid="stat-today">
          {today}
        </p>
      </CardContent>
    </Card>
  );
}
