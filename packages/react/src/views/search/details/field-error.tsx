import { useTranslation } from "react-i18next";

/** A validation message under a field: the schema's English message is the translation key. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive" role="alert">
      {t(message)}
    </p>
  );
}
