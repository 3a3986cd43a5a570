import { useFormatters } from "@duecheck/react/views/format";
import { CATEGORY_LABEL_KEYS, categoryBadgeVariant } from "@duecheck/react/views/search/risk";
import { Badge } from "@duecheck/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { ExternalLinkIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { MonitoredArticle } from "../../../lib/monitoring/schemas.ts";
import { formatDay } from "../../../lib/screening/display-format.ts";

/** New negative or PEP articles: the title opening the article, its source, date and category. */
export function NewArticles({ articles }: { articles: MonitoredArticle[] }) {
  const { t, i18n } = useTranslation();
  const { number } = useFormatters();
  return (
    <Card data-testid="new-articles">
      <CardHeader>
        <CardTitle>
          {t("monitoring.newArticles")} ({number(articles.length)})
        </CardTitle>
      </CardHeader>
      <CardContent>
        {articles.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("monitoring.none")}</p>
        ) : (
          <ul className="grid gap-2">
            {articles.map((article) => {
              const labelKey = CATEGORY_LABEL_KEYS[article.category as keyof typeof CATEGORY_LABEL_KEYS];
              const day = formatDay(article.date, i18n.language);
              return (
                <li key={article.url} className="grid gap-1.5 rounded-md border p-3" data-testid="new-article">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <a
                      href={article.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="min-w-0 flex-1 font-medium break-words text-primary hover:underline"
                    >
                      {article.title}
                      <ExternalLinkIcon className="ml-1 inline size-3" aria-hidden />
                      <span className="sr-only">{t("search.opensInNewTab")}</span>
                    </a>
                    <Badge variant={categoryBadgeVariant(article.category)}>{labelKey ? t(labelKey) : article.category}</Badge>
                  </div>
                  <div className="flex flex-wrap gap-x-4 text-xs text-muted-foreground">
                    {article.source && <span className="break-all">{article.source}</span>}
                    {day && <span>{day}</span>}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
