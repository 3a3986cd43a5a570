import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { useTranslation } from "react-i18next";

const EXAMPLE = `import { createHmac, timingSafeEqual } from "node:crypto";

// rawBody: the request body exactly as received; header: the duecheck-signature header
function verify(secret, rawBody, header) {
  const { t, v1 } = Object.fromEntries(header.split(",").map((p) => p.split("=")));
  if (Math.abs(Date.now() / 1000 - Number(t)) > 300) return false; // older than 5 minutes
  const expected = createHmac("sha256", secret).update(\`\${t}.\${rawBody}\`).digest("hex");
  return v1.length === expected.length && timingSafeEqual(Buffer.from(v1), Buffer.from(expected));
}`;

/** How a receiver checks a delivery's signature. */
export function SignatureHelp() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("webhooks.verifyTitle")}</CardTitle>
        <CardDescription>{t("webhooks.verifyDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p>{t("webhooks.verifyHeaders")}</p>
        <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">{EXAMPLE}</pre>
        <p className="text-muted-foreground">{t("webhooks.verifyRetries")}</p>
      </CardContent>
    </Card>
  );
}
