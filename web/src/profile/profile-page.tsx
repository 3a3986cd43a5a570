import { Tabs, TabsContent, TabsList, TabsTrigger } from "@duecheck/ui/tabs";
import { LanguagesIcon, ShieldIcon, UserIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { canScreen } from "../../../lib/auth/roles.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { CreditBalanceCard } from "../credits/credit-balance-card";
import { AutoMonitorCard } from "../monitoring/auto-monitor-card";
import { PageHeader } from "../shell/page-header";
import { ChangePasswordCard } from "./change-password-card";
import { LanguageSettingsCard } from "./language-settings-card";
import { ProfileInfoCard } from "./profile-info-card";
import { SessionSettingsCard } from "./session-settings-card";
import { TwoFactorStatusCard } from "./two-factor-status-card";

export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  if (!user) return null;

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("profile.title")} description={t("profile.subtitle")} />
      <Tabs defaultValue="profile" className="gap-4">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="profile">
            <UserIcon aria-hidden />
            {t("profile.tabProfile")}
          </TabsTrigger>
          <TabsTrigger value="security">
            <ShieldIcon aria-hidden />
            {t("profile.tabSecurity")}
          </TabsTrigger>
          <TabsTrigger value="languages">
            <LanguagesIcon aria-hidden />
            {t("profile.tabLanguages")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="profile" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] lg:items-start">
          <CreditBalanceCard />
          <div className="grid gap-6">
            <ProfileInfoCard user={user} />
            {/* Adding searched names to monitoring screens: not a read-only reader's setting (the server refuses it). */}
            {canScreen(user) && <AutoMonitorCard user={user} />}
          </div>
        </TabsContent>
        <TabsContent value="security" className="grid gap-6">
          <SessionSettingsCard user={user} />
          <ChangePasswordCard />
          <TwoFactorStatusCard user={user} />
        </TabsContent>
        <TabsContent value="languages" className="grid gap-6">
          <LanguageSettingsCard user={user} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
