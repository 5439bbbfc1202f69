/**
 * @trendforge/imaging — the studio engine (offline trend renderer) and image utilities. Importing
 * this entry loads the engine; request-serving processes use the light subpaths instead:
 * `@trendforge/imaging/upload` (avatar checks, sharp only) and `@trendforge/imaging/engine-version`.
 */
export { renderTrend, makeThumbnail, readImageInfo, scaleToLongSide, fitToFrame, previewJpeg, asPreviewJpeg, FRAMES, EXPORT_LONG_SIDE, type RenderedTrend, type RenderDelivery } from './engine.js';
export { detectFaces, mainFace, faceDescriptor, faceIdentities, descriptorDistance, type DetectedFace, type FacePoint, type FaceIdentity } from './faces.js';
export { captionFor, type CaptionStyle } from './caption.js';
export { supportedTrendSlugs } from './trends/index.js';
export { BACKGROUNDS, type BackgroundKind } from './backgrounds.js';
export type { RenderRequest, RenderResult, FaceBox, Aspect } from './types.js';
export { analysePhoto, analyseWithMatte, type Analysis } from './analyse.js';
export { personMatte, encodeMatte, decodeMatte, faceMesh, type PersonMatte, type FaceMesh } from './models.js';
export { analyseInWorker, warmAnalyseWorker, stopAnalyseWorker, type PhotoAnalysis } from './analyse-thread.js';
export { RenderThread, RenderThreads, type RenderOptions, type WorkerRenderRequest } from './worker.js';
export { squareJpeg } from './preview.js';
export { planScene, type ScenePlan, type PlannedThing, type Placement, type ThingKind } from './plan/plan.js';
export { VOCABULARY, type VocabEntry } from './plan/vocabulary.js';
export { iconSvg, hasEmojiIcon } from './plan/icons.js';
export { prepareAvatar, AvatarLimits, UploadMessages, UploadRejectedError, type PreparedAvatar, type UploadRefusal } from './upload.js';
