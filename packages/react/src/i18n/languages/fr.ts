import messages from "@lib/i18n/fr.json";
import words from "../words/fr.json";

/** French: the components' words and the server's messages, one chunk loaded when a provider asks for it (../create-i18n.ts). */
export default { ...messages, ...words } as Record<string, string>;
