/** The account mails' words in the recipient's profile language (plain text: no HTML to render or escape). */
import type { Language } from "../auth/schemas.ts";

export type AccountMailKind = "password_reset" | "invitation" | "email_confirmation" | "email_change";

type Words = Record<AccountMailKind, { subject: string; body: (link: string, minutes: number) => string }>;

const hours = (minutes: number) => Math.round(minutes / 60);

const WORDS: Record<Language, Words> = {
  en: {
    password_reset: {
      subject: "Reset your duecheck password",
      body: (link, m) =>
        `Someone asked to reset the password of your duecheck account.\n\nSet a new password here (the link works once, for ${m} minutes):\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
    },
    invitation: {
      subject: "You are invited to duecheck",
      body: (link, m) =>
        `An administrator created a duecheck account for you.\n\nChoose your password here (the link works once, for ${hours(m)} hours):\n${link}`,
    },
    email_confirmation: {
      subject: "Confirm your email address for duecheck",
      body: (link, m) => `Welcome to duecheck.\n\nConfirm your email address to receive your free credits (the link works for ${hours(m)} hours):\n${link}`,
    },
    email_change: {
      subject: "Confirm your new email address for duecheck",
      body: (link, m) =>
        `Someone asked to move a duecheck account to this email address.\n\nConfirm the new address here (the link works once, for ${hours(m)} hours); until then the account keeps its old address:\n${link}\n\nIf it was not you, ignore this mail.`,
    },
  },
  de: {
    password_reset: {
      subject: "Ihr duecheck-Passwort zurücksetzen",
      body: (link, m) =>
        `Jemand hat das Zurücksetzen des Passworts Ihres duecheck-Kontos angefordert.\n\nLegen Sie hier ein neues Passwort fest (der Link gilt einmal, ${m} Minuten lang):\n${link}\n\nWaren Sie das nicht, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.`,
    },
    invitation: {
      subject: "Einladung zu duecheck",
      body: (link, m) =>
        `Ein Administrator hat ein duecheck-Konto für Sie angelegt.\n\nWählen Sie hier Ihr Passwort (der Link gilt einmal, ${hours(m)} Stunden lang):\n${link}`,
    },
    email_confirmation: {
      subject: "Bestätigen Sie Ihre E-Mail-Adresse für duecheck",
      body: (link, m) =>
        `Willkommen bei duecheck.\n\nBestätigen Sie Ihre E-Mail-Adresse, um Ihre Gratis-Credits zu erhalten (der Link gilt ${hours(m)} Stunden):\n${link}`,
    },
    email_change: {
      subject: "Bestätigen Sie Ihre neue E-Mail-Adresse für duecheck",
      body: (link, m) =>
        `Jemand möchte ein duecheck-Konto auf diese E-Mail-Adresse umstellen.\n\nBestätigen Sie die neue Adresse hier (der Link gilt einmal, ${hours(m)} Stunden lang); bis dahin behält das Konto seine alte Adresse:\n${link}\n\nWaren Sie das nicht, ignorieren Sie diese E-Mail.`,
    },
  },
  es: {
    password_reset: {
      subject: "Restablezca su contraseña de duecheck",
      body: (link, m) =>
        `Alguien ha pedido restablecer la contraseña de su cuenta de duecheck.\n\nElija una nueva contraseña aquí (el enlace sirve una vez, durante ${m} minutos):\n${link}\n\nSi no fue usted, ignore este correo: su contraseña no cambia.`,
    },
    invitation: {
      subject: "Invitación a duecheck",
      body: (link, m) =>
        `Un administrador ha creado una cuenta de duecheck para usted.\n\nElija su contraseña aquí (el enlace sirve una vez, durante ${hours(m)} horas):\n${link}`,
    },
    email_confirmation: {
      subject: "Confirme su dirección de correo para duecheck",
      body: (link, m) =>
        `Bienvenido a duecheck.\n\nConfirme su dirección de correo para recibir sus créditos gratuitos (el enlace sirve durante ${hours(m)} horas):\n${link}`,
    },
    email_change: {
      subject: "Confirme su nueva dirección de correo para duecheck",
      body: (link, m) =>
        `Alguien ha pedido cambiar una cuenta de duecheck a esta dirección de correo.\n\nConfirme la nueva dirección aquí (el enlace sirve una vez, durante ${hours(m)} horas); hasta entonces la cuenta conserva su dirección anterior:\n${link}\n\nSi no fue usted, ignore este correo.`,
    },
  },
  fr: {
    password_reset: {
      subject: "Réinitialiser votre mot de passe duecheck",
      body: (link, m) =>
        `Quelqu'un a demandé la réinitialisation du mot de passe de votre compte duecheck.\n\nChoisissez un nouveau mot de passe ici (le lien sert une fois, pendant ${m} minutes) :\n${link}\n\nSi ce n'était pas vous, ignorez ce message : votre mot de passe reste inchangé.`,
    },
    invitation: {
      subject: "Invitation à duecheck",
      body: (link, m) =>
        `Un administrateur a créé un compte duecheck pour vous.\n\nChoisissez votre mot de passe ici (le lien sert une fois, pendant ${hours(m)} heures) :\n${link}`,
    },
    email_confirmation: {
      subject: "Confirmez votre adresse e-mail pour duecheck",
      body: (link, m) =>
        `Bienvenue sur duecheck.\n\nConfirmez votre adresse e-mail pour recevoir vos crédits gratuits (le lien sert pendant ${hours(m)} heures) :\n${link}`,
    },
    email_change: {
      subject: "Confirmez votre nouvelle adresse e-mail pour duecheck",
      body: (link, m) =>
        `Quelqu'un a demandé de passer un compte duecheck à cette adresse e-mail.\n\nConfirmez la nouvelle adresse ici (le lien sert une fois, pendant ${hours(m)} heures) ; d'ici là, le compte garde son ancienne adresse :\n${link}\n\nSi ce n'était pas vous, ignorez ce message.`,
    },
  },
};

