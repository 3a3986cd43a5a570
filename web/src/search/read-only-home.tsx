import { EyeIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { MessagePage } from "../components/message-page";

/** The search screen of a read-only role (the auditor): no form, the way to everyone's searches instead. */
export function ReadOnlyHome() {
  const { t } = useTranslation();
  return (
    <MessagePage
      icon={EyeIcon}
      title={t("readOnly.title")}
      description={t("readOnly.description")}
      link={{ to: "/admin/activity", label: t("readOnly.activity") }}
      testId="read-only-home"
    />
  );
}
