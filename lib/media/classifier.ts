/**
 * Sorting articles into MEDIA_CATEGORIES (negative, PEP, positive, criminal, sanctions, corruption, others). Two
 * implementations: the built-in lexicon classifier (lexicon-classifier.ts) and a language-model one (lib/llm/) used
 * when a model is configured.
 */
import type { MediaCategory } from "./contract";
import type { NewsArticle } from "./news-article";

export interface ClassificationInput {
  article: NewsArticle;
  /** The screened name. */
  subject: string;
  /** The search's language (ISO 639-1), which may differ from the article's. */
  language: string;
}

export interface Classification {
  category: MediaCategory;
  isNegative: boolean;
  /** False when the article is about someone else of the same name (only a language model can tell); it is dropped. */
  relevant?: boolean;
}

export interface ArticleClassifier {
  readonly name: string;
  /** One classification per input, in the same order. */
  classify(items: ClassificationInput[]): Promise<Classification[]>;
}

/** The categories that count against the subject (red badges in the UI). */
export const NEGATIVE_CATEGORIES: ReadonlySet<MediaCategory> = new Set(["negative", "criminal", "sanctions", "corruption"]);

export const isNegativeCategory = (category: MediaCategory): boolean => NEGATIVE_CATEGORIES.has(category);
