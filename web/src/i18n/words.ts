import sharedDe from "@duecheck/react/i18n/words/de.json";
import sharedEn from "@duecheck/react/i18n/words/en.json";
import sharedEs from "@duecheck/react/i18n/words/es.json";
import sharedFr from "@duecheck/react/i18n/words/fr.json";
import messagesDe from "../../../lib/i18n/de.json";
import messagesEn from "../../../lib/i18n/en.json";
import messagesEs from "../../../lib/i18n/es.json";
import messagesFr from "../../../lib/i18n/fr.json";
import accountsDe from "../accounts/i18n/de.json";
import accountsEn from "../accounts/i18n/en.json";
import accountsEs from "../accounts/i18n/es.json";
import accountsFr from "../accounts/i18n/fr.json";
import adminOrganisationsDe from "../admin-organisations/i18n/de.json";
import adminOrganisationsEn from "../admin-organisations/i18n/en.json";
import adminOrganisationsEs from "../admin-organisations/i18n/es.json";
import adminOrganisationsFr from "../admin-organisations/i18n/fr.json";
import batchDe from "../batch/i18n/de.json";
import batchEn from "../batch/i18n/en.json";
import batchEs from "../batch/i18n/es.json";
import batchFr from "../batch/i18n/fr.json";
import casesDe from "../cases/i18n/de.json";
import casesEn from "../cases/i18n/en.json";
import casesEs from "../cases/i18n/es.json";
import casesFr from "../cases/i18n/fr.json";
import monitoringDe from "../monitoring/i18n/de.json";
import monitoringEn from "../monitoring/i18n/en.json";
import monitoringEs from "../monitoring/i18n/es.json";
import monitoringFr from "../monitoring/i18n/fr.json";
import notificationsDe from "../notifications/i18n/de.json";
import notificationsEn from "../notifications/i18n/en.json";
import notificationsEs from "../notifications/i18n/es.json";
import notificationsFr from "../notifications/i18n/fr.json";
import organisationsDe from "../organisations/i18n/de.json";
import organisationsEn from "../organisations/i18n/en.json";
import organisationsEs from "../organisations/i18n/es.json";
import organisationsFr from "../organisations/i18n/fr.json";
import clearanceDe from "../review/clearance/i18n/de.json";
import clearanceEn from "../review/clearance/i18n/en.json";
import clearanceEs from "../review/clearance/i18n/es.json";
import clearanceFr from "../review/clearance/i18n/fr.json";
import reviewDe from "../review/i18n/de.json";
import reviewEn from "../review/i18n/en.json";
import reviewEs from "../review/i18n/es.json";
import reviewFr from "../review/i18n/fr.json";
import sanctionsDe from "../sanctions/i18n/de.json";
import sanctionsEn from "../sanctions/i18n/en.json";
import sanctionsEs from "../sanctions/i18n/es.json";
import sanctionsFr from "../sanctions/i18n/fr.json";
import watchlistsDe from "../watchlists/i18n/de.json";
import watchlistsEn from "../watchlists/i18n/en.json";
import watchlistsEs from "../watchlists/i18n/es.json";
import watchlistsFr from "../watchlists/i18n/fr.json";
import appDe from "./de.json";
import appEn from "./en.json";
import appEs from "./es.json";
import appFr from "./fr.json";

/**
 * The app's words by language, each key in one place: the server's and the forms' validation messages (lib/i18n,
 * the English sentence as key), the words of the screens the app shares with @duecheck/react (kept in the
 * package, taken from it by name), and the app's own screens' words (./<language>.json, and a capability's own
 * folder, e.g. ../review/i18n, ../cases/i18n, ../notifications/i18n, ../sanctions/i18n, ../organisations/i18n).
 */
export const en = {
  ...messagesEn,
  ...sharedEn,
  ...appEn,
  ...batchEn,
  ...reviewEn,
  ...clearanceEn,
  ...sanctionsEn,
  ...accountsEn,
  ...organisationsEn,
  ...watchlistsEn,
  ...adminOrganisationsEn,
  ...casesEn,
  ...notificationsEn,
  ...monitoringEn,
};
export const de = {
  ...messagesDe,
  ...sharedDe,
  ...appDe,
  ...batchDe,
  ...reviewDe,
  ...clearanceDe,
  ...sanctionsDe,
  ...accountsDe,
  ...organisationsDe,
  ...watchlistsDe,
  ...adminOrganisationsDe,
  ...casesDe,
  ...notificationsDe,
  ...monitoringDe,
};
export const es = {
  ...messagesEs,
  ...sharedEs,
  ...appEs,
  ...batchEs,
  ...reviewEs,
  ...clearanceEs,
  ...sanctionsEs,
  ...accountsEs,
  ...organisationsEs,
  ...watchlistsEs,
  ...adminOrganisationsEs,
  ...casesEs,
  ...notificationsEs,
  ...monitoringEs,
};
export const fr = {
  ...messagesFr,
  ...sharedFr,
  ...appFr,
  ...batchFr,
  ...reviewFr,
  ...clearanceFr,
  ...sanctionsFr,
  ...accountsFr,
  ...organisationsFr,
  ...watchlistsFr,
  ...adminOrganisationsFr,
  ...casesFr,
  ...notificationsFr,
  ...monitoringFr,
};
