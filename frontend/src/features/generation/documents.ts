import { gql, type TypedDocumentNode } from '@apollo/client';

export type GenerationStatus = 'queued' | 'active' | 'completed' | 'failed';

export interface Generation {
  id: string;
  status: GenerationStatus;
  progress: number;
  position: number | null;
  failureReason: string | null;
  trendSlug: string;
  prompt: string;
  caption: string | null;
  engine: string | null;
  imageUrl: string | null;
  thumbnailUrl: string | null;
  createdAt: string;
}

export interface GenerateInput {
  trendSlug: string;
  userPrompt: string;
  prompt?: string;
}

const GENERATION_FIELDS = gql`
  fragment GenerationFields on Generation {
    id
    status
    progress
    position
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

export const GENERATE: TypedDocumentNode<{ generate: Generation }, { input: GenerateInput }> = gql`
  mutation Generate($input: GenerateInput!) {
    generate(input: $input) {
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
