import { AppError } from "../../errors.ts";
import { collectGarbage } from "../collect-garbage.ts";

const MB = 2 ** 20;

/**
 * A full collection (see collectGarbage) every 8 MB unpacked: the inflater's chunks, copied out or decoded at once,
 * are garbage that JavaScriptCore would otherwise let pile up to the size of all that was unpacked (measured: a
 * 63 MB entry took a server 128 MB further without, 70 MB with).
 */
const COLLECT_EVERY_BYTES = 8 * MB;

/**
 * What one import may unpack to at most: the zip entries and the inflated export file together. The lists are a few
 * MB (OFAC's SDN CSVs 3.5 MB, the UN list 2 MB) and the largest published a few tens of MB at most; an export file
 * inflates to about three times its list (the raw files in base64, the entities as JSON: SDN 3.5 MB → 10.5 MB), so
 * 64 MB leaves room. It is no higher because what is unpacked is held, then parsed, in a server that holds about
 * 240 MB on PGlite before any upload: unpacked to 63 MB of blanks, a list took one to 374 MB; with a cap of 256 MB,
 * 250 MB of blanks took it to 740 MB.
 */
export const MAX_UNPACKED_BYTES = 64 * MB;

/**
 * The same for `duecheck datasets import`: a file the operator names on their own machine, imported by a process of
 * its own, so a list larger than a server may take in (an export of a list of tens of MB inflates to three times it)
 * still goes in; the cap still stops a bomb before it takes the machine's memory.
 */
export const CLI_MAX_UNPACKED_BYTES = 512 * MB;

/** The bytes one import has unpacked so far, counted as they come out of the inflater, whatever a header says. */
export class UnpackBudget {
  private used = 0;
  private sinceCollection = 0;

  constructor(readonly cap: number = MAX_UNPACKED_BYTES) {}

  /** What may still be unpacked. */
  get left(): number {
    return this.cap - this.used;
  }

  /** Counts `bytes` more of `name`, refusing the import (413) once the total passes the cap. */
  take(bytes: number, name: string): void {
    this.used += bytes;
    if (this.used > this.cap) throw this.tooLarge(name);
    this.sinceCollection += bytes;
    if (this.sinceCollection >= COLLECT_EVERY_BYTES) {
      collectGarbage();
      this.sinceCollection = 0;
    }
  }

  /** The refusal for `name`, which would unpack to more than is left. */
  tooLarge(name: string): AppError {
    const cap = this.cap / MB;
    return new AppError(413, `${name} unpacks to more than ${cap} MB; at most ${cap} MB can be imported at once`);
  }
}
