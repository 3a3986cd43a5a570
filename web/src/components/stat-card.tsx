import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import type { LucideIcon } from "lucide-react";

/** A figure on a dashboard or report: its title and icon, the value, and a note under it (today's part, a split). */
export function StatCard({ testId, icon: Icon, title, value, note }: { testId: string; icon: LucideIcon; title: string; value: string; note: string }) {
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
        <p className="text-xs text-muted-foreground" data-testid="stat-note">
          {note}
        </p>
      </CardContent>
    </Card>
  );
}
