import type { VariantProps } from "class-variance-authority";
import type { badgeVariants } from "../components/ui/badge";

export type BadgeProps = VariantProps<typeof badgeVariants>;
