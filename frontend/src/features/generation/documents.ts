import { gql, type TypedDocumentNode } from '@apollo/client';

import type { GenerationView, VariationType } from '@trendforge/contracts';

export type Generation = GenerationView;
export type GenerationStatus = GenerationView['status'];

export interface GenerateInput {
  trendSlug: string;
  /** What the member typed; the wizard sends only `prompt` (spec part 2 section 7). */
  userPrompt?: string;
  prompt?: string;
  /** A photo the member uploaded (POST /api/photos) to put them into the image. */
  photoId?: string;
  /** Comma-separated person traits (spec part 2 section 3). */
  personalization?: string;
  /** The creator page's chosen vibe. */
  vibe?: string;
  /** The creator page's person traits (comma-separated, like personalization). */
  userTraits?: string;
  /** The creator page's style option flags that are on (their keys). */
  styleOptions?: string[];
  /** The wizard's style variation. */
  variation?: VariationType;
}

const GENERATION_FIELDS = gql`
  fragment GenerationFields on Generation {
    id
    status
    progress
    position
    etaSeconds
    failureReason
    trendSlug
    prompt
    caption
    engine
    imageUrl
    thumbnailUrl
    createdAt
  }
`;

export const GENERATE: TypedDocumentNode<{ generate: Generation }, { input: GenerateInput; idempotencyKey?: string }> = gql`
  mutation Generate($input: GenerateInput!, $idempotencyKey: String) {
    generate(input: $input, idempotencyKey: $idempotencyKey) {
      ...GenerationFields
    }
  }
  ${GENERATION_FIELDS}
`;

export const GENERATION_UPDATED: TypedDocumentNode<{ generationUpdated: Generation }, { id: string }> = gql`
  subscription GenerationUpdated($id: ID!) {
    generationUpdated(id: $id) {
      ...GenerationFields
    }
  }
  ${GENERATION_FIELDS}
`;

export const GENERATION: TypedDocumentNode<{ generation: Generation | null }, { id: string }> = gql`
  query Generation($id: ID!) {
    generation(id: $id) {
      ...GenerationFields
    }
  }
  ${GENERATION_FIELDS}
`;
