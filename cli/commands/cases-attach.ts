/**
 * `duecheck cases attach`: a file attached to a case as POST /api/cases/{id}/attachments attaches it, made as --user,
 * through the same lib function and so with the same checks: an auditor is refused and another organisation's case
 * is not found before the file is read; the type comes from the bytes (an executable or script is refused, whatever
 * it is called); a file over 10 MB, or past the case's 100 MB, is refused. Exit 1 with the API's message.
 */
import { readFile, stat } from "node:fs/promises";
import { basename, resolve } from "node:path";
import type { Command } from "commander";
import { findCase } from "../../lib/cases/access.ts";
import { addCaseAttachment, FILE_TOO_LARGE } from "../../lib/cases/attachments.ts";
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MEDIA, attachmentNameSchema } from "../../lib/cases/contract.ts";
import { failWith } from "../fail.ts";
import { casesReportText } from "../i18n/cases/report.ts";
import { askedLanguage, withLanguageOption } from "../language.ts";
import { printJson } from "../ui/render.tsx";
import { withCliUser } from "../user.ts";
import { cliReviewActor } from "./review-actor.ts";

interface AttachOptions {
  name?: string;
  user?: string;
  json?: boolean;
  language?: string;
}

export function registerCasesAttach(cases: Command) {
  withLanguageOption(cases.command("attach"))
    .description("Attach a file to a case: PDF, PNG, JPEG, TXT, EML, DOCX or XLSX, told from its content, up to 10 MB")
    .argument("<case-id>", "the case's id")
    .argument("<file>", "the file to attach")
    .option("--name <name>", "the name to list it under (default: the file's own name)")
    .option("--user <email>", "who attaches (default: the first administrator)")
    .option("--json", "print the attachment as JSON (the answer of POST /api/cases/{id}/attachments)")
    .action(async (caseId: string, file: string, options: AttachOptions) => {
      const asked = askedLanguage(options.language);
      const path = resolve(file);
      const parsedName = attachmentNameSchema.safeParse(options.name ?? basename(path));
      if (!parsedName.success) failWith(parsedName.error.issues[0].message);
      const { added, title, language } = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        const actor = cliReviewActor(user);
        const t = casesReportText[shown.language];
        // Who and which case first, as over HTTP: an auditor or another organisation's case is refused before the file is read.
        const row = await findCase(db, actor, caseId.trim(), { change: true });
        const size = await stat(path).then(
          (s) => s.size,
          (error: unknown) => failWith(t.cannotRead(path, error instanceof Error ? error.message : String(error))),
        );
        if (size > ATTACHMENT_MAX_BYTES) failWith(FILE_TOO_LARGE);
        const content = new Uint8Array(await readFile(path));
        const added = await addCaseAttachment({ db }, actor, row.id, { fileName: parsedName.data, declaredType: null, content });
        return { added, title: row.title, language: shown.language };
      });
      if (options.json) return printJson(added);
      const t = casesReportText[language];
      console.log(t.attached(added.fileName, ATTACHMENT_MEDIA[added.type].label, String(added.size), title));
      console.log(t.sha256(added.sha256));
      console.log(t.attachmentId(added.id));
    });
}
