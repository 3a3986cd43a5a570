import { type DatasetFile, DatasetFormatError, type SanctionsEntity } from "../entity.ts";
import { type DatasetFormat, parseDatasetFiles } from "../parsers/index.ts";

/** Files that must not become a version: unreadable, empty, or implausibly smaller than the current version. */
export class IntegrityError extends Error {}

/** A new version with fewer entities than this share of the current one is taken for a broken or partial list. */
export const MIN_ENTITY_SHARE = 0.5;

/** Parses the files and checks the result is plausible; returns the entities, each id once. */
export function checkDatasetFiles(format: DatasetFormat, datasetId: string, files: DatasetFile[], currentEntityCount: number | null): SanctionsEntity[] {
  let parsed: SanctionsEntity[];
  try {
    parsed = parseDatasetFiles(format, datasetId, files);
  } catch (error) {
    if (error instanceof DatasetFormatError) throw new IntegrityError(`The files cannot be read as ${format}: ${error.message}`);
    throw error;
  }
  const byId = new Map<string, SanctionsEntity>();
  for (const entity of parsed) if (!byId.has(entity.id)) byId.set(entity.id, entity);
  const entities = [...byId.values()];
  if (entities.length === 0) throw new IntegrityError("The files contain no entities");
  if (currentEntityCount && entities.length < currentEntityCount * MIN_ENTITY_SHARE) {
    throw new IntegrityError(
      `Implausible list: ${entities.length} entities, fewer than half of the current version's ${currentEntityCount}; the current version is kept`,
    );
  }
  return entities;
}
