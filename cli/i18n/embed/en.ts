import type { EmbedCliText } from "./types.ts";

export const en: EmbedCliText = {
  added: (origin) => `Origin ${origin} allowed: pages there may use this user's embed tokens`,
  removed: (origin) => `Origin ${origin} removed`,
  notFound: (origin) => `${origin} is not an allowed origin of this user`,
  already: (origin) => `${origin} is already allowed`,
  full: (max) => `This user already allows ${max} origins, the most there can be. Remove one first.`,
  columns: { origin: "ORIGIN", added: "ADDED" },
  empty: "No allowed origins yet. Add one with: duecheck embed origins add https://app.example.com",
};
