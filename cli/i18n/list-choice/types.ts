/** The words of `duecheck datasets enable|disable` and of the offline notice of `datasets list`. */
export interface ListChoiceCliText {
  enabled: (id: string) => string;
  disabled: (id: string) => string;
  alreadyEnabled: (id: string) => string;
  alreadyDisabled: (id: string) => string;
  /** The ENABLED column. */
  column: string;
  yes: string;
  no: string;
  /** `datasets status`: the enabled lists with their data, then the disabled ones. */
  enabledLists: string;
  disabledLists: string;
  versionOf: (date: string) => string;
  noData: (status: string) => string;
  /** No publisher could be reached: what, the two ways forward, the next try. */
  offline: (ids: string, nextTry: string | null) => string[];
}
