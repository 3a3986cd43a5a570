/**
 * The case notification mails' words, in the recipient's profile language (en, de, es, fr; English otherwise), plain
 * text as the account mails (lib/mail/messages.ts): nothing to render or escape. Dates are written in the recipient's
 * language in the instance's time zone, named in the text, so "due 3 Dec, 09:00 UTC" reads the same to everyone.
 */
import type { Language } from "../auth/schemas.ts";
import type { CasePriority } from "../cases/contract.ts";

export interface MailedCase {
  title: string;
  priority: CasePriority;
  dueAt: Date;
  link: string;
}

interface Words {
  priority: Record<CasePriority, string>;
  assigned: {
    subject: (title: string) => string;
    by: (name: string) => string;
    auto: string;
    case: string;
    priority: string;
    due: string;
    open: string;
  };
  digest: {
    subject: (count: number) => string;
    intro: (count: number) => string;
    due: string;
    all: string;
  };
}

const WORDS: Record<Language, Words> = {
  en: {
    priority: { sanctions: "Sanctions", pep: "PEP", media: "Adverse media" },
    assigned: {
      subject: (title) => `Case assigned to you: ${title}`,
      by: (name) => `${name} assigned a case to you.`,
      auto: "A case was assigned to you automatically.",
      case: "Case",
      priority: "Priority",
      due: "Due",
      open: "Open the case:",
    },
    digest: {
      subject: (n) => (n === 1 ? "1 of your cases is overdue" : `${n} of your cases are overdue`),
      intro: (n) => (n === 1 ? "This case assigned to you is past its due date:" : `These ${n} cases assigned to you are past their due date:`),
      due: "due",
      all: "All your overdue cases:",
    },
  },
  de: {
    priority: { sanctions: "Sanktionen", pep: "PEP", media: "Negativmeldungen" },
    assigned: {
      subject: (title) => `Ihnen zugewiesener Fall: ${title}`,
      by: (name) => `${name} hat Ihnen einen Fall zugewiesen.`,
      auto: "Ihnen wurde automatisch ein Fall zugewiesen.",
      case: "Fall",
      priority: "Priorität",
      due: "Fällig",
      open: "Fall öffnen:",
    },
    digest: {
      subject: (n) => (n === 1 ? "1 Ihrer Fälle ist überfällig" : `${n} Ihrer Fälle sind überfällig`),
      intro: (n) => (n === 1 ? "Dieser Ihnen zugewiesene Fall ist überfällig:" : `Diese ${n} Ihnen zugewiesenen Fälle sind überfällig:`),
      due: "fällig",
      all: "Alle Ihre überfälligen Fälle:",
    },
  },
  es: {
    priority: { sanctions: "Sanciones", pep: "PEP", media: "Noticias adversas" },
    assigned: {
      subject: (title) => `Caso asignado a usted: ${title}`,
      by: (name) => `${name} le ha asignado un caso.`,
      auto: "Se le ha asignado un caso automáticamente.",
      case: "Caso",
      priority: "Prioridad",
      due: "Vence",
      open: "Abrir el caso:",
    },
    digest: {
      subject: (n) => (n === 1 ? "1 de sus casos está vencido" : `${n} de sus casos están vencidos`),
      intro: (n) => (n === 1 ? "Este caso asignado a usted ha pasado su fecha límite:" : `Estos ${n} casos asignados a usted han pasado su fecha límite:`),
      due: "vencía",
      all: "Todos sus casos vencidos:",
    },
  },
  fr: {
    priority: { sanctions: "Sanctions", pep: "PPE", media: "Presse négative" },
    assigned: {
      subject: (title) => `Dossier qui vous est attribué : ${title}`,
      by: (name) => `${name} vous a attribué un dossier.`,
      auto: "Un dossier vous a été attribué automatiquement.",
      case: "Dossier",
      priority: "Priorité",
      due: "Échéance",
      open: "Ouvrir le dossier :",
    },
    digest: {
      subject: (n) => (n === 1 ? "1 de vos dossiers est en retard" : `${n} de vos dossiers sont en retard`),
      intro: (n) =>
        n === 1 ? "Ce dossier qui vous est attribué a dépassé son échéance :" : `Ces ${n} dossiers qui vous sont attribués ont dépassé leur échéance :`,
      due: "échéance",
      all: "Tous vos dossiers en retard :",
    },
  },
};

const wordsOf = (language: string) => WORDS[language as Language] ?? WORDS.en;

function when(date: Date, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(WORDS[language as Language] ? language : "en", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
    timeZoneName: "short",
  }).format(date);
}

/** The mail to a member a case was assigned to: the case's title, priority, due date and link. */
export function assignedMail(language: string, timeZone: string, c: MailedCase, actorName: string | null) {
  const w = wordsOf(language);
  const lines = [
    actorName ? w.assigned.by(actorName) : w.assigned.auto,
    "",
    `${w.assigned.case}: ${c.title}`,
    `${w.assigned.priority}: ${w.priority[c.priority]}`,
    `${w.assigned.due}: ${when(c.dueAt, language, timeZone)}`,
    "",
    w.assigned.open,
    c.link,
  ];
  return { subject: w.assigned.subject(c.title), text: lines.join("\n") };
}

/** The morning digest: each overdue case with its priority, due date and link, then the list of them all. */
export function digestMail(language: string, timeZone: string, cases: MailedCase[], overdueListLink: string) {
  const w = wordsOf(language);
  const lines = [w.digest.intro(cases.length), ""];
  for (const c of cases) lines.push(`- ${c.title} (${w.priority[c.priority]}, ${w.digest.due} ${when(c.dueAt, language, timeZone)})`, `  ${c.link}`);
  lines.push("", w.digest.all, overdueListLink);
  return { subject: w.digest.subject(cases.length), text: lines.join("\n") };
}
