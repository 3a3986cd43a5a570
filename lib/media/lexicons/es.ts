import type { Lexicon } from "./lexicon";

export const es: Lexicon = {
  categories: {
    sanctions: {
      "sancion*": 3, "sancionad*": 3, "lista negra": 2, "congelacion de activos": 3, "activos congelados": 3,
      "congelacion de bienes": 3, "embargo*": 1, "lista clinton": 3, ofac: 3,
    },
    corruption: {
      "corrup*": 3, "sobor*": 3, "cohecho*": 3, "coima*": 3, "malversacion*": 3, "peculado*": 3, "trafico de influencias": 3,
      "desvio de fondos": 2, "enriquecimiento ilicito": 3, "prevaricacion": 2, "nepotismo": 2, "mordida*": 2,
      "comisiones ilegales": 3,
    },
    criminal: {
      "detenid*": 2, "arrestad*": 2, "capturad*": 2, "acusad*": 1, "imputad*": 2, "procesad*": 2, "condenad*": 2,
      "sentenciad*": 2, prision: 2, carcel: 2, "encarcelad*": 2, "fraude*": 3, "estafa*": 3, "blanqueo*": 3,
      "lavado de dinero": 3, "lavado de activos": 3, "narcotrafic*": 3, "trafico de drogas": 3, "contrabando*": 2,
      "evasion fiscal": 3, "evasion de impuestos": 3, "extorsion*": 3, "asesinato*": 3, "homicidio*": 3, "secuestr*": 3,
      "delito*": 2, "criminal*": 2, "redada*": 2, "allanamiento*": 2, "orden de captura": 2, "orden de detencion": 2,
      "extradi*": 2, "falsificacion*": 2, "crimen organizado": 3, "trata de personas": 3, "delincuen*": 2,
    },
    negative: {
      "investigad*": 1, "investigacion*": 1, "demandad*": 1, "demanda contra": 1, "escandalo*": 2, "polemica*": 1,
      "denuncia*": 1, "acusacion*": 1, "quiebra*": 2, bancarrota: 2, "concurso de acreedores": 2, insolvencia: 2,
      "multa*": 2, "multad*": 2, "irregularidad*": 1, acoso: 2, "abuso*": 1, "presunt*": 1,
    },
    PEP: {
      "ministr*": 2, "exministr*": 2, "diputad*": 2, "exdiputad*": 2, "senador*": 2, "alcalde*": 2, alcaldesa: 2,
      "gobernador*": 2, presidente: 1, presidenta: 1, "expresident*": 2, "embajador*": 2, "congresista*": 2,
      "concejal*": 1, "parlamentari*": 2, "secretario de estado": 2, "jefe de gobierno": 2, "jefe de estado": 2,
      "funcionario publico": 2, "funcionarios publicos": 2, "politico": 1, "politicos": 1, "eurodiputad*": 2,
    },
    positive: {
      "premio*": 2, "premiad*": 2, "galardon*": 2, "homenaje*": 1, "reconocimiento*": 1, "donacion*": 1, "filantrop*": 2,
      "condecorad*": 2, "condecoracion*": 2, "distincion*": 1, "ganador*": 1, "benefic*": 1,
    },
  },
  exoneration: [
    "absuelt*", "absolucion*", "sobresei*", "exonerad*", "exculpad*", "archiva la causa", "archivo de la causa",
    "archivada la causa", "declarado inocente", "declarada inocente", "retira los cargos", "retiran los cargos",
    "anula la condena", "anulada la condena",
  ],
  opposing: ["anti", "contra", "lucha", "combate", "combatir", "luchar"],
  topicWords: ["prevencion", "experto", "experta", "expertos", "ley", "leyes", "normas", "politica", "fiscalia anticorrupcion"],
  topicParts: [],
  fillers: ["la", "el", "los", "las", "de", "del", "internacional"],
  contrast: ["pero", "sin embargo", "aunque", "mientras", "sino"],
};
