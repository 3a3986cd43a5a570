import type { Lexicon } from "./lexicon";

export const fr: Lexicon = {
  categories: {
    sanctions: {
      "sanction*": 3, "gel des avoirs": 3, "avoirs geles": 3, "liste noire": 2, "embargo*": 1, "interdiction de territoire": 2,
    },
    corruption: {
      "corrupt*": 3, "corrompu*": 3, "corrompr*": 3, "pot de vin": 3, "pots de vin": 3, "trafic d influence": 3,
      "prise illegale d interets": 3, "detournement*": 2, "detournement de fonds": 3, "abus de biens sociaux": 3,
      favoritisme: 2, concussion: 3, "malversation*": 3, "emplois fictifs": 3, "emploi fictif": 3,
    },
    criminal: {
      arrete: 1, "arretee*": 1, "interpell*": 2, "garde a vue": 2, "mis en examen": 2, "mise en examen": 2,
      "inculp*": 2, "condamne a": 2, "condamnee a": 2, "condamnes a": 2, "condamn*": 1, "prison": 2, "incarcer*": 2,
      "escroquer*": 3, "escroc*": 3, "fraude*": 3, "fraudul*": 2, "blanchiment*": 3, "evasion fiscale": 3,
      "trafic de drogue*": 3, "trafic de stupefiants": 3, "meurtre*": 3, "assassinat*": 3, "extorsion*": 3,
      "enlevement*": 2, "delit*": 2, "crimin*": 2, "perquisition*": 2, proces: 1, "mandat d arret": 2, "extrad*": 2,
      "contrefacon*": 2, "faux et usage de faux": 2, "delit d initie": 3, "crime organise": 3, "traite des etres humains": 3,
    },
    negative: {
      "enquete*": 1, "scandale*": 2, "plainte*": 1, "poursuivi*": 1, "accus*": 1, "soupcon*": 1, "faillite*": 2,
      "liquidation judiciaire": 2, "redressement judiciaire": 2, "amende*": 2, "polemique*": 1, "harcelement*": 2,
      abus: 1, "mis en cause": 1, "mise en cause": 1, "controverse*": 1, "presume*": 1, "irregularite*": 1,
    },
    PEP: {
      "ministre*": 2, "ex ministre": 2, "depute*": 2, "senateur*": 2, "senatrice*": 2, maire: 2, "prefet*": 2,
      "ambassadeur*": 2, president: 1, presidente: 1, "homme politique": 2, "femme politique": 2, elu: 1, elue: 1,
      "parlementaire*": 2, "secretaire d etat": 2, "conseiller municipal": 1, "eurodepute*": 2, "chef de l etat": 2,
      "chef du gouvernement": 2, "haut fonctionnaire": 2,
    },
    positive: {
      "prix nobel": 2, "laureat*": 2, "recompens*": 2, decore: 1, decoree: 1, "legion d honneur": 2, "remporte le prix": 2,
      "recoit le prix": 2, "hommage*": 1, "philanthrop*": 2, mecenat: 2, "distingue*": 1, "medaille*": 1, "remporte*": 1,
    },
  },
  exoneration: [
    "relaxe*", "acquitte*", "acquittement*", "blanchi", "blanchie", "non lieu", "innocente*", "classee sans suite",
    "classement sans suite", "classe sans suite", "disculpe*", "mis hors de cause", "mise hors de cause", "annule la condamnation",
  ],
  opposing: ["anti", "contre", "lutte", "lutter", "combat", "combattre"],
  topicWords: ["prevention", "expert", "experte", "experts", "loi", "lois", "regles", "politique", "conformite"],
  topicParts: [],
  fillers: ["la", "le", "les", "l", "de", "du", "des", "d", "internationale"],
  contrast: ["mais", "cependant", "pourtant", "toutefois", "tandis"],
};
