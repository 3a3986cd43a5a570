import { Button } from "@duecheck/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@duecheck/ui/tooltip";
import { cn } from "@duecheck/ui/utils";
import type * as React from "react";

/** A row action shown as its icon: named for screen readers, its words in a tooltip on hover and keyboard focus. */
export function IconAction({
  label,
  tooltip,
  onClick,
  disabled,
  className,
  children,
}: {
  label: string;
  tooltip: string;
  onClick: () => void;
  disabled?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" className={cn("text-muted-foreground", className)} aria-label={label} disabled={disabled} onClick={onClick}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{tooltip}</TooltipContent>
    </Tooltip>
  );
}
