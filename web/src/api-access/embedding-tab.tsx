import { EmbedExamples } from "./embed-examples";
import { EmbedOriginsCard } from "./embed-origins-card";
import { EmbedTokenHelp } from "./embed-token-help";

/** Embedding tab of API Access: the origins allowed to use embed tokens, and how a host application gets one, and copy-paste examples for React and the script tag. */
export function EmbeddingTab() {
  return (
    <div className="grid gap-6">
      <EmbedOriginsCard />
      <EmbedTokenHelp />
      <EmbedExamples />
    </div>
  );
}
