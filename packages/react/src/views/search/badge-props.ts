import type { VariantProps } from "class-variance-authority";
import type { badgeVariants } from "@duecheck/ui/badge";

export type BadgeProps = VariantProps<typeof badgeVariants>;
