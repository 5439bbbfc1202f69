export {
  createTestDatabase,
  sweepStaleTestDatabases,
  testDatabaseAdminUrl,
  DEFAULT_TEST_DATABASE_ADMIN_URL,
  STALE_TEST_DATABASE_AGE_MS,
  type TestDatabase,
} from './database.js';
export { createServiceTestDatabase, type ServiceTestDatabase } from './service-database.js';
export { testRedisUrl, uniqueNamespace, flushNamespace, DEFAULT_TEST_REDIS_URL } from './redis.js';
export { freePort } from './ports.js';
export { eventually } from './eventually.js';
export { testNatsUrl, deleteNatsNamespace, untilEventsHandled, DEFAULT_TEST_NATS_URL } from './nats.js';
export { createPng, createPngBomb, readPngSize, type PngOptions, type Rgb } from './png.js';
export {
  startFakeOpenAI,
  FAKE_OPENAI_FLAG,
  type FakeOpenAI,
  type FakeOpenAIFailure,
  type FakeOpenAIOptions,
  type FailNextOptions,
  type RecordedRequest,
  type RecordedFile,
  type ChatCompletionRequestBody,
} from './fake-openai.js';
export { startFakeGemini, type FakeGemini, type FakeGeminiFailure, type FakeGeminiOptions, type FakeGeminiRequest, type GenerateContentBody } from './fake-gemini.js';
export {
  createTestEnvironment, startServiceUnderTest, startServiceSuite, createTestBus, failureOf, getJson,
  type TestEnvironment, type ServiceUnderTest, type ServiceSuite,
} from './service.js';
export { modulesLoadedBy } from './imports.js';
export { startFakeStripe, stripeSignature, type FakeStripe, type FakeStripeOptions, type StripeEvent, type WebhookDelivery } from './fake-stripe.js';
export { chooseTestInfra, dockerEndpoint, dockerEngineAnswers, startTestContainers, testS3, type StartedTestInfra, type TestInfraEnv, type TestInfraKind } from './containers.js';
export { PostgresFront } from './postgres-front.js';
