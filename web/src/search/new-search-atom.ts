import { atom } from "jotai";

/**
 * Bumped by the sidebar's New Search link: the search page remounts its form, since following a link to the
 * URL already shown does not navigate.
 */
export const newSearchRequestAtom = atom(0);
