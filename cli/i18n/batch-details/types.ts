/** The words of `duecheck batch run` and `batch show` about what a row gives beside its name. */
export interface BatchDetailsCliText {
  /** The header's columns the batch does not read, named before anything is charged. */
  unknownColumns: (names: string) => string;
  /** The columns of `batch show`. */
  customerRef: string;
  details: string;
}
