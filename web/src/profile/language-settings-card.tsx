import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Label } from "@duecheck/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@duecheck/ui/select";
import { LanguagesIcon } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES, type Language, type PublicUser } from "../../../lib/auth/schemas.ts";
import { isSupportedLanguage } from "../i18n";
import { LANGUAGE_NAME_KEYS } from "../i18n/language-names";
import { useUpdateLanguages } from "./use-account-mutations";

type LanguageField = "profileLanguage" | "reportLanguage";

function LanguageSelect({
  field,
  value,
  disabled,
  onChange,
}: {
  field: LanguageField;
  value: Language;
  disabled: boolean;
  onChange: (language: Language) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t(`languages.${field}`)}</Label>
      <Select value={value} disabled={disabled} onValueChange={(next) => onChange(next as Language)}>
        <SelectTrigger id={id} className="w-full sm:w-64">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {LANGUAGES.map((language) => (
            <SelectItem key={language} value={language} lang={language}>
              {t(LANGUAGE_NAME_KEYS[language])}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p className="text-sm text-muted-foreground">{t(`languages.${field}Description`)}</p>
    </div>
  );
}

/** Profile and report language; each change is saved at once, without a save button. */
export function LanguageSettingsCard({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const update = useUpdateLanguages();
  const saved = {
    profileLanguage: isSupportedLanguage(user.profileLanguage) ? user.profileLanguage : "en",
    reportLanguage: isSupportedLanguage(user.reportLanguage) ? user.reportLanguage : "en",
  } satisfies Record<LanguageField, Language>;
  const current = update.isPending && update.variables ? update.variables : saved;

  const change = (field: LanguageField, language: Language) => {
    if (language === current[field]) return;
    update.mutate({ ...current, [field]: language });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LanguagesIcon className="size-5 text-primary" aria-hidden />
          {t("languages.title")}
        </CardTitle>
        <CardDescription>{t("languages.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <LanguageSelect
          field="profileLanguage"
          value={current.profileLanguage}
          disabled={update.isPending}
          onChange={(language) => change("profileLanguage", language)}
        />
        <LanguageSelect
          field="reportLanguage"
          value={current.reportLanguage}
          disabled={update.isPending}
          onChange={(language) => change("reportLanguage", language)}
        />
      </CardContent>
    </Card>
  );
}
