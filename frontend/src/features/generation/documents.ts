// The generation operations live in generation.graphql; their types are generated from the
// committed SDL (npm run codegen -w @trendforge/frontend). These names are what the SPA imports.
import type { GenerationView } from '@trendforge/contracts';
import {
  GenerateDocument,
  GenerationDocument,
  GenerationUpdatedDocument,
  type GenerateInput as SchemaGenerateInput,
  type GenerationFieldsFragment,
} from '@/graphql/generated/graphql';

export type Generation = GenerationFieldsFragment;
/** The schema types `status` as a String; these are the values the generation service sends. */
export type GenerationStatus = GenerationView['status'];
export type GenerateInput = SchemaGenerateInput;

export const GENERATE = GenerateDocument;
export const GENERATION_UPDATED = GenerationUpdatedDocument;
export const GENERATION = GenerationDocument;
