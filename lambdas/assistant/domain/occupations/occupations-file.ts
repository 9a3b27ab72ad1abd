import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { OCCUPATION_FAMILIES, OCCUPATIONS_DATA_FILE } from './occupations-data';

/**
 * The occupation vocabulary (bin/build-occupations.ts writes it), read once from the JSON file
 * beside this module in the source tree, or beside the handler's bundle where a route deploys it
 * (`dataFiles` in lib/definitions/rest-routes.ts): data, not code, so the sourcing-terms handler
 * stays within its bundle budget and parses it only when a posting needs it.
 */

export interface OccupationsData {
  /** Per family (in the order of OCCUPATION_FAMILIES): "|"-separated keywords, each "~"-followed by its other forms. */
  readonly familyKeywords: readonly string[];
  /** Every skill word once, "|"-separated; rows name theirs by base-36 position. */
  readonly skills: string;
  /** [family index, "|"-separated search titles, "|"-separated recognising titles, "."-separated skill positions]. */
  readonly rows: readonly (readonly [family: number, titles: string, matchTitles: string, skills: string])[];
}

let data: OccupationsData | null = null;

export function occupationsData(): OccupationsData {
  if (data) return data;
  const file = path.join(__dirname, OCCUPATIONS_DATA_FILE);
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<OccupationsData>;
  // The file bin/build-occupations.ts writes, or a clear failure: never a vocabulary half read.
  if (parsed.familyKeywords?.length !== OCCUPATION_FAMILIES.length || typeof parsed.skills !== 'string' || !Array.isArray(parsed.rows))
    throw new Error(`${file} is not the occupation vocabulary: regenerate it with bin/build-occupations.ts`);
  data = parsed as OccupationsData;
  return data;
}
