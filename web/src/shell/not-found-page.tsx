import { Button } from "@duecheck/ui/button";
import { Card, CardContent } from "@duecheck/ui/card";
import { Link } from "@tanstack/react-router";
import { FileQuestionIcon } from "lucide-react";
import { useTranslation } from "react-i18next";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="flex w-full flex-1 items-center justify-center py-12">
      <Card className="w-full max-w-md">
        <CardContent className="grid justify-items-center gap-4 text-center">
          <FileQuestionIcon className="size-10 text-muted-foreground" aria-hidden />
          <h1 className="text-2xl font-bold">{t("notFound.title")}</h1>
          <p className="text-sm text-muted-foreground">{t("notFound.description")}</p>
          <Button asChild>
            <Link to="/">{t("notFound.home")}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
