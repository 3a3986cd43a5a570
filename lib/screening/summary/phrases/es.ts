import type { Phrasebook } from "../phrasebook.ts";

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export const es: Phrasebook = {
  englishName: "Spanish",
  level: { critical: "crítico", high: "alto", medium: "medio", low: "bajo" },
  category: {
    negative: "noticias negativas",
    PEP: "PEP",
    positive: "noticias positivas",
    criminal: "delitos",
    sanctions: "sanciones",
    corruption: "corrupción",
    others: "otros",
  },
  entityType: { person: "Persona", company: "Empresa" },

  quote: (text) => `«${text}»`,

  intro: ({ name, entity, datasets, articles, level }) =>
    `Se realizó la evaluación de ${name} como ${entity === "person" ? "persona" : "empresa"} frente a ${datasets} ${plural(datasets, "lista", "listas")} de sanciones y PEP y ${articles} ${plural(articles, "artículo", "artículos")} de prensa. El riesgo global se califica como ${level.toUpperCase()}.`,
  sanctionsNone: (datasets) => `No se encontró ninguna coincidencia en ${plural(datasets, "la lista de sanciones consultada", `las ${datasets} listas de sanciones consultadas`)}.`,
  sanctionsFound: (count, datasets) =>
    `El nombre coincidió con ${count} ${plural(count, "registro", "registros")} en ${datasets} ${plural(datasets, "lista", "listas")} de sanciones:`,
  sanctionsMatch: (m) =>
    [
      `${m.entityName} en ${m.dataset}${m.listVersion ? ` (lista del ${m.listVersion})` : ""}, encontrado como «${m.matchedName}» con una puntuación de ${m.score}`,
      m.programs && `programas: ${m.programs}`,
      m.nationality && `nacionalidad: ${m.nationality}`,
      m.birthDate && `nacido el ${m.birthDate}`,
      m.differences && `diferencias: ${m.differences}`,
    ]
      .filter(Boolean)
      .join("; ") + ".",
  pepFound: (listings) => `Condición de PEP: figura como persona del medio político (PEP) (${listings}).`,
  pepNone: "Condición de PEP: no se encontró ningún registro como persona del medio político.",
  mediaNone: "No se encontraron artículos de prensa.",
  mediaClean: (articles) =>
    articles === 1 ? "El artículo de prensa revisado no contiene información adversa." : `Ninguno de los ${articles} artículos de prensa revisados contiene información adversa.`,
  mediaNegative: ({ negative, articles, categories }) =>
    `${negative} de los ${articles} artículos de prensa revisados ${plural(negative, "contiene", "contienen")} información adversa (${categories}).`,
  mediaExamples: (titles) => `Entre ellos: ${titles}.`,
  failed: (sources) =>
    `No se pudieron consultar las siguientes fuentes: ${sources}. Por tanto, el resultado es incompleto y no debe interpretarse como un perfil limpio.`,
  recommendation: {
    critical:
      "Recomendación: no continuar. Escalar de inmediato al responsable de cumplimiento, retener cualquier operación pendiente y verificar la identidad frente al registro de la lista; una coincidencia confirmada puede tener que comunicarse a las autoridades.",
    high: "Recomendación: no continuar hasta resolver la coincidencia. Comparar la fecha de nacimiento, la nacionalidad y otros identificadores con el registro para confirmarla o descartarla, y escalar a cumplimiento.",
    medium:
      "Recomendación: aplicar la diligencia debida reforzada. Revisar la condición de PEP y las noticias adversas, acreditar el origen de los fondos y del patrimonio y obtener la aprobación de la alta dirección antes de continuar.",
    standard: "Recomendación: basta la diligencia debida estándar; mantener el seguimiento periódico.",
    retry: "Recomendación: repetir la evaluación cuando todas las fuentes estén disponibles; hasta entonces el perfil no puede considerarse limpio.",
    incomplete: "Conviene repetir la evaluación cuando todas las fuentes estén disponibles antes de confiar en este resultado.",
  },

  reason: (r, f) => {
    const p = r.params;
    switch (r.code) {
      case "sanctions_match_confirmed": {
        const basis = String(p.basis ?? "score");
        const why = basis === "score" ? "coincidencia casi exacta del nombre" : basis.split(", ").map((b) => (b === "birth_date" ? "la fecha de nacimiento coincide" : "la nacionalidad coincide")).join(" y ");
        return `Coincidencia fuerte en sanciones: ${p.entityName} en ${p.dataset} (puntuación ${f.percent(Number(p.score))}; ${why}).`;
      }
      case "sanctions_match":
        return p.entityName
          ? `Coincidencia en sanciones: ${p.entityName} en ${p.dataset} (puntuación ${f.percent(Number(p.score))}).`
          : `Coincidencia en sanciones en ${p.dataset}${p.details ? `: ${p.details}` : ""}.`;
      case "sanctions_possible_match":
        return `Posible coincidencia por debajo del umbral: ${p.entityName} en ${p.dataset} (puntuación ${f.percent(Number(p.score))}).`;
      case "pep":
        return `Persona del medio político (PEP): ${p.title} (${p.source}).`;
      case "negative_media":
        return `${p.count} ${plural(Number(p.count), "artículo adverso", "artículos adversos")} en prensa: ${f.category(String(p.categories))}.`;
      case "source_failed":
        return `Fuente no consultada: ${p.source}${p.error ? ` (${p.error})` : ""}.`;
      case "no_findings":
        return "Sin hallazgos: ninguna coincidencia en sanciones, ningún registro PEP y ninguna noticia adversa.";
    }
  },
};
