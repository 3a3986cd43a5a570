/** A user-facing CLI error: the message on stderr and exit code 1. */
export class CliError extends Error {}

export function failWith(message: string): never {
  throw new CliError(message);
}
