import type { Lexicon } from "./lexicon";

export const en: Lexicon = {
  categories: {
    sanctions: {
      "sanction*": 3, ofac: 3, "sdn list": 3, "entity list": 2, "asset freeze": 3, "assets frozen": 3, "frozen assets": 3,
      "blacklist*": 2, "embargo*": 1, "travel ban": 2,
    },
    corruption: {
      "brib*": 3, "corrupt*": 3, "kickback*": 3, graft: 3, "embezzl*": 3, "influence peddling": 3, "misappropriat*": 2,
      "abuse of office": 2, "abuse of power": 2, fcpa: 3, "slush fund*": 2, nepotism: 2, cronyism: 2, "pay to play": 2,
    },
    criminal: {
      "arrest*": 2, charged: 1, "charged with": 2, "indict*": 2, "convict*": 2, sentenced: 2, "jail*": 2, "prison*": 2,
      "imprison*": 2, "pleaded guilty": 2, "pleads guilty": 2, "found guilty": 2, "fraud*": 3, "money launder*": 3,
      "launder*": 3, ponzi: 3, "scam*": 2, "murder*": 3, manslaughter: 3, "traffick*": 3, "smuggl*": 2, "tax evasion": 3,
      "evading tax*": 3, "extort*": 3, "racketeer*": 3, "insider trading": 3, "kidnap*": 3, "rape*": 3, "assault*": 2,
      "felon*": 2, "criminal*": 2, "crime*": 1, "prosecut*": 1, "extradit*": 2, "forger*": 2, "counterfeit*": 2,
      "wanted by": 2, interpol: 2, "police raid*": 2, "terroris*": 2, "drug cartel*": 3, "organized crime": 3,
      "organised crime": 3,
    },
    negative: {
      "investigat*": 1, "probe*": 1, "lawsuit*": 1, sued: 1, sues: 1, "scandal*": 2, "allegation*": 1, "alleged*": 1,
      "accus*": 1, misconduct: 2, fined: 2, "penalt*": 1, "bankrupt*": 2, "insolven*": 2, "controvers*": 1,
      "whistleblow*": 1, "violat*": 1, "cover up": 2, "coverup": 2, greenwashing: 2, "harass*": 2, "discriminat*": 1,
      "raided": 2, "under scrutiny": 1, "wrongdoing": 2, "misleading investors": 2, "default*": 1,
      "under investigation": 2, "investigation into": 2, "probe into": 2, "faces charges": 2,
    },
    PEP: {
      "minister*": 2, "senator*": 2, "congressm*": 2, "congresswom*": 2, mp: 2, mps: 2, mep: 2, meps: 2,
      "member of parliament": 2, "parliamentarian*": 2, "lawmaker*": 2, "legislator*": 2, "politician*": 2,
      "governor*": 2, "mayor*": 2, "ambassador*": 2, president: 1, presidential: 1, "head of state": 2,
      "chancellor*": 1, "secretary of state": 2, "state secretary": 2, "councillor*": 1, "councilor*": 1,
      "diplomat*": 1, "government official*": 2, "public official*": 2, "head of government": 2, "deputy minister": 2,
    },
    positive: {
      "award*": 2, "prize*": 2, "laureate*": 2, "philanthrop*": 2, "honour*": 1, "honor*": 1, "winner*": 1, wins: 1,
      "donat*": 1, charity: 1, "acclaim*": 2, praised: 1, "medal*": 1, knighted: 2, nobel: 2, "recogni*": 1,
      "celebrat*": 1, "breakthrough*": 1,
    },
  },
  exoneration: [
    "acquit*", "cleared of", "cleared", "exonerat*", "found not guilty", "not guilty verdict", "charges dropped",
    "drops charges", "dropped charges", "dropped the charges", "charges dismissed", "case dismissed", "dismissed the case",
    "dismisses charges", "charges ~ dropped", "charges ~ dismissed", "charges ~ withdrawn", "conviction overturned", "overturns conviction", "overturned conviction", "quashed", "vindicated",
  ],
  opposing: ["anti", "against", "fight", "fighting", "combat", "combating", "combatting", "tackle", "tackling", "counter", "crackdown"],
  topicWords: [
    "prevention", "detection", "expert", "experts", "compliance", "awareness", "lawyer", "lawyers", "attorney", "law",
    "laws", "rules", "regime", "policy", "policies", "training", "watchdog", "software", "tool", "tools",
  ],
  topicParts: [],
  fillers: ["the", "a", "an", "of", "on", "for", "to", "global", "international"],
  contrast: ["but", "however", "yet", "although", "though", "while", "whereas"],
};
