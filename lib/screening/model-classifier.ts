import { LlmArticleClassifier } from "../llm/article-classifier.ts";
import type { LanguageModel } from "../llm/language-model.ts";
import type { ArticleClassifier } from "../media/classifier.ts";

/** The language model as the adverse-media step's classifier; when it fails, that step falls back to the built-in one. */
export function modelArticleClassifier(model: LanguageModel): ArticleClassifier {
  const classifier = new LlmArticleClassifier(model);
  return {
    name: model.model,
    classify: (items) => classifier.classify(items),
  };
}
