/** The number rules several capabilities' settings share, with the messages the admin screen and the CLI show. */
import { z } from "zod";

export const whole = (field: string) => z.number({ error: `${field} must be a number` }).int(`${field} must be a whole number`);

/** A throttle's allowance: at least one, so a setting can never lock everybody out by itself. */
export const allowance = (field: string) => whole(field).min(1, `${field} must be at least 1`).max(100_000, `${field} must be at most 100,000`);
