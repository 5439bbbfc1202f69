/** The analysis thread's entry (see analyse-thread.ts). */
import { analysePhoto } from './analyse.js';
import type { PhotoAnalysis } from './analyse-thread.js';
import { encodeMatte, personMatte } from './models.js';
import { asBuffer, serveLane } from './thread-lane.js';

serveLane<Uint8Array, PhotoAnalysis>(async (bytes) => {
  const photo = asBuffer(bytes);
  const result = await analysePhoto(photo);
  // No face, no person to cut out.
  const matte = result.faces > 0 ? await encodeMatte(await personMatte(photo, result.face?.box)) : undefined;
  return { result, matte };
});
