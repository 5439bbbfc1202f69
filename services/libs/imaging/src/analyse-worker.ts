/** The analysis thread's entry (see analyse-thread.ts). */
import { analyseWithMatte, warmAnalysis } from './analyse.js';
import type { AnalyseRequest, PhotoAnalysis } from './analyse-thread.js';
import { encodeMatte } from './models.js';
import { asBuffer, serveLane } from './thread-lane.js';

serveLane<AnalyseRequest, PhotoAnalysis | null>(async (request) => {
  if ('warm' in request) {
    await warmAnalysis();
    return null;
  }
  const { result, matte } = await analyseWithMatte(asBuffer(request.photo));
  return { result, matte: matte && (await encodeMatte(matte)) };
});
