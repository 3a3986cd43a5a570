import type { FieldValues, Resolver } from "react-hook-form";

/**
 * The words a form shows for one of the server schema's messages: a translation key, or undefined to show the
 * server's message as it is (FormMessage passes it through t()).
 */
export type Reword<Values> = (field: string, message: string, values: Values) => string | undefined;

/**
 * The server's schema decides what is valid; where a form had its own, translated words for a refusal (the server
 * speaks English to API clients), they replace the server's message so the screen reads as before.
 */
export function rewordedResolver<Input extends FieldValues, Context, Output>(
  resolver: Resolver<Input, Context, Output>,
  reword: Reword<Input>,
): Resolver<Input, Context, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    for (const [field, error] of Object.entries(result.errors)) {
      if (!error || typeof error.message !== "string") continue;
      const words = reword(field, error.message, values);
      if (words) error.message = words;
    }
    return result;
  };
}
