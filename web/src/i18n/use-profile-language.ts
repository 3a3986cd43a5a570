import { useEffect } from "react";
import i18n, { isSupportedLanguage } from "./index";

/** Switches the interface to the user's profile language when the user loads (if it is one of en/de/es/fr). */
export function useProfileLanguage(profileLanguage: string | undefined) {
  useEffect(() => {
    if (isSupportedLanguage(profileLanguage) && i18n.language !== profileLanguage) {
      void i18n.changeLanguage(profileLanguage);
    }
  }, [profileLanguage]);
}
