import { FileQuestionIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { MessagePage } from "../components/message-page";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <MessagePage icon={FileQuestionIcon} title={t("notFound.title")} description={t("notFound.description")} link={{ to: "/", label: t("notFound.home") }} />
  );
}
