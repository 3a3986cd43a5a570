import { describePepReason } from "../pep-phrases.ts";
import type { Phrasebook } from "../phrasebook.ts";

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** The kinds of identifier a search can carry (query by example). */
const IDENTIFIER_WORDS: Record<string, string> = {
  passport: "pasaporte",
  national_id: "documento de identidad",
  tax_id: "número fiscal",
  imo: "número IMO",
  lei: "LEI",
  crypto_wallet: "monedero de criptomonedas",
};

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
    `Se realizó la evaluación de ${name} como ${entity === "person" ? "persona" : "empresa"} frente a ${datasets} ${plural(datasets, "lista", "listas")} de sanciones y PEP${articles === null ? "; no se pudo consultar la prensa adversa." : ` y ${articles} ${plural(articles, "artículo", "artículos")} de prensa.`} El riesgo global se califica como ${level.toUpperCase()}.`,
  sanctionsNone: (datasets) =>
    `No se encontró ninguna coincidencia en ${plural(datasets, "la lista de sanciones consultada", `las ${datasets} listas de sanciones consultadas`)}.`,
  sanctionsFound: (count, datasets) =>
    `El nombre coincidió con ${count} ${plural(count, "registro", "registros")} en ${datasets} ${plural(datasets, "lista", "listas")} de sanciones:`,
  sanctionsMore: (count) => `y ${count} ${plural(count, "coincidencia más", "coincidencias más")}, en la sección de sanciones.`,
  nearMissesWaiting: (count) =>
    `${count} ${plural(count, "coincidencia cercana", "coincidencias cercanas")} (por debajo del umbral de coincidencia, no ${plural(count, "contada", "contadas")} como coincidencia) ${plural(count, "espera", "esperan")} la decisión de un revisor.`,
  sanctionsMatch: (m) =>
    `${[
      `${m.entityName} en ${m.dataset}${m.listVersion ? ` (lista del ${m.listVersion})` : ""}, encontrado como «${m.matchedName}» con una puntuación de ${m.score}`,
      m.programs && `programas: ${m.programs}`,
      m.nationality && `nacionalidad: ${m.nationality}`,
      m.birthDate && `nacido el ${m.birthDate}`,
      m.differences && `diferencias: ${m.differences}`,
    ]
      .filter(Boolean)
      .join("; ")}.`,
  pepFound: (listings) => `Condición de PEP: figura como persona del medio político (PEP) (${listings}).`,
  pepNone: "Condición de PEP: no se encontró ningún registro como persona del medio político.",
  mediaNone: "No se encontraron artículos de prensa.",
  mediaUnchecked: "No se pudo consultar la prensa adversa: ningún proveedor de noticias respondió, por lo que no consta que no la haya.",
  mediaClean: (articles) =>
    articles === 1
      ? "El artículo de prensa revisado no contiene información adversa."
      : `Ninguno de los ${articles} artículos de prensa revisados contiene información adversa.`,
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

  sourceKind: { sanctions: "Listas de sanciones", pep: "Listas PEP", media: "Noticias", classifier: "Clasificador de artículos", summary: "Resumen" },
  internalList: "lista de vigilancia de su organización",
  sourceError: (s, f) => {
    const p = s.errorParams ?? {};
    switch (s.errorCode) {
      case "not_configured":
        return s.kind === "media"
          ? "no hay ningún proveedor de noticias configurado"
          : s.kind === "pep"
            ? "no hay ninguna lista PEP configurada"
            : s.kind === "sanctions"
              ? "no hay ninguna lista de sanciones configurada"
              : "no configurado";
      case "never_downloaded":
        return "nunca descargada: la lista aún no tiene ninguna versión que consultar";
      case "index_failed":
        return "no se pudo crear el índice de la lista";
      case "list_search_failed":
        return "no se pudo consultar la lista";
      case "unreachable":
        return "no se pudo contactar con el servicio";
      case "timeout":
        return `sin respuesta en ${f.number(Number(p.seconds))} s`;
      case "http_error":
        return `el servicio respondió con un error (HTTP ${p.status})`;
      case "rate_limited":
        return "demasiadas solicitudes: el servicio pidió esperar";
      case "bad_answer":
        return "no se pudo leer la respuesta del servicio";
      case "too_large":
        return "la respuesta del servicio era demasiado grande";
      case "cancelled":
        return "la búsqueda se canceló";
      case "model_failed":
        return "el modelo de lenguaje no dio una respuesta utilizable; se usó el análisis integrado";
      default:
        return "no se pudo consultar";
    }
  },
  mismatch: (m, f) =>
    m.kind === "name"
      ? `similitud del nombre ${f.percent(m.score)}${m.listedName ? ` (con el nombre registrado ${es.quote(m.listedName)})` : ""}`
      : m.kind === "birth_date"
        ? `fecha de nacimiento: registrada ${m.listed.map((d) => f.day(d)).join(", ")}, buscada ${f.day(m.searched)}`
        : `nacionalidad: registrada ${f.countries(m.listed)}, buscada ${f.countries([m.searched])}`,
  listNoMatch: ({ entities, version }) => `Sin coincidencia${entities ? ` entre ${entities} registros` : ""}${version ? ` (versión del ${version})` : ""}.`,

  reason: (r, f) => {
    const p = r.params;
    switch (r.code) {
      case "sanctions_match_confirmed": {
        const basis = String(p.basis ?? "score");
        const why =
          basis === "score"
            ? "coincidencia casi exacta del nombre"
            : basis
                .split(", ")
                .map((b) =>
                  b === "identifier"
                    ? `el registro incluye el ${IDENTIFIER_WORDS[String(p.identifierKind)] ?? "identificador"} buscado ${p.identifier}`
                    : b === "birth_date"
                      ? "la fecha de nacimiento coincide"
                      : "la nacionalidad coincide",
                )
                .join(" y ");
        return `Coincidencia fuerte en sanciones: ${p.entityName} en ${p.dataset} (puntuación ${f.percent(Number(p.score))}; ${why}).`;
      }
      case "sanctions_match":
        return p.entityName
          ? `Coincidencia en sanciones: ${p.entityName} en ${p.dataset} (puntuación ${f.percent(Number(p.score))}).`
          : `Coincidencia en sanciones en ${p.dataset}${p.details ? `: ${p.details}` : ""}.`;
      case "sanctions_possible_match":
        if (p.birthDateDiffers)
          return `El nombre coincide, la fecha de nacimiento no: ${p.entityName} en ${p.dataset} (nombre ${f.percent(Number(p.nameScore ?? p.score))}; nacimiento registrado ${String(
            p.birthDate ?? "",
          )
            .split(", ")
            .map((d) => f.day(d))
            .join(", ")}, buscado ${f.day(String(p.searchedBirthDate))}), se mantiene por debajo del umbral.`;
        return `Posible coincidencia por debajo del umbral: ${p.entityName} en ${p.dataset} (puntuación ${f.percent(Number(p.score))}).`;
      case "pep": {
        const pep = describePepReason("es", p);
        return `Registrado como persona del medio político (PEP): ${p.name ?? p.title} (${p.dataset ?? p.source})${pep ? `: ${pep}` : ""}.`;
      }
      case "negative_media":
        return `${p.count} ${plural(Number(p.count), "artículo adverso", "artículos adversos")} en prensa: ${f.category(String(p.categories))}.`;
      case "source_failed":
        return f.failedSources
          ? `No se pudo consultar: ${f.failedSources}.`
          : `${p.count ?? 1} ${plural(Number(p.count ?? 1), "fuente no pudo", "fuentes no pudieron")} consultarse.`;
      case "no_findings":
        return "Sin hallazgos: ninguna coincidencia en sanciones, ningún registro PEP y ninguna noticia adversa.";
    }
  },
};
