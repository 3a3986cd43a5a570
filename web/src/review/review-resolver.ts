import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { rewordedResolver } from "../components/reworded-resolver";

/**
 * The review forms check with the server's schemas. The server takes a note, comment or reason that trims to
 * nothing as given; the forms ask for words (`required`). The server words its refusals for API clients in English,
 * the forms in the interface language.
 */
export function reviewResolver<Values extends FieldValues>(schema: z.ZodType<Values, Values>, required: readonly (keyof Values & string)[] = []) {
  const checked = schema.superRefine((values, ctx) => {
    for (const field of required) if (!values[field]) ctx.addIssue({ code: "custom", path: [field], message: `${field} is required` });
  });
  const resolver = zodResolver(checked) as unknown as Resolver<Values, unknown, Values>;
  return rewordedResolver(resolver, (field, message) => {
    if (message.includes("control characters")) return "reviews.form.invalidCharacters";
    if (message.includes("must be at most")) return "reviews.form.tooLong";
    if (field === "decision") return "reviews.decide.decisionRequired";
    if (field === "reason" && message.startsWith("reason must be one of")) return "reviews.decide.reasonRequired";
    if (message.includes("required when the reason is other")) return "reviews.decide.textRequired";
    if (message.includes("is required")) return "reviews.form.required";
    return undefined;
  });
}
