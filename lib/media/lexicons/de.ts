import type { Lexicon } from "./lexicon";

export const de: Lexicon = {
  categories: {
    sanctions: {
      "^*sanktion*": 3, "sanktioniert*": 3, "^*sanktionsliste*": 3, "vermogen eingefroren": 3, eingefroren: 1,
      "^*embargo*": 1, "^*einreiseverbot*": 2, "schwarze liste": 2,
    },
    corruption: {
      "^*korruption*": 3, "korrupt*": 3, "^*bestechung*": 3, "bestech*": 3, bestochen: 3, "^*schmiergeld*": 3,
      "^*untreue*": 2, "^*veruntreu*": 3, "veruntreut*": 3, "^*vorteilsnahme*": 3, "^*vorteilsgewahrung*": 3,
      "^*vetternwirtschaft*": 2, "^*amtsmissbrauch*": 2, "^*bestechlichkeit*": 3,
    },
    criminal: {
      festgenommen: 2, verhaftet: 2, "^*festnahme*": 2, "^*verhaftung*": 2, angeklagt: 2, "^*anklage*": 1,
      verurteilt: 2, "^*verurteilung*": 2, "^*haftstrafe*": 2, "^*gefangnis*": 2, "^haftbefehl*": 2,
      "^*untersuchungshaft*": 2, "^*betrug*": 3, betrogen: 2, "^*geldwasche*": 3, "^*steuerhinterziehung*": 3,
      "^mord": 3, "^morde": 3, "^mordes": 3, "^*mord": 3, "^mordanklage*": 3, "^mordverdacht*": 3, "^mordprozess*": 3,
      "^*totschlag*": 3, "^*schmuggel*": 2, "^*menschenhandel*": 3, "^*drogenhandel*": 3, "^*erpressung*": 3,
      "^*straftat*": 2, "kriminell*": 2, "^*kriminalitat*": 1, "^*razzia*": 2, "^*staatsanwalt*": 1,
      "^*insiderhandel*": 3, "^*falschung*": 2, "^*urkundenfalschung*": 3, "^*schneeballsystem*": 3, "^*auslieferung*": 1,
      "^*terror*": 2, "^*strafverfahren*": 2, "^*strafbefehl*": 2,
    },
    negative: {
      "^*ermittlung*": 1, ermittelt: 1, "^*skandal*": 2, "^*vorwurf*": 1, "^*vorwurfe*": 1, "^*klage*": 1, verklagt: 1,
      "^*insolvenz*": 2, "^*pleite*": 2, "^*bussgeld*": 2, "^*geldstrafe*": 2, "^*affare*": 1, "^*verdacht*": 1,
      "^*missbrauch*": 1, beschuldigt: 1, "^*belastigung*": 2, "^*verstoss*": 1, "^*durchsuchung*": 1, "^*vertuschung*": 2,
      "^*fehlverhalten*": 2, "^*bilanzmanipulation*": 3, "^*bilanzfalschung*": 3,
    },
    PEP: {
      "^*minister": 2, "^*ministerin": 2, "^*ministerprasident*": 2, "^*abgeordnete*": 2, "^*senator*": 2,
      "^*burgermeister*": 2, "^*bundeskanzler*": 2, "^kanzler*": 1, "^*prasident": 1, "^*prasidentin": 1,
      "^*botschafter*": 2, "^*politiker*": 2, "^*staatssekretar*": 2, "^landrat": 2, "^landratin": 2, "^*gouverneur*": 2,
      "^*parlamentarier*": 2, mdb: 2, "^*stadtrat": 1, "^*regierungschef*": 2, "^*staatschef*": 2,
    },
    positive: {
      "^*auszeichnung*": 2, ausgezeichnet: 2, "^*preistrager*": 2, "^*preisverleihung*": 2, "^*nobelpreis*": 2,
      "^*friedenspreis*": 2, "^*ehrung*": 2, geehrt: 2, "^*spende*": 1, gewinnt: 1, "^*gewinner*": 1,
      "^*verdienstkreuz*": 2, "^*medaille*": 1, "^*ehrenburger*": 2, "^*wohltatig*": 2, "wohltatig*": 2,
    },
  },
  exoneration: [
    "freigesprochen", "^freispruch*", "^verfahren ~ eingestellt", "^ermittlungen ~ eingestellt", "^einstellung des verfahrens",
    "entlastet", "unschuldig", "^unschuldsvermutung",
  ],
  opposing: ["anti", "gegen", "^kampf", "^bekampfung", "bekampfen", "^vorgehen"],
  topicWords: ["^pravention", "^experte", "^expertin", "^gesetz", "^regeln", "^richtlinie", "^beauftragte", "^beauftragter", "^abwehr", "^bekampfung"],
  topicParts: ["bekampfung", "pravention", "gesetz", "beauftragt", "experte", "abwehr", "richtlinie", "bekampf"],
  fillers: ["die", "der", "den", "das", "des", "dem", "von", "internationale", "internationalen"],
  contrast: ["aber", "doch", "jedoch", "sondern", "wahrend", "obwohl"],
};
