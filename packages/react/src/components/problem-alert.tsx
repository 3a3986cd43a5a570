import { Alert, AlertDescription } from "@duecheck/ui/alert";
import { AlertCircleIcon } from "lucide-react";

/** A refusal or failure, worded for the reader (role alert: read out when it appears). */
export function ProblemAlert({ text, testId = "duecheck-problem" }: { text: string; testId?: string }) {
  return (
    <Alert variant="destructive" role="alert" data-testid={testId}>
      <AlertCircleIcon aria-hidden />
      <AlertDescription>{text}</AlertDescription>
    </Alert>
  );
}
