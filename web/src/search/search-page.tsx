import { SearchIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent } from "../components/ui/card";
import { PageHeader } from "../shell/page-header";

/** The screening form arrives with the search work; for now the screen only introduces itself. */
export function SearchPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title={t("search.title")} description={t("search.subtitle")} />
      <Card>
        <CardContent className="flex items-center gap-3 text-muted-foreground">
          <SearchIcon className="size-5 shrink-0" aria-hidden />
          <p>{t("search.comingSoon")}</p>
        </CardContent>
      </Card>
    </div>
  );
}
