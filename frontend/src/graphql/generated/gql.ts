/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "fragment GenerationFields on Generation {\n  id\n  status\n  progress\n  position\n  etaSeconds\n  failureReason\n  trendSlug\n  prompt\n  caption\n  engine\n  imageUrl\n  thumbnailUrl\n  previewUrl\n  createdAt\n}\n\nmutation Generate($input: GenerateInput!, $idempotencyKey: String) {\n  generate(input: $input, idempotencyKey: $idempotencyKey) {\n    ...GenerationFields\n  }\n}\n\nsubscription GenerationUpdated($id: ID!) {\n  generationUpdated(id: $id) {\n    ...GenerationFields\n  }\n}\n\nquery Generation($id: ID!) {\n  generation(id: $id) {\n    ...GenerationFields\n  }\n}": typeof types.GenerationFieldsFragmentDoc,
    "fragment PhotoFields on Photo {\n  id\n  url\n  status\n  traits\n  faces\n  note\n  failureReason\n  createdAt\n}\n\nsubscription PhotoUpdated($id: ID!) {\n  photoUpdated(id: $id) {\n    ...PhotoFields\n  }\n}": typeof types.PhotoFieldsFragmentDoc,
};
const documents: Documents = {
    "fragment GenerationFields on Generation {\n  id\n  status\n  progress\n  position\n  etaSeconds\n  failureReason\n  trendSlug\n  prompt\n  caption\n  engine\n  imageUrl\n  thumbnailUrl\n  previewUrl\n  createdAt\n}\n\nmutation Generate($input: GenerateInput!, $idempotencyKey: String) {\n  generate(input: $input, idempotencyKey: $idempotencyKey) {\n    ...GenerationFields\n  }\n}\n\nsubscription GenerationUpdated($id: ID!) {\n  generationUpdated(id: $id) {\n    ...GenerationFields\n  }\n}\n\nquery Generation($id: ID!) {\n  generation(id: $id) {\n    ...GenerationFields\n  }\n}": types.GenerationFieldsFragmentDoc,
    "fragment PhotoFields on Photo {\n  id\n  url\n  status\n  traits\n  faces\n  note\n  failureReason\n  createdAt\n}\n\nsubscription PhotoUpdated($id: ID!) {\n  photoUpdated(id: $id) {\n    ...PhotoFields\n  }\n}": types.PhotoFieldsFragmentDoc,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment GenerationFields on Generation {\n  id\n  status\n  progress\n  position\n  etaSeconds\n  failureReason\n  trendSlug\n  prompt\n  caption\n  engine\n  imageUrl\n  thumbnailUrl\n  previewUrl\n  createdAt\n}\n\nmutation Generate($input: GenerateInput!, $idempotencyKey: String) {\n  generate(input: $input, idempotencyKey: $idempotencyKey) {\n    ...GenerationFields\n  }\n}\n\nsubscription GenerationUpdated($id: ID!) {\n  generationUpdated(id: $id) {\n    ...GenerationFields\n  }\n}\n\nquery Generation($id: ID!) {\n  generation(id: $id) {\n    ...GenerationFields\n  }\n}"): (typeof documents)["fragment GenerationFields on Generation {\n  id\n  status\n  progress\n  position\n  etaSeconds\n  failureReason\n  trendSlug\n  prompt\n  caption\n  engine\n  imageUrl\n  thumbnailUrl\n  previewUrl\n  createdAt\n}\n\nmutation Generate($input: GenerateInput!, $idempotencyKey: String) {\n  generate(input: $input, idempotencyKey: $idempotencyKey) {\n    ...GenerationFields\n  }\n}\n\nsubscription GenerationUpdated($id: ID!) {\n  generationUpdated(id: $id) {\n    ...GenerationFields\n  }\n}\n\nquery Generation($id: ID!) {\n  generation(id: $id) {\n    ...GenerationFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment PhotoFields on Photo {\n  id\n  url\n  status\n  traits\n  faces\n  note\n  failureReason\n  createdAt\n}\n\nsubscription PhotoUpdated($id: ID!) {\n  photoUpdated(id: $id) {\n    ...PhotoFields\n  }\n}"): (typeof documents)["fragment PhotoFields on Photo {\n  id\n  url\n  status\n  traits\n  faces\n  note\n  failureReason\n  createdAt\n}\n\nsubscription PhotoUpdated($id: ID!) {\n  photoUpdated(id: $id) {\n    ...PhotoFields\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;