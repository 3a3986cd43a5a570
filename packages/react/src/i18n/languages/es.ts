import messages from "@lib/i18n/es.json";
import words from "../words/es.json";

/** Spanish: the components' words and the server's messages, one chunk loaded when a provider asks for it (../create-i18n.ts). */
export default { ...messages, ...words } as Record<string, string>;
