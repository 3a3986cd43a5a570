import type { badgeVariants } from "@duecheck/ui/badge";
import type { VariantProps } from "class-variance-authority";

export type BadgeProps = VariantProps<typeof badgeVariants>;
