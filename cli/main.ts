import { runCommand } from "./run.ts";

const outcome = await runCommand(process.argv.slice(2));
// A command that failed may leave a connection or a timer behind: an error ends the process at once. A command that
// ended well lets the process end by itself (`serve` keeps it running), with the code it set.
if (outcome.error) process.exit(outcome.code);
process.exitCode = outcome.code;
