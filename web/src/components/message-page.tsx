import { Button } from "@duecheck/ui/button";
import { Card, CardContent } from "@duecheck/ui/card";
import { Link, type LinkProps } from "@tanstack/react-router";
import type { LucideIcon } from "lucide-react";

/** A whole-page message in place of a screen (not found, not allowed): icon, heading, explanation and one way out. */
export function MessagePage({
  icon: Icon,
  title,
  description,
  link,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  link: { to: LinkProps["to"]; label: string };
  testId?: string;
}) {
  return (
    <div className="flex w-full flex-1 items-center justify-center py-12" data-testid={testId}>
      <Card className="w-full max-w-md">
        <CardContent className="grid justify-items-center gap-4 text-center">
          <Icon className="size-10 text-muted-foreground" aria-hidden />
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-sm text-muted-foreground">{description}</p>
          <Button asChild>
            <Link to={link.to}>{link.label}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