/** To the old address when an account's email is being changed: the owner hears of it whoever asked. */
const NOTICE: Record<Language, { subject: string; body: (newEmail: string) => string }> = {
  en: {
    subject: "Your duecheck email address is being changed",
    body: (newEmail) =>
      `Someone signed in to your duecheck account asked to change its email address to ${newEmail}.\n\nThe change takes effect once the link mailed to the new address is opened. If it was not you, change your password now and tell your administrator.`,
  },
  de: {
    subject: "Die E-Mail-Adresse Ihres duecheck-Kontos wird geändert",
    body: (newEmail) =>
      `Jemand, der in Ihrem duecheck-Konto angemeldet ist, möchte dessen E-Mail-Adresse in ${newEmail} ändern.\n\nDie Änderung gilt, sobald der an die neue Adresse gesendete Link geöffnet wird. Waren Sie das nicht, ändern Sie jetzt Ihr Passwort und informieren Sie Ihren Administrator.`,
  },
  es: {
    subject: "Se está cambiando la dirección de correo de su cuenta de duecheck",
    body: (newEmail) =>
      `Alguien con sesión abierta en su cuenta de duecheck ha pedido cambiar su dirección de correo a ${newEmail}.\n\nEl cambio se aplica cuando se abra el enlace enviado a la nueva dirección. Si no fue usted, cambie ahora su contraseña y avise a su administrador.`,
  },
  fr: {
    subject: "L'adresse e-mail de votre compte duecheck va changer",
    body: (newEmail) =>
      `Une personne connectée à votre compte duecheck a demandé de changer son adresse e-mail en ${newEmail}.\n\nLe changement prend effet dès que le lien envoyé à la nouvelle adresse est ouvert. Si ce n'était pas vous, changez votre mot de passe maintenant et prévenez votre administrateur.`,
  },
};

export function emailChangeNotice(language: string, newEmail: string) {
  const words = NOTICE[language as Language] ?? NOTICE.en;
  return { subject: words.subject, text: words.body(newEmail) };
}

export function accountMail(kind: AccountMailKind, language: string, link: string, validMinutes: number) {
  const words = (WORDS[language as Language] ?? WORDS.en)[kind];
  return { subject: words.subject, text: words.body(link, validMinutes) };
}
