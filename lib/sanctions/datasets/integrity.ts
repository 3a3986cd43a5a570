import { DatasetFormatError, type SanctionsEntity } from "../entity.ts";
import { type DatasetFormat, parseDatasetFiles, type ReadStats, readDatasetFiles, type SourceFile } from "../parsers/index.ts";

/** Files that must not become a version: unreadable, empty, or implausibly smaller than the current version. */
export class IntegrityError extends Error {}

/** A new version with fewer entities than this share of the current one is taken for a broken or partial list. */
export const MIN_ENTITY_SHARE = 0.5;

/** The files' entities one at a time (see readDatasetFiles), a file that cannot be read as its format refused as an IntegrityError. */
export function* readCheckedFiles(format: DatasetFormat, datasetId: string, files: SourceFile[], stats?: ReadStats): Generator<SanctionsEntity> {
  try {
    yield* readDatasetFiles(format, datasetId, files, stats);
  } catch (error) {
    if (error instanceof DatasetFormatError) throw new IntegrityError(`The files cannot be read as ${format}: ${error.message}`);
    throw error;
  }
}

/**
 * Refuses a version of `count` distinct entities that is empty or implausibly smaller than the current version. A
 * streamed import knows its count once every entity is stored: it checks then, before the switch, and a refusal
 * discards the unfinished version (the current one stays).
 */
export function checkEntityCount(count: number, currentEntityCount: number | null): void {
  if (count === 0) throw new IntegrityError("The files contain no entities");
  if (currentEntityCount && count < currentEntityCount * MIN_ENTITY_SHARE) {
    throw new IntegrityError(
      `Implausible list: ${count} entities, fewer than half of the current version's ${currentEntityCount}; the current version is kept`,
    );
  }
}

/** Parses the files at once and checks the result is plausible; returns the entities, each id once (tests, tools). */
export function checkDatasetFiles(format: DatasetFormat, datasetId: string, files: SourceFile[], currentEntityCount: number | null): SanctionsEntity[] {
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
  checkEntityCount(entities.length, currentEntityCount);
  return entities;
}
