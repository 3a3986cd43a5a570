import { Badge } from "@duecheck/ui/badge";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { MONITORING_FREQUENCIES } from "@lib/monitoring/schemas.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PauseIcon, PlayIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MonitoringFrequency, NewMonitoredEntityRequest } from "../api/types.ts";
import { useDuecheck } from "../context.ts";
import { ShadowScope } from "../scope/shadow-scope.tsx";
import { useFormatters } from "../views/format.ts";
import { ProblemAlert } from "./problem-alert.tsx";
import { useProblemText } from "./use-screening.ts";

const LIST_KEY = ["duecheck", "monitoring"] as const;

export interface MonitoringListProps {
  onError?: (error: unknown) => void;
}

/** The names screened automatically: add one (name, type, frequency), pause or resume, remove. */
export function MonitoringList(props: MonitoringListProps) {
  return (
    <ShadowScope name="monitoring-list">
      <MonitoringListBody {...props} />
    </ShadowScope>
  );
}

function MonitoringListBody({ onError }: MonitoringListProps) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const { transport } = useDuecheck();
  const problem = useProblemText();
  const queryClient = useQueryClient();
  const nameId = useId();
  const typeId = useId();
  const frequencyId = useId();
  const [form, setForm] = useState<NewMonitoredEntityRequest>({ searchTerm: "", entityType: "person", frequency: "daily" });
  const list = useQuery({ queryKey: LIST_KEY, queryFn: () => transport.listMonitored() });
  const refresh = () => queryClient.invalidateQueries({ queryKey: LIST_KEY });
  const change = useMutation<unknown, Error, () => Promise<unknown>>({ mutationFn: (call) => call(), onSuccess: refresh, onError });

  function add(event: FormEvent) {
    event.preventDefault();
    if (!form.searchTerm.trim() || change.isPending) return;
    change.mutate(() => transport.addMonitored({ ...form, searchTerm: form.searchTerm.trim() }), { onSuccess: () => setForm({ ...form, searchTerm: "" }) });
  }

  const selectClass = "h-9 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50";
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("monitoring.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={add} className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
          <div className="grid gap-2">
            <Label htmlFor={nameId}>{t("monitoring.nameLabel")}</Label>
            <Input
              id={nameId}
              value={form.searchTerm}
              maxLength={200}
              placeholder={t("monitoring.namePlaceholder")}
              onChange={(e) => setForm({ ...form, searchTerm: e.target.value })}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={typeId}>{t("dc.typeLabel")}</Label>
            <select
              id={typeId}
              className={selectClass}
              value={form.entityType}
              onChange={(e) => setForm({ ...form, entityType: e.target.value as "person" | "company" })}
            >
              <option value="person">{t("search.person")}</option>
              <option value="company">{t("search.company")}</option>
            </select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={frequencyId}>{t("monitoring.frequencyLabel")}</Label>
            <select
              id={frequencyId}
              className={selectClass}
              value={form.frequency}
              onChange={(e) => setForm({ ...form, frequency: e.target.value as MonitoringFrequency })}
            >
              {MONITORING_FREQUENCIES.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {t(`monitoring.frequency.${frequency}`)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={!form.searchTerm.trim() || change.isPending}>
            <PlusIcon aria-hidden />
            {t("monitoring.add")}
          </Button>
        </form>
        {change.error && <ProblemAlert text={problem(change.error, "dc.monitoringFailed")} />}
        {list.error && <ProblemAlert text={problem(list.error, "dc.monitoringFailed")} />}
        {list.data && list.data.items.length === 0 && <p className="text-sm text-muted-foreground">{t("monitoring.empty")}</p>}
        <ul className="grid gap-2" data-testid="duecheck-monitored">
          {list.data?.items.map((entity) => (
            <li key={entity.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm">
              <div className="grid gap-1">
                <span className="font-medium break-words">{entity.searchTerm}</span>
                <span className="text-muted-foreground">
                  {t(`monitoring.frequency.${entity.frequency}`)} · {entity.lastChecked ? dateTime(entity.lastChecked) : t("monitoring.notChecked")}
                </span>
              </div>
              <div className="flex items-center gap-2">
                <Badge variant={entity.status === "active" ? "secondary" : "outline"}>{t(`monitoring.status.${entity.status}`)}</Badge>
                {entity.hasChanges && <Badge variant="destructive">{t("monitoring.new")}</Badge>}
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={t(entity.status === "active" ? "monitoring.pauseLabel" : "monitoring.resumeLabel", { name: entity.searchTerm })}
                  onClick={() => change.mutate(() => transport.setMonitoredStatus(entity.id, entity.status === "active" ? "paused" : "active"))}
                >
                  {entity.status === "active" ? <PauseIcon aria-hidden /> : <PlayIcon aria-hidden />}
                  {entity.status === "active" ? t("monitoring.pause") : t("monitoring.resume")}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={t("monitoring.removeLabel", { name: entity.searchTerm })}
                  onClick={() => change.mutate(() => transport.removeMonitored(entity.id))}
                >
                  <Trash2Icon aria-hidden />
                  {t("monitoring.remove")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
