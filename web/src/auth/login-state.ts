import { atom } from "jotai";

/** Sign-in step: credentials first, then the authenticator code when the server asks for a second factor. */
export type LoginStep = { step: "credentials" } | { step: "code"; email: string; password: string };

export const loginStepAtom = atom<LoginStep>({ step: "credentials" });
