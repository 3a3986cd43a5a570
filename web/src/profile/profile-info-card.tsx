import { Button } from "@duecheck/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { PencilIcon, UserIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "../../../lib/auth/schemas.ts";
import { ProfileDetails } from "./profile-details";
import { ProfileEditForm } from "./profile-edit-form";

/** Profile information with a view mode and an edit mode. */
export function ProfileInfoCard({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserIcon className="size-5 text-primary" aria-hidden />
          {t("profile.infoTitle")}
        </CardTitle>
        <CardDescription>{t("profile.infoDescription")}</CardDescription>
        {!editing && (
          <CardAction>
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <PencilIcon aria-hidden />
              {t("profile.edit")}
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>{editing ? <ProfileEditForm user={user} onDone={() => setEditing(false)} /> : <ProfileDetails user={user} />}</CardContent>
    </Card>
  );
}
