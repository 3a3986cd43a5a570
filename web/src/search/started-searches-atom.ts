import { atom } from "jotai";

/**
 * The searches started from this tab's form. Their page (/searches/{id}) shows the search flow's own progress and
 * results, as the form hands over to it; any other search's page (a shared link, a reload, History) reads it as a
 * stored search.
 */
export const startedSearchesAtom = atom<ReadonlySet<string>>(new Set<string>());
