/** The account mails' words in the recipient's profile language (plain text: no HTML to render or escape). */
import type { Language } from "../auth/schemas.ts";

export type AccountMailKind = "password_reset" | "invitation" | "email_confirmation";

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
  },
};

export function accountMail(kind: AccountMailKind, language: string, link: string, validMinutes: number) {
  const words = (WORDS[language as Language] ?? WORDS.en)[kind];
  return { subject: words.subject, text: words.body(link, validMinutes) };
}
