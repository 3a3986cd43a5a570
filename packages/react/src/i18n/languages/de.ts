import messages from "@lib/i18n/de.json";
import words from "../words/de.json";

/** German: the components' words and the server's messages, one chunk loaded when a provider asks for it (../create-i18n.ts). */
export default { ...messages, ...words } as Record<string, string>;
